import type { IconComponent } from "./icons";
import type { ReactNode } from "react";

/** One figure on a summary card: a label, an icon and the value. */
export function StatCard({ label, value, icon: Icon, testId }: { label: string; value: ReactNode; icon: IconComponent; testId: string }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" data-testid={testId}>
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <Icon className="size-5 shrink-0 text-brand-600" aria-hidden />
      </div>
      <p className="mt-2 text-3xl font-bold text-slate-900">{value}</p>
    </div>
  );
}
