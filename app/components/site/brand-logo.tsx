import { Link } from "@remix-run/react";
import { useBrand } from "~/lib/brand";
import { cn } from "~/lib/cn";

export function BrandLogo({ inverted = false }: { inverted?: boolean }) {
  const brand = useBrand();
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md" aria-label={`${brand.name} home`}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="8" className={inverted ? "fill-white" : "fill-brand-600"} />
        <path
          d="M11 8h10a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H11a2 2 0 0 1-2-2V10a2 2 0 0 1 2-2Zm2 13h6"
          className={cn("fill-none stroke-2", inverted ? "stroke-brand-700" : "stroke-white")}
          strokeLinecap="round"
        />
      </svg>
      <span className={cn("text-lg font-bold tracking-tight", inverted ? "text-white" : "text-slate-900")}>{brand.name}</span>
    </Link>
  );
}
