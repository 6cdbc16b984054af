import type { ReactNode } from "react";
import { CheckList } from "~/ui/check-list";

/** The dark opening band of a marketing page: h1, lead, claims, calls to action and a visual. */
export function Hero({
  eyebrow,
  title,
  description,
  highlights,
  actions,
  footnote,
  aside,
}: {
  eyebrow?: string;
  title: ReactNode;
  description: ReactNode;
  highlights?: readonly string[];
  actions: ReactNode;
  /** A short reassurance under the calls to action. */
  footnote?: ReactNode;
  /** The right-hand column on wide screens: an image or a summary card. */
  aside?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="page-title"
      className="relative isolate overflow-hidden bg-brand-950 text-white [&_a:focus-visible]:outline-white [&_button:focus-visible]:outline-white"
    >
      <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-700),transparent_60%)] opacity-70" />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:gap-16 lg:px-8 lg:py-24">
        <div>
          {eyebrow ? <p className="text-sm font-semibold tracking-wider text-accent-400 uppercase">{eyebrow}</p> : null}
          <h1 id="page-title" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-[3.25rem] lg:leading-[1.1]">
            {title}
          </h1>
          <p className="mt-6 max-w-xl text-base leading-7 text-brand-100 sm:text-lg sm:leading-8">{description}</p>
          {highlights ? <CheckList items={highlights} inverted className="mt-8 sm:grid-cols-2 sm:gap-x-6" /> : null}
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">{actions}</div>
          {footnote ? <p className="mt-4 text-sm text-brand-100">{footnote}</p> : null}
        </div>
        {aside ? <div>{aside}</div> : null}
      </div>
    </section>
  );
}
