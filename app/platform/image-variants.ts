/**
 * Resized copies of staff's uploads in modern formats, so a phone downloads a picture the size of its screen rather than the camera original. Only these widths
 * are ever made: a request cannot ask the server to resize to any other size. Shared by the pages (srcset) and the variant route.
 */

export const VARIANT_WIDTHS = [320, 480, 640, 768, 1024, 1280, 1920] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** Best first: a browser takes the first `<source>` whose type it can show. */
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const VARIANT_CONTENT_TYPES: Record<VariantFormat, string> = { avif: "image/avif", webp: "image/webp" };

/** What a page needs to know about an uploaded image to offer its variants. */
export interface SizedImage {
  filename: string;
  contentType: string;
  /** Pixel size of the upload (upright), or null until it has been read. */
  width: number | null;
  height: number | null;
}

/** GIFs keep their own file (resizing would lose the animation); every other accepted type gets variants once its size is known. */
export function hasVariants(image: SizedImage): image is SizedImage & { width: number; height: number } {
  return image.contentType !== "image/gif" && image.width !== null && image.height !== null && image.width > 0 && image.height > 0;
}

export function variantUrl(image: Pick<SizedImage, "filename">, width: VariantWidth, format: VariantFormat): string {
  return `/uploads/${encodeURIComponent(image.filename)}/${width}.${format}`;
}

/** The variant route's last segment, e.g. `640.webp`, or null for anything not on the lists. */
export function parseVariantName(name: string): { width: VariantWidth; format: VariantFormat } | null {
  const match = /^(\d{1,5})\.([a-z]{3,5})$/.exec(name);
  if (!match) return null;
  const width = VARIANT_WIDTHS.find((allowed) => String(allowed) === match[1]);
  const format = VARIANT_FORMATS.find((allowed) => allowed === match[2]);
  return width && format ? { width, format } : null;
}

/** The widths worth offering for an image this wide: never larger than the upload (no upscaling). */
function offeredWidths(originalWidth: number): VariantWidth[] {
  const smaller = VARIANT_WIDTHS.filter((width) => width <= originalWidth);
  return smaller.length > 0 ? smaller : [VARIANT_WIDTHS[0]];
}

/** Each variant at its true width: the upload scaled to `width`, or left as it is when narrower. */
export function variantSrcSet(image: SizedImage & { width: number }, format: VariantFormat): string {
  return offeredWidths(image.width)
    .map((width) => `${variantUrl(image, width, format)} ${Math.min(image.width, width)}w`)
    .join(", ");
}
