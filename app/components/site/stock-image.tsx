import { useBrokenImage } from "~/components/ui/use-broken-image";
import { cn } from "~/lib/cn";
import { formLogoUrl, stockImagePreviewUrl, type PublicStockImage } from "~/lib/stock-images";

/** A phone sending a signal, in the brand's colours: shown where no image has been chosen yet. */
export function ImagePlaceholder({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      className={cn(
        "flex items-center justify-center overflow-hidden bg-linear-to-br from-brand-50 via-brand-100 to-brand-200",
        className,
      )}
    >
      <svg viewBox="0 0 400 300" className="h-full max-h-full w-full" preserveAspectRatio="xMidYMid meet" aria-hidden>
        <circle cx="330" cy="60" r="90" className="fill-brand-200/60" />
        <circle cx="60" cy="260" r="70" className="fill-white/50" />
        {/* Signal waves */}
        <g fill="none" strokeLinecap="round" strokeWidth="9" className="stroke-accent-400">
          <path d="M262 92a36 36 0 0 1 0 52" />
          <path d="M284 72a64 64 0 0 1 0 92" className="opacity-80" />
          <path d="M306 52a92 92 0 0 1 0 132" className="opacity-60" />
        </g>
        {/* Handset */}
        <rect x="150" y="48" width="96" height="190" rx="18" className="fill-brand-700" />
        <rect x="160" y="66" width="76" height="146" rx="8" className="fill-white" />
        <rect x="182" y="55" width="32" height="4" rx="2" className="fill-brand-400" />
        <circle cx="198" cy="225" r="6" className="fill-brand-400" />
        {/* Signal bars on the screen */}
        <g className="fill-brand-500">
          <rect x="174" y="150" width="10" height="20" rx="2" />
          <rect x="190" y="138" width="10" height="32" rx="2" />
          <rect x="206" y="124" width="10" height="46" rx="2" className="fill-brand-600" />
        </g>
        <rect x="174" y="84" width="48" height="8" rx="4" className="fill-brand-100" />
        <rect x="174" y="100" width="34" height="8" rx="4" className="fill-brand-100" />
        <rect x="174" y="186" width="48" height="12" rx="6" className="fill-accent-400" />
      </svg>
    </div>
  );
}

/**
 * A stock image chosen by staff for a place on the site, or the placeholder
 * when there is none (or, with JavaScript, when its preview fails to load).
 */
export function StockImage({
  image,
  alt,
  className,
  placeholderLabel,
}: {
  image: PublicStockImage | null;
  alt: string;
  className?: string;
  placeholderLabel?: string;
}) {
  const [broken, ref, markBroken] = useBrokenImage(image?.id ?? null);
  if (!image || broken) {
    return <ImagePlaceholder label={placeholderLabel ?? "Image coming soon"} className={className} />;
  }
  return (
    <img
      ref={ref}
      src={stockImagePreviewUrl(image)}
      alt={image.description || alt}
      loading="lazy"
      decoding="async"
      onError={markBroken}
      className={cn("object-cover", className)}
    />
  );
}

/** A logo shown beside the quote form (locations formlogo1 to formlogo4); nothing when none is set. */
export function FormLogo({ image, alt, className }: { image: PublicStockImage | null; alt: string; className?: string }) {
  const [broken, ref, markBroken] = useBrokenImage(image?.id ?? null);
  if (!image || broken) return null;
  return (
    <img
      ref={ref}
      src={formLogoUrl(image)}
      alt={image.description || alt}
      loading="lazy"
      decoding="async"
      onError={markBroken}
      className={cn("h-10 w-auto object-contain", className)}
    />
  );
}
