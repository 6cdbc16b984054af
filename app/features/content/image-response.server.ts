import { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { parseVariantName } from "~/platform/image-variants";
import { findServedImage, openServedImage } from "./stock-images.server";
import { getVariant, ImageDecodersBusy, VARIANT_RETRY_AFTER_SECONDS } from "~/platform/image-variants.server";

/**
 * Answers a public image request. A stored image never changes (a new upload gets a new random name), so it is cached for a year and its stored name is its
 * ETag. Only images recorded in the table are served: the stored name is looked up, never used as a path.
 */
const LONG_CACHE = "public, max-age=31536000, immutable";

function plainText(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });
}

const notFound = () => plainText(404, "Image not found");

/** `attachment`-free, so View opens it in the tab; the original name is offered when saving. */
function contentDisposition(originalName: string): string {
  const ascii = originalName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(originalName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function etagMatches(header: string | null, etag: string): boolean {
  return (header ?? "").split(",").some((candidate) => ["*", etag, `W/${etag}`].includes(candidate.trim()));
}

/** The 304 when the browser already holds this (never-changing) file, else null. */
function notModified(request: Request, etag: string): Response | null {
  if (!etagMatches(request.headers.get("If-None-Match"), etag)) return null;
  return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": LONG_CACHE } });
}

/** The bytes (nothing for HEAD) with their length; a stream left unread is closed. */
function bodyResponse(request: Request, headers: Headers, body: Buffer | Readable, size: number): Response {
  headers.set("Content-Length", String(size));
  if (request.method === "HEAD") {
    if (body instanceof Readable) body.destroy();
    return new Response(null, { status: 200, headers });
  }
  return new Response(createReadableStreamFromReadable(body instanceof Readable ? body : Readable.from([body])), { status: 200, headers });
}

/**
 * `GET /uploads/{filename}/{width}.{format}`: a resized variant of an uploaded image (made on first request, then kept). A width or format not on the lists is
 * a 400: the server resizes to those sizes only.
 */
export async function stockImageVariantResponse(request: Request, filename: string, variantName: string): Promise<Response> {
  const variant = parseVariantName(variantName);
  if (!variant) return plainText(400, "Unknown image size or format");
  const image = await findServedImage({ filename });
  if (!image || image.contentType === "image/gif") return notFound();
  const etag = `"${filename}/${variantName}"`;
  const unchanged = notModified(request, etag);
  if (unchanged) return unchanged;
  let made: Awaited<ReturnType<typeof getVariant>>;
  try {
    made = await getVariant(image.filename, variant.width, variant.format);
  } catch (error) {
    if (!(error instanceof ImageDecodersBusy)) throw error;
    return plainText(503, error.message, { "Retry-After": String(VARIANT_RETRY_AFTER_SECONDS) });
  }
  if (!made) return notFound();
  const headers = new Headers({ ETag: etag, "Cache-Control": LONG_CACHE, "Content-Type": made.contentType });
  return bodyResponse(request, headers, made.body, made.size);
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
  const unchanged = notModified(request, etag);
  if (unchanged) return unchanged;
  const stored = await openServedImage(image);
  if (!stored) return notFound();
  return bodyResponse(request, headers, stored.body, stored.size);
}
