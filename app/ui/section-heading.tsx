import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** A section's eyebrow, h2 and lead paragraph. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  align = "center",
  inverted = false,
  className,
}: {
  /** The h2's id, for the section's aria-labelledby. */
  id: string;
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  align?: "center" | "left";
  /** On a dark band. */
  inverted?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow ? <p className={cn("text-sm font-semibold tracking-wider uppercase", inverted ? "text-accent-400" : "text-brand-700")}>{eyebrow}</p> : null}
      <h2 id={id} className={cn("text-3xl font-bold tracking-tight text-balance sm:text-4xl", eyebrow && "mt-2", inverted ? "text-white" : "text-slate-900")}>
        {title}
      </h2>
      {description ? (
        <p className={cn("mt-4 text-base leading-7 sm:text-lg sm:leading-8", inverted ? "text-brand-100" : "text-slate-600")}>{description}</p>
      ) : null}
    </div>
  );
}
