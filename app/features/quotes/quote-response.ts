import { LIMITS, multiLine, optionalTextRule, requiredTextRule } from "~/lib/form-fields";
import { isOpenQuoteStatus, type QuoteStatus } from "./quotes";
import { formatDayAndMonth } from "~/lib/calendar";

/** The customer's answer to a quote at /quote/{token} (accept or decline), as field rules: the page's inputs and the server's schemas are made from these. */
export const QUOTE_ACCEPT_FIELDS = {
  fullName: requiredTextRule("your full name", LIMITS.name),
  role: requiredTextRule("your role in the business", LIMITS.name),
};

export const QUOTE_DECLINE_FIELDS = {
  reason: multiLine(optionalTextRule("your reason", 1000)),
};

/** The accept form's hidden field: the fingerprint of the document shown. Accepting another is refused (409), so nobody accepts what they did not read. */
export const SHOWN_FINGERPRINT_FIELD = "fingerprint";

/** Said when the quote is not the one the customer's page showed (its document or its status changed). */
export const QUOTE_CHANGED_MESSAGE = "This quote changed since you opened it";

/** Why a quote that is not open (as of today) can no longer be answered, in the customer's words. */
export function quoteNotOpenMessage(status: QuoteStatus, validUntil: string): string {
  switch (status) {
    case "expired":
      return `This quote expired on ${formatDayAndMonth(validUntil)} ${validUntil.slice(0, 4)}: ask us for a new one and we will send it straight away`;
    case "superseded":
      return "This quote has been replaced by a newer version: please open the new one to accept it";
    case "withdrawn":
      return "This quote has been withdrawn and can no longer be accepted or declined";
    case "declined":
      return "This quote was declined and can no longer be accepted: ask us for a new one";
    case "accepted":
      return "This quote has already been accepted, so it can no longer be declined";
    default:
      return "This quote can no longer be answered";
  }
}

/** An acceptance of a page that is no longer the quote's: its document changed (another fingerprint, or none), or its status did (then why, in their words). */
export function quoteChangedMessage(status: QuoteStatus, validUntil: string): string {
  if (isOpenQuoteStatus(status)) return `${QUOTE_CHANGED_MESSAGE}: please read it again, then accept it below if it is right`;
  const reason = status === "accepted" ? "It has already been accepted: the receipt is below" : quoteNotOpenMessage(status, validUntil);
  return `${QUOTE_CHANGED_MESSAGE}. ${reason}`;
}

/** An acceptance refused because another quote of the same lead is accepted already: a lead has one. */
export function anotherQuoteAcceptedMessage(businessName: string): string {
  return `Another quote for ${businessName} has already been accepted, so this one can no longer be accepted: call or email us if you meant to accept it too`;
}

/** The authorised checkbox's name, and what the customer is told when it is not ticked. */
export const AUTHORISED_FIELD = "authorised";

export function authorisedLabel(company: string): string {
  return `I am authorised to accept this quote on behalf of ${company}`;
}

export function authorisedMissingMessage(company: string): string {
  return `Tick to confirm you are authorised to accept on behalf of ${company}`;
}
