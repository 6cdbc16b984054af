import type { StockImageLocation } from "./enums";

/** A stock image as the public site shows it and the by-location API answers it. */
export interface PublicStockImage {
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
