import type { ReactNode } from "react";

/** A titled group of label / value pairs in a details dialog. */
export function Facts({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1.5 text-sm">{children}</dl>
    </section>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children || <span className="text-slate-500">Not given</span>}</dd>
    </>
  );
}

/** A long text a visitor wrote, as they wrote it (line breaks kept). */
export function WrittenText({ title, children }: { title: string; children: string }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
      <p className="rounded-md bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-800">{children}</p>
    </section>
  );
}
