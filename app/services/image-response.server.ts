import { createReadableStreamFromReadable } from "@remix-run/node";
import { findServedImage, openServedImage } from "~/models/stock-images.server";

/**
 * Answers a public image request. A stored image never changes (a new
 * upload gets a new random name), so it is cached for a year and its
 * stored name is its ETag. Only images recorded in the table are served:
 * the stored name is looked up, never used as a path.
 */
const LONG_CACHE = "public, max-age=31536000, immutable";

function notFound(): Response {
  return new Response("Image not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** `attachment`-free, so View opens it in the tab; the original name is offered when saving. */
function contentDisposition(originalName: string): string {
  const ascii = originalName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(originalName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value === etag || value === `W/${etag}`;
  });
}

export async function stockImageResponse(request: Request, by: { id: number } | { filename: string }): Promise<Response> {
  const image = await findServedImage(by);
  if (!image) return notFound();
  const etag = `"${image.filename}"`;
  const headers = new Headers({
    ETag: etag,
    "Cache-Control": LONG_CACHE,
    "Content-Type": image.contentType,
    "Content-Disposition": contentDisposition(image.originalName),
    // X-Content-Type-Options: nosniff is already set on every response by the request hook (request-context.server.ts).
  });
  if (etagMatches(request.headers.get("If-None-Match"), etag)) {
    headers.delete("Content-Type");
    headers.delete("Content-Disposition");
    return new Response(null, { status: 304, headers });
  }
  const stored = await openServedImage(image);
  if (!stored) return notFound();
  headers.set("Content-Length", String(stored.size));
  if (request.method === "HEAD") {
    stored.body.destroy();
    return new Response(null, { status: 200, headers });
  }
  return new Response(createReadableStreamFromReadable(stored.body), { status: 200, headers });
}
