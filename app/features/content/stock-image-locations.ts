/** Where a stock image shows, once. The database CHECK constraints, the zod schemas and the UI are built from these. */

export const STOCK_IMAGE_LOCATIONS = [
  "about-us",
  "hero-section",
  "testimonials",
  "services",
  "resources",
  "contact",
  "formlogo1",
  "formlogo2",
  "formlogo3",
  "formlogo4",
  "general",
] as const;
export type StockImageLocation = (typeof STOCK_IMAGE_LOCATIONS)[number];

export const STOCK_IMAGE_LOCATION_LABELS: Record<StockImageLocation, string> = {
  "about-us": "About Us Section",
  "hero-section": "Hero Section",
  testimonials: "Testimonials Section",
  services: "Services Section",
  resources: "Resources Section (3 images)",
  contact: "Contact Section",
  formlogo1: "Form Logo 1",
  formlogo2: "Form Logo 2",
  formlogo3: "Form Logo 3",
  formlogo4: "Form Logo 4",
  general: "General Use",
};

export function isStockImageLocation(value: string): value is StockImageLocation {
  return (STOCK_IMAGE_LOCATIONS as readonly string[]).includes(value);
}
