import { json } from "@remix-run/node";
import type { z } from "zod";
import { parseWithSchema } from "~/lib/form-submission";
import { ModelError } from "~/models/model-error.server";
import { BodyTooLargeError, readTextWithLimit } from "./request-body.server";

/**
 * The shape every admin JSON route shares: 405 for other methods, a bounded
 * JSON body, 400 `{ error, fieldErrors }` for bad input, and a model's
 * refusal (ModelError) answered with its own status.
 */

/** Admin JSON bodies are a handful of short fields. */
export const MAX_ADMIN_JSON_BYTES = 64 * 1024;

export function methodNotAllowed(allow: readonly string[]): Response {
  return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: allow.join(", ") } });
}

/** The body as a JSON object checked by `schema`, or the 400 / 413 answer to give instead. */
export async function readJsonInput<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
): Promise<{ ok: true; data: z.infer<S> } | { ok: false; response: Response }> {
  let body: unknown;
  try {
    body = JSON.parse(await readTextWithLimit(request, MAX_ADMIN_JSON_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return { ok: false, response: json({ error: `Request body is larger than ${MAX_ADMIN_JSON_BYTES} bytes` }, { status: 413 }) };
    }
    return { ok: false, response: json({ error: "Malformed JSON", fieldErrors: {} }, { status: 400 }) };
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, response: json({ error: "Expected a JSON object", fieldErrors: {} }, { status: 400 }) };
  }
  const parsed = parseWithSchema(schema, body);
  if (!parsed.success) return { ok: false, response: json({ error: "Invalid input", fieldErrors: parsed.fieldErrors }, { status: 400 }) };
  return { ok: true, data: parsed.data };
}

/** Runs a model call and answers with its result; a ModelError becomes `{ error }` with its status. */
export async function jsonFromModel(run: () => Promise<unknown>, status = 200): Promise<Response> {
  try {
    return json(await run(), { status, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof ModelError) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}
