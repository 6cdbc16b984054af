import { cn } from "~/lib/cn";

/** A round picture, or initials when there is none. */
export function Avatar({ imageUrl, initials, label, className }: { imageUrl: string | null; initials: string; label: string; className?: string }) {
  const box = cn(
    "inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-sm font-semibold text-brand-800",
    className,
  );
  if (imageUrl) return <img src={imageUrl} alt={label} className={cn(box, "object-cover")} referrerPolicy="no-referrer" />;
  return (
    <span className={box} role="img" aria-label={label}>
      {initials}
    </span>
  );
}
