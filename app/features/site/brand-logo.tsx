import { Link } from "@remix-run/react";
import { cn } from "~/lib/cn";

/** The brand's mark and `name`, leading home. */
export function BrandLogo({ name, inverted = false }: { name: string; inverted?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md" aria-label={`${name} home`}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="8" className={inverted ? "fill-white" : "fill-brand-600"} />
        <path
          d="M11 8h10a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H11a2 2 0 0 1-2-2V10a2 2 0 0 1 2-2Zm2 13h6"
          className={cn("fill-none stroke-2", inverted ? "stroke-brand-700" : "stroke-white")}
          strokeLinecap="round"
        />
      </svg>
      <span className={cn("text-lg font-bold tracking-tight", inverted ? "text-white" : "text-slate-900")}>{name}</span>
    </Link>
  );
}
