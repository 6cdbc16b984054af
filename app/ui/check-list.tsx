import { CircleCheck } from "./icons";
import { cn } from "~/lib/cn";

/** A short list of claims, each with a tick. */
export function CheckList({ items, inverted = false, className }: { items: readonly string[]; inverted?: boolean; className?: string }) {
  return (
    <ul className={cn("grid gap-3", className)}>
      {items.map((item) => (
        <li key={item} className={cn("flex gap-3 leading-6", inverted ? "text-brand-50" : "text-slate-700")}>
          <CircleCheck className={cn("mt-0.5 size-5 shrink-0", inverted ? "text-accent-400" : "text-brand-600")} aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
