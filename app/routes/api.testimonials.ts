import { json } from "@remix-run/node";
import { listFeaturedTestimonials } from "~/features/content/testimonials.server";

/**
 * `GET /api/testimonials`: what the public site shows, the featured testimonials,
 * newest first (empty when none is: the site then shows its samples). Not cached,
 * so staff edits show at once.
 */
export async function loader() {
  return json(await listFeaturedTestimonials(), { headers: { "Cache-Control": "no-store" } });
}

/** Read-only: any other method is answered here rather than by Remix's logged "no action" error. */
export function action() {
  return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, HEAD" } });
}
