import { json } from "@remix-run/node";
import type { z } from "zod";
import { parseWithSchema } from "~/lib/form-submission";
import { ModelError } from "./model-error.server";
import { BODY_LIMITS, BodyTooLargeError, bodyTooLargeResponse, readTextWithLimit } from "./request-body.server";

/** A JSON object body, or the answer to give instead (thrown): 413 past the limit, 400 for malformed JSON or anything that is not an object. */
export async function readJsonObject(request: Request, maxBytes: number = BODY_LIMITS.json): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    const text = await readTextWithLimit(request, maxBytes);
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw bodyTooLargeResponse(request, maxBytes);
    throw json({ error: "Malformed JSON", fieldErrors: {} }, { status: 400 });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw json({ error: "Expected a JSON object", fieldErrors: {} }, { status: 400 });
  }
  return body as Record<string, unknown>;
}

/** The body parsed with a shared schema, or 400 with the field errors (thrown). */
export async function readJsonWithSchema<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  error = "Invalid input",
  maxBytes: number = BODY_LIMITS.json,
): Promise<z.infer<S>> {
  const parsed = parseWithSchema(schema, await readJsonObject(request, maxBytes));
  if (!parsed.success) throw json({ error, fieldErrors: parsed.fieldErrors }, { status: 400 });
  return parsed.data;
}

/** A business rule's refusal as JSON with its status; anything else is a real fault. */
export function modelErrorResponse(error: unknown): Response {
  if (!(error instanceof ModelError)) throw error;
  return json({ error: error.message, ...(error.field ? { fieldErrors: { [error.field]: [error.message] } } : {}) }, { status: error.status });
}

export function methodNotAllowed(allowed: string): Response {
  return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: allowed } });
}

/** A page of a staff list: the entries as a JSON array, the totals in X-Total-Count, X-Page and X-Page-Count. */
export function jsonPage<Entry>(entries: Entry[], page: { total: number; page: number; pageCount: number }): Response {
  return json(entries, {
    headers: {
      "Cache-Control": "no-store",
      "X-Total-Count": String(page.total),
      "X-Page": String(page.page),
      "X-Page-Count": String(page.pageCount),
    },
  });
}

/** A `text/csv` body as text, or the answer to give instead (thrown): 415 for another type, 413 past the limit. */
export async function readCsvBody(request: Request, maxBytes: number): Promise<string> {
  if (!/^text\/csv\s*(;|$)/i.test(request.headers.get("Content-Type") ?? "")) {
    throw json({ error: "Send the file as text/csv" }, { status: 415 });
  }
  try {
    return await readTextWithLimit(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw bodyTooLargeResponse(request, maxBytes);
    throw error;
  }
}
