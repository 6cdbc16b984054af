import { cn } from "~/lib/cn";

const sizes = { md: "size-10", lg: "size-12" } as const;

/** A round picture, or initials when there is none. */
export function Avatar({ imageUrl, initials, label, size = "md" }: { imageUrl: string | null; initials: string; label: string; size?: keyof typeof sizes }) {
  const box = cn(
    "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-sm font-semibold text-brand-800",
    sizes[size],
  );
  if (imageUrl) return <img src={imageUrl} alt={label} className={cn(box, "object-cover")} referrerPolicy="no-referrer" />;
  return (
    <span className={box} role="img" aria-label={label}>
      {initials}
    </span>
  );
}
