import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { listStockImagesByLocation } from "~/features/content/stock-images.server";
import { STOCK_IMAGE_LOCATIONS, isStockImageLocation } from "~/features/content/stock-image-locations";

/** `GET /api/stock-images/by-location/{location}`: the images staff chose for one place, oldest first. */
export async function loader({ params }: LoaderFunctionArgs) {
  const location = params.location ?? "";
  if (!isStockImageLocation(location)) {
    return json({ error: "Unknown location", allowed: STOCK_IMAGE_LOCATIONS }, { status: 400 });
  }
  const images = await listStockImagesByLocation(location);
  return json(
    images.map(({ id, filename, description, originalName }) => ({ id, filename, description, originalName })),
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** Read-only: any other method is answered here rather than by Remix's logged "no action" error. */
export function action() {
  return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, HEAD" } });
}
