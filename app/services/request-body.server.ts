/** The body was larger than the route accepts. */
export class BodyTooLargeError extends Error {}

/**
 * Reads a request body as text, stopping as soon as it passes `maxBytes`,
 * so an oversized body is refused without being held in memory.
 */
export async function readTextWithLimit(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw new BodyTooLargeError();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      // Stop reading (nothing more is held) but leave the connection alone, so the
      // client still receives the 413; Node discards the rest of the body after it.
      reader.releaseLock();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A form post's fields, read within `maxBytes` (URL-encoded bodies are read
 * as they stream; anything else must declare a length within the limit).
 */
export async function readFormWithLimit(request: Request, maxBytes: number): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!contentType.startsWith("application/x-www-form-urlencoded")) {
    const declared = Number(request.headers.get("Content-Length") ?? NaN);
    if (!(declared <= maxBytes)) throw new BodyTooLargeError();
    return request.formData();
  }
  const formData = new FormData();
  for (const [key, value] of new URLSearchParams(await readTextWithLimit(request, maxBytes))) formData.append(key, value);
  return formData;
}
