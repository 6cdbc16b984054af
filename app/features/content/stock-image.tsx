import type { RefObject } from "react";
import { useBrokenImage } from "~/ui/use-broken-image";
import { cn } from "~/lib/cn";
import { hasVariants, variantSrcSet } from "~/platform/image-variants";
import { formLogoUrl, stockImagePreviewUrl, type PublicStockImage } from "./stock-images";

/** A phone sending a signal, in the brand's colours: shown where no image has been chosen yet. */
export function ImagePlaceholder({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      className={cn("flex items-center justify-center overflow-hidden bg-linear-to-br from-brand-50 via-brand-100 to-brand-200", className)}
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
 * Where an image sits, for `sizes`: the browser picks the smallest variant
 * that fills it. Most stock images take one column of a two-column section
 * (`max-w-7xl`, padded) on wide screens and the full width on phones.
 */
export const HALF_COLUMN_SIZES = "(min-width: 1280px) 576px, (min-width: 1024px) calc(50vw - 64px), calc(100vw - 32px)";
/** The resource cards: three across on wide screens, two on tablets. */
export const THIRD_COLUMN_SIZES = "(min-width: 1280px) 384px, (min-width: 1024px) calc(33vw - 40px), (min-width: 768px) calc(50vw - 48px), calc(100vw - 32px)";

/**
 * Until an image's size has been read (images stored before sizes were
 * recorded), this stands in for width and height: the CSS box gives every
 * stock image its shape (aspect and width), so nothing moves when it loads.
 */
const UNSIZED_PHOTO = { width: 1200, height: 900 };
/** The same for a logo, whose height is fixed by CSS and width follows the picture. */
const UNSIZED_LOGO = { width: 120, height: 40 };
/** Logos are shown 40 CSS pixels high (`h-10`). */
const LOGO_HEIGHT = 40;

/** A browser hint React 18 only passes through in lowercase. */
function fetchPriority(priority: boolean) {
  return priority ? ({ fetchpriority: "high" } as Record<string, string>) : {};
}

/**
 * An uploaded image at its size: resized AVIF and WebP variants with
 * `srcset` where it has them, its own file otherwise. The page's main image
 * (`priority`) loads at once and first; the others wait until they are near
 * the screen.
 */
function UploadedImage({
  image,
  alt,
  src,
  unsized,
  sizes,
  priority = false,
  className,
  imageRef,
  onError,
}: {
  image: PublicStockImage;
  alt: string;
  /** The file to show when the image has no variants. */
  src: string;
  unsized: { width: number; height: number };
  sizes: string;
  priority?: boolean;
  className?: string;
  imageRef: RefObject<HTMLImageElement>;
  onError: () => void;
}) {
  const loading = { loading: priority ? ("eager" as const) : ("lazy" as const), decoding: "async" as const, ...fetchPriority(priority) };
  if (!hasVariants(image)) {
    return <img ref={imageRef} src={src} alt={alt} {...unsized} {...loading} onError={onError} className={className} />;
  }
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={variantSrcSet(image, "avif")} sizes={sizes} />
      <img
        ref={imageRef}
        // The spec's address stays the image's src; browsers pick their size from srcset.
        src={src}
        srcSet={variantSrcSet(image, "webp")}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        {...loading}
        onError={onError}
        className={className}
      />
    </picture>
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
  sizes = HALF_COLUMN_SIZES,
  priority = false,
}: {
  image: PublicStockImage | null;
  alt: string;
  className?: string;
  placeholderLabel?: string;
  sizes?: string;
  /** The page's largest image near the top (its LCP): not lazy, fetched first. */
  priority?: boolean;
}) {
  const [broken, ref, markBroken] = useBrokenImage(image?.id ?? null);
  if (!image || broken) {
    return <ImagePlaceholder label={placeholderLabel ?? "Image coming soon"} className={className} />;
  }
  return (
    <UploadedImage
      image={image}
      alt={image.description || alt}
      src={stockImagePreviewUrl(image)}
      unsized={UNSIZED_PHOTO}
      sizes={sizes}
      priority={priority}
      imageRef={ref}
      onError={markBroken}
      className={cn("object-cover", className)}
    />
  );
}

/** A logo shown beside the quote form (locations formlogo1 to formlogo4); nothing when none is set. */
export function FormLogo({ image, alt, className }: { image: PublicStockImage | null; alt: string; className?: string }) {
  const [broken, ref, markBroken] = useBrokenImage(image?.id ?? null);
  if (!image || broken) return null;
  const shownWidth = image.width && image.height ? Math.ceil((image.width / image.height) * LOGO_HEIGHT) : UNSIZED_LOGO.width;
  return (
    <UploadedImage
      image={image}
      alt={image.description || alt}
      src={formLogoUrl(image)}
      unsized={UNSIZED_LOGO}
      sizes={`${shownWidth}px`}
      imageRef={ref}
      onError={markBroken}
      className={cn("h-10 w-auto object-contain", className)}
    />
  );
}
