import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { decoyLeadReference, submitQuoteRequest } from "~/models/leads.server";
import { HONEYPOT_FIELD, isHoneypotFilled } from "~/lib/form-submission";
import { MESSAGES } from "~/lib/messages";
import { diskSpaceLow } from "~/infrastructure/disk-space.server";
import { consumeClientRateLimit } from "~/infrastructure/rate-limit.server";
import { BODY_LIMITS } from "~/infrastructure/request-body.server";
import { assertWriteAccepted } from "~/route-actions/write-guard.server";
import { methodNotAllowed, readJsonObject } from "~/route-actions/json-api.server";
import { logger } from "~/infrastructure/logger.server";

const tooManyRequests = (retryAfterSeconds: number) =>
  json({ error: "Too many requests: please try again later" }, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });

/**
 * `POST /api/quote-requests` (SPEC section 7): the whole form object as JSON.
 * 201 `{ id, reference }`; 400 with field errors; 413; 429; 503 when it
 * could not be stored or the data volume is nearly full.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertWriteAccepted(request, BODY_LIMITS.json);
  if (request.method !== "POST") return methodNotAllowed("POST");
  if (await diskSpaceLow()) return json({ error: MESSAGES.writesPaused.description }, { status: 503 });
  const limit = await consumeClientRateLimit("quote");
  if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds);
  const body = await readJsonObject(request);

  // A filled honeypot is a bot: answer as if it worked, keep nothing.
  if (isHoneypotFilled(body[HONEYPOT_FIELD])) {
    return json({ id: 0, reference: decoyLeadReference() }, { status: 201 });
  }

  try {
    const submission = await submitQuoteRequest(body, { sourcePage: "api" });
    if (submission.status === "invalid") {
      return json({ error: "Invalid quote request", fieldErrors: submission.fieldErrors }, { status: 400 });
    }
    if (submission.status === "busy") return tooManyRequests(submission.retryAfterSeconds);
    return json(submission.lead, { status: 201 });
  } catch (error) {
    logger.error({ event: "quote_request.store_failed", err: error }, "Storing a quote request failed");
    return json({ error: "Submission failed: please try again or contact us directly" }, { status: 503 });
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
