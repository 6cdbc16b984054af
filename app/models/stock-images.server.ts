import type { StockImageLocation } from "~/lib/enums";
import type { PublicStockImage } from "~/lib/stock-images";
import { getDb } from "~/services/db.server";

/** The images staff chose for one place on the site, oldest first (the first is the one shown). */
export async function listStockImagesByLocation(location: StockImageLocation): Promise<PublicStockImage[]> {
  const db = await getDb();
  return db
    .selectFrom("stockImages")
    .select(["id", "filename", "description", "originalName", "location"])
    .where("location", "=", location)
    .orderBy("createdAt", "asc")
    .orderBy("id", "asc")
    .execute();
}

/** The first image of each of these locations, or null where a location has none. */
export async function firstStockImages<L extends StockImageLocation>(
  locations: readonly L[],
): Promise<Record<L, PublicStockImage | null>> {
  const lists = await Promise.all(locations.map((location) => listStockImagesByLocation(location)));
  return Object.fromEntries(locations.map((location, index) => [location, lists[index][0] ?? null])) as Record<
    L,
    PublicStockImage | null
  >;
}
