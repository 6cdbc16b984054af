import type { Generated, Selectable } from "kysely";
import type { StockImageLocation } from "./stock-image-locations";

/** The tables this capability adds to the one database type (below). */
export interface ContentTables {
  testimonials: TestimonialsTable;
  stockImages: StockImagesTable;
}

declare module "~/platform/database-types" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges these tables into Database
  interface Database extends ContentTables {}
}

export interface TestimonialsTable {
  id: Generated<number>;
  name: string;
  company: string;
  position: string;
  content: string;
  rating: number;
  featured: 0 | 1;
  date: string;
  importKey: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface StockImagesTable {
  id: Generated<number>;
  filename: string;
  originalName: string;
  description: string | null;
  location: StockImageLocation;
  size: number;
  contentType: string;
  createdAt: string;
  /** Pixel size, upright; null until read from the file (images stored before sizes were recorded). */
  width: number | null;
  height: number | null;
}

export type StockImageRow = Selectable<StockImagesTable>;
