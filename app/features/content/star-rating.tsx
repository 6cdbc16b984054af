import { Star } from "~/ui/icons";
import { cn } from "~/lib/cn";
import { MAX_RATING } from "~/lib/form-fields";

/** Whole stars from 1 to 5, whatever the stored value. */
function clampRating(rating: number): number {
  if (!Number.isFinite(rating)) return MAX_RATING;
  return Math.min(MAX_RATING, Math.max(1, Math.round(rating)));
}

/** Filled and empty stars, read out as "Rated N out of 5". */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const stars = clampRating(rating);
  return (
    <p className={cn("flex items-center gap-0.5", className)} data-rating={stars}>
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <Star key={index} aria-hidden className={cn("size-5", index < stars ? "fill-accent-400 text-accent-500" : "fill-slate-100 text-slate-400")} />
      ))}
      <span className="sr-only">
        Rated {stars} out of {MAX_RATING}
      </span>
    </p>
  );
}
