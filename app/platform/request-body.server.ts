import { json } from "@remix-run/node";
import { formValues } from "~/lib/form-submission";

/**
 * The one way the server reads a request body: never more than the route accepts. A body that declares a larger size is refused before a byte of it is read;
 * one sent without a size (chunked) is cut off as soon as it passes the limit. No route calls `request.formData()`, `.json()` or `.text()` itself.
 */

/** How much each kind of body may carry. */
export const BODY_LIMITS = {
  /** Public and staff forms: a few short fields (the longest, a message or a note, is a few KB). */
  form: 64 * 1024,
  /** JSON calls of the public and admin APIs. */
  json: 16 * 1024,
  /** A quote draft over JSON: up to 60 lines, each with a description, rises and a discount's reason, and two notes. */
  quoteDraft: 128 * 1024,
  /** A tariff catalogue CSV import: 10,000 tariffs of a few hundred bytes each, with room to spare. */
  tariffCsv: 8 * 1024 * 1024,
} as const;

/** The body was larger than the route accepts. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Request body is larger than ${maxBytes} bytes`);
  }
}

/** The body could not be read as what it claimed to be (a cut-off or malformed form). */
export class BodyMalformedError extends Error {}

/** The size the request declares, or null when it is sent without one (chunked). */
export function declaredBodyBytes(headers: Headers): number | null {
  const declared = headers.get("Content-Length");
  if (declared === null) return null;
  const bytes = Number(declared);
  return Number.isSafeInteger(bytes) && bytes >= 0 ? bytes : null;
}

/** A refused body not much over the limit is read to its end and dropped, so the client, still sending, gets the answer rather than a reset; past this, not. */
const MAX_DISCARDED_BYTES = 1024 * 1024;

/** Reads and drops what is left of a refused body, up to `maxDiscarded` bytes; past that, drops the connection. */
export async function discardRest(request: Request, maxDiscarded = MAX_DISCARDED_BYTES): Promise<void> {
  if (!request.body || request.body.locked) return;
  const source = request.body.getReader();
  let discarded = 0;
  try {
    for (;;) {
      const { done, value } = await source.read();
      if (done) return;
      discarded += value.byteLength;
      if (discarded > maxDiscarded) {
        await source.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing left to drop.
  }
}

/** The answer to a body over the limit: the rest of one not much over is thrown away as it arrives; a far larger one closes the connection instead. */
export function bodyTooLargeResponse(request: Request, maxBytes: number): Response {
  const declared = declaredBodyBytes(request.headers);
  const dropConnection = declared !== null && declared > maxBytes + MAX_DISCARDED_BYTES;
  if (!dropConnection) void discardRest(request);
  return json({ error: `Request body is larger than ${maxBytes} bytes` }, { status: 413, headers: dropConnection ? { Connection: "close" } : {} });
}

/**
 * The body as a stream that errors with BodyTooLargeError once it passes `maxBytes`; the rest is then read and dropped, up to `maxDiscarded` more bytes, so
 * the client still sending receives the answer rather than a reset.
 */
export function boundedBody(request: Request, maxBytes: number, maxDiscarded = MAX_DISCARDED_BYTES): ReadableStream<Uint8Array> {
  const declared = declaredBodyBytes(request.headers);
  if (declared !== null && declared > maxBytes) throw new BodyTooLargeError(maxBytes);
  if (!request.body) return new ReadableStream({ start: (controller) => controller.close() });
  const source = request.body.getReader();
  let received = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await source.read();
      if (done) return controller.close();
      received += value.byteLength;
      if (received > maxBytes) {
        // Stop here: nothing more is kept; the rest is thrown away as it arrives (within reason).
        source.releaseLock();
        void discardRest(request, maxDiscarded);
        return controller.error(new BodyTooLargeError(maxBytes));
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return source.cancel(reason);
    },
  });
}

/** The body as UTF-8 text, within `maxBytes`. */
export async function readTextWithLimit(request: Request, maxBytes: number): Promise<string> {
  const reader = boundedBody(request, maxBytes).getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function isMultipart(request: Request): boolean {
  return /^multipart\/form-data\s*;/i.test(request.headers.get("Content-Type") ?? "");
}

/**
 * A form post's fields, within `maxBytes`: URL-encoded (what a browser sends) or multipart. Anything else, or a form that cannot be parsed, is a
 * BodyMalformedError; past the limit, a BodyTooLargeError.
 */
export async function readFormWithLimit(request: Request, maxBytes: number): Promise<FormData> {
  if (isMultipart(request)) {
    const bounded = new Request(request.url, {
      method: "POST",
      headers: { "Content-Type": request.headers.get("Content-Type")! },
      body: boundedBody(request, maxBytes),
      duplex: "half",
    } as RequestInit);
    try {
      return await bounded.formData();
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw error;
      if (error instanceof TypeError && error.cause instanceof BodyTooLargeError) throw error.cause;
      throw new BodyMalformedError("The form could not be read");
    }
  }
  const text = await readTextWithLimit(request, maxBytes);
  const formData = new FormData();
  for (const [key, value] of new URLSearchParams(text)) formData.append(key, value);
  return formData;
}

/** For a page's form action: the text fields (see formValues), or the answer to give instead (thrown): 413 past the limit, 400 when the body is not a form. */
export async function readFormFields(request: Request, maxBytes: number = BODY_LIMITS.form): Promise<Record<string, string>> {
  let formData: FormData;
  try {
    formData = await readFormWithLimit(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw bodyTooLargeResponse(request, maxBytes);
    if (error instanceof BodyMalformedError) throw json({ error: "Malformed form" }, { status: 400 });
    throw error;
  }
  return formValues(formData);
}
