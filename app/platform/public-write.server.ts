import { HONEYPOT_FIELD, formValues, isHoneypotFilled } from "~/lib/form-submission";
import { diskSpaceLow } from "./disk-space.server";
import { consumeClientRateLimit, consumeGlobalRateLimit } from "./rate-limit.server";
import { BODY_LIMITS, BodyTooLargeError, readFormWithLimit } from "./request-body.server";
import { readJsonObject } from "./json-api.server";
import { assertWriteAccepted } from "./write-guard.server";

/**
 * The one gate of every write a visitor makes without signing in (the contact, newsletter and quote forms, the quote wizard's last step, the customer's
 * accept and decline, and `POST /api/quote-requests`), always in this order:
 *
 * 1. another site's page is refused (403, thrown), and so is a body declared too large (413);
 * 2. the body is read within its limit: too large 413, unreadable 400 (a JSON body's refusal is thrown, answered as every JSON route answers it);
 * 3. the data volume nearly full: 503, nothing is written;
 * 4. the client's own limit for this kind of write: every readable post counts, 429;
 * 5. a filled honeypot: a bot, answered as if it worked and nothing kept;
 * 6. then the caller checks the body with its shared schema (400 with field errors), and
 * 7. `admitToStore` counts the post against the limit of everyone together (429), last, so only posts about to be stored use it up.
 *
 * The body is read before the limits so that a refused form comes back with what was typed. Each caller answers a refusal in its own shape (a form's values
 * and toast, the wizard's step, JSON), with `PUBLIC_WRITE_STATUS` and the Retry-After of `retryAfterHeaders`. (Newsletter confirm and unsubscribe links are
 * authorised by their signed token and rate limited on their own: a mail program's one-click unsubscribe comes from no page of ours.)
 */

export type PublicWriteRefusal =
  { reason: "unreadable" } | { reason: "tooLarge" } | { reason: "writesPaused" } | { reason: "tooMany"; retryAfterSeconds: number };

export const PUBLIC_WRITE_STATUS: Record<PublicWriteRefusal["reason"], number> = { unreadable: 400, tooLarge: 413, writesPaused: 503, tooMany: 429 };

export type PublicWrite<Body> =
  { outcome: "refused"; refusal: PublicWriteRefusal; body: Body | null } | { outcome: "bot"; body: Body } | { outcome: "admitted"; body: Body };

/** A form's fields as text (the honeypot apart), or a JSON object's members. */
type BodyKind = "form" | "json";
type BodyOf<K extends BodyKind> = K extends "form" ? Record<string, string> : Record<string, unknown>;

async function readBody(request: Request, kind: BodyKind): Promise<{ body: Record<string, unknown>; honeypot: unknown }> {
  if (kind === "json") {
    // Too large or not a JSON object: answered 413 or 400 as every JSON route answers (thrown).
    const body = await readJsonObject(request, BODY_LIMITS.json);
    return { body, honeypot: body[HONEYPOT_FIELD] };
  }
  const formData = await readFormWithLimit(request, BODY_LIMITS.form);
  return { body: formValues(formData), honeypot: formData.get(HONEYPOT_FIELD) };
}

/** A public write's body as read, and its honeypot's value (kept apart from the body). */
export interface ReadPublicWrite<Body> {
  body: Body;
  honeypot: unknown;
}

/** Steps 1 and 2 above: the body of a write, or why it was refused. */
export async function readPublicWrite<K extends BodyKind>(
  request: Request,
  kind: K,
): Promise<{ outcome: "refused"; refusal: PublicWriteRefusal } | ({ outcome: "read" } & ReadPublicWrite<BodyOf<K>>)> {
  assertWriteAccepted(request, BODY_LIMITS[kind]);
  try {
    const { body, honeypot } = await readBody(request, kind);
    return { outcome: "read", body: body as BodyOf<K>, honeypot };
  } catch (error) {
    if (error instanceof Response) throw error;
    return { outcome: "refused", refusal: { reason: error instanceof BodyTooLargeError ? "tooLarge" : "unreadable" } };
  }
}

/** Steps 3 to 5 above, for a body read by `readPublicWrite`, as a write of kind `scope` (each kind has its own limits). */
export async function checkPublicWrite<Body>(scope: string, { body, honeypot }: ReadPublicWrite<Body>): Promise<PublicWrite<Body>> {
  if (await diskSpaceLow()) return { outcome: "refused", refusal: { reason: "writesPaused" }, body };
  const clientLimit = await consumeClientRateLimit(scope);
  if (!clientLimit.allowed) return { outcome: "refused", refusal: { reason: "tooMany", retryAfterSeconds: clientLimit.retryAfterSeconds }, body };
  if (isHoneypotFilled(honeypot)) return { outcome: "bot", body };
  return { outcome: "admitted", body };
}

/** Steps 1 to 5 above. */
export async function admitPublicWrite<K extends BodyKind>(request: Request, scope: string, kind: K): Promise<PublicWrite<BodyOf<K>>> {
  const read = await readPublicWrite(request, kind);
  if (read.outcome === "refused") return { ...read, body: null };
  return checkPublicWrite(scope, read);
}

/** Step 7: a valid post counted against everyone's limit for its kind; a refusal when that is used up. */
export async function admitToStore(scope: string): Promise<PublicWriteRefusal | null> {
  const limit = await consumeGlobalRateLimit(scope);
  return limit.allowed ? null : { reason: "tooMany", retryAfterSeconds: limit.retryAfterSeconds };
}

/** The Retry-After header a refusal for too many writes carries. */
export function retryAfterHeaders(refusal: PublicWriteRefusal): HeadersInit | undefined {
  return refusal.reason === "tooMany" ? { "Retry-After": String(refusal.retryAfterSeconds) } : undefined;
}
