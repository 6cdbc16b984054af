import { ShieldCheck } from "~/ui/icons";
import type { ReactNode } from "react";
import { useBrand } from "~/platform/brand";

/** The frame of the sign-in screens. */
export function SignInCard({ title, children }: { title: string; children: ReactNode }) {
  const brand = useBrand();
  return (
    <div className="grid w-full max-w-md gap-6 rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-200">
      <div className="grid justify-items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <ShieldCheck className="size-6" aria-hidden />
        </span>
        <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{brand.name}</p>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      </div>
      {children}
    </div>
  );
}
