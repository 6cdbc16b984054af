import type { SizedImage } from "~/platform/image-variants";
import type { StockImageLocation } from "./stock-image-locations";

/** A stock image as the public site shows it and the by-location API answers it. */
export interface PublicStockImage extends SizedImage {
  id: number;
  filename: string;
  description: string | null;
  originalName: string;
  location: StockImageLocation;
}

/** Where the browser fetches a stock image (public, cached). */
export function stockImagePreviewUrl(image: Pick<PublicStockImage, "id">): string {
  return `/admin/api/stock-images/${image.id}/preview`;
}

/** Form logos are served by their stored file name. */
export function formLogoUrl(image: Pick<PublicStockImage, "filename">): string {
  return `/uploads/${encodeURIComponent(image.filename)}`;
}

/** The four logos shown beside the quote wizard. */
export const FORM_LOGO_LOCATIONS = ["formlogo1", "formlogo2", "formlogo3", "formlogo4"] as const;

export const MAX_IMAGE_DESCRIPTION_LENGTH = 500;

/** A stock image as the admin screen and `GET /admin/api/stock-images` list it. */
export interface StockImageSummary {
  id: number;
  filename: string;
  originalName: string;
  location: StockImageLocation;
  description: string | null;
  size: number;
  contentType: string;
  createdAt: string;
}

/** The spec's refusals of an upload (SPEC section 5), the same before sending and on the server. */
export const UPLOAD_PROBLEMS = {
  missing: { title: "Missing Information", description: "Please select a file and location", status: 400 },
  invalidFile: { title: "Invalid File", description: "Please select an image file", status: 400 },
  tooLarge: { title: "File Too Large", description: "Image must be smaller than 10MB", status: 413 },
} as const;

export type UploadProblem = keyof typeof UPLOAD_PROBLEMS;

/** A size in bytes as megabytes, e.g. "2.35 MB" (tiny files read "< 0.01 MB" rather than "0.00 MB"). */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  if (bytes > 0 && megabytes < 0.01) return "< 0.01 MB";
  return `${megabytes.toFixed(2)} MB`;
}
