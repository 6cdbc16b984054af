import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { decoyLeadReference, submitQuoteRequest } from "~/features/leads/leads.server";
import { MESSAGES } from "~/lib/messages";
import { BODY_LIMITS } from "~/platform/request-body.server";
import { assertWriteAccepted } from "~/platform/write-guard.server";
import { methodNotAllowed } from "~/platform/json-api.server";
import { admitPublicWrite, PUBLIC_WRITE_STATUS, retryAfterHeaders, type PublicWriteRefusal } from "~/platform/public-write.server";
import { logger } from "~/platform/logger.server";

const REFUSAL_ERRORS: Record<PublicWriteRefusal["reason"], string> = {
  unreadable: "Malformed JSON",
  tooLarge: "Request body is too large",
  writesPaused: MESSAGES.writesPaused.description,
  tooMany: "Too many requests: please try again later",
};

const refused = (refusal: PublicWriteRefusal) =>
  json({ error: REFUSAL_ERRORS[refusal.reason] }, { status: PUBLIC_WRITE_STATUS[refusal.reason], headers: retryAfterHeaders(refusal) });

/**
 * `POST /api/quote-requests` (SPEC section 7): the whole form object as JSON.
 * 201 `{ id, reference }`; 400 with field errors; 413; 429; 503 when it
 * could not be stored or the data volume is nearly full.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    assertWriteAccepted(request, BODY_LIMITS.json);
    return methodNotAllowed("POST");
  }
  const write = await admitPublicWrite(request, "quote", "json");
  if (write.outcome === "refused") return refused(write.refusal);
  // A bot: answered as if it worked, nothing kept.
  if (write.outcome === "bot") return json({ id: 0, reference: decoyLeadReference() }, { status: 201 });

  try {
    const submission = await submitQuoteRequest(write.body, { sourcePage: "api" });
    if (submission.status === "invalid") {
      return json({ error: "Invalid quote request", fieldErrors: submission.fieldErrors }, { status: 400 });
    }
    if (submission.status === "busy") return refused({ reason: "tooMany", retryAfterSeconds: submission.retryAfterSeconds });
    return json(submission.lead, { status: 201 });
  } catch (error) {
    logger.error({ event: "quote_request.store_failed", err: error }, "Storing a quote request failed");
    return json({ error: "Submission failed: please try again or contact us directly" }, { status: 503 });
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
