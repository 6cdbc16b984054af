import { json } from "@remix-run/node";
import { listTestimonials } from "~/models/testimonials.server";

/** `GET /api/testimonials`: every testimonial, newest first. Not cached, so staff edits show at once. */
export async function loader() {
  return json(await listTestimonials(), { headers: { "Cache-Control": "no-store" } });
}

/** Read-only: any other method is answered here rather than by Remix's logged "no action" error. */
export function action() {
  return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, HEAD" } });
}
