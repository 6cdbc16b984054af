import { cn } from "~/lib/cn";

/** The spec's headline numbers (SPEC section 1 and 9), shown wherever the site makes its case. */
const STATS = [
  { value: "100,000+", label: "businesses we've compared deals for" },
  { value: "100%", label: "independent advice" },
  { value: "1 minute", label: "to tell us what you need" },
  { value: "24 hours", label: "to your quote from an expert" },
] as const;

export function TrustStats({ inverted = false, className }: { inverted?: boolean; className?: string }) {
  return (
    <dl className={cn("grid grid-cols-2 gap-x-6 gap-y-8", className)}>
      {STATS.map((stat) => (
        <div key={stat.value} className="flex flex-col-reverse justify-end gap-1">
          <dt className={cn("text-sm leading-6", inverted ? "text-brand-100" : "text-slate-600")}>{stat.label}</dt>
          <dd className={cn("text-2xl font-bold tracking-tight whitespace-nowrap sm:text-3xl", inverted ? "text-white" : "text-brand-700")}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
