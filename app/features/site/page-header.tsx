import type { ReactNode } from "react";

/** The compact opening band of an inner page: eyebrow, h1 and intro. */
export function PageHeader({ eyebrow, title, description }: { eyebrow?: string; title: ReactNode; description?: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="relative isolate overflow-hidden bg-brand-950 text-white">
      <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-700),transparent_60%)] opacity-70" />
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-16 lg:px-8 lg:py-20">
        <div className="max-w-3xl">
          {eyebrow ? <p className="text-sm font-semibold tracking-wider text-accent-400 uppercase">{eyebrow}</p> : null}
          <h1 id="page-title" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {title}
          </h1>
          {description ? <p className="mt-6 text-base leading-7 text-brand-100 sm:text-lg sm:leading-8">{description}</p> : null}
        </div>
      </div>
    </section>
  );
}
