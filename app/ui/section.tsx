import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

type Tone = "white" | "muted" | "dark";

const tones: Record<Tone, string> = {
  white: "bg-white",
  muted: "bg-slate-50",
  dark: "bg-brand-950 text-white [&_a:focus-visible]:outline-white [&_button:focus-visible]:outline-white",
};

/** A full-width page band with the site's container and vertical rhythm. */
export function Section({
  id,
  labelledBy,
  tone = "white",
  className,
  children,
}: {
  id?: string;
  /** The id of the section's heading, so the section is a named region. */
  labelledBy?: string;
  tone?: Tone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={cn(tones[tone], "py-16 sm:py-20 lg:py-24", className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}
