import { json, type HeadersFunction } from "@remix-run/node";
import { MESSAGES } from "~/lib/messages";
import { COOKIE_NAMES, parseCookieHeader } from "~/platform/site-cookies";
import { quoteResponseSchema, type QuoteResponseInput } from "./quote-response-schema";
import { keptQuotePdf, QUOTE_PDF_RETRY_AFTER_SECONDS, QuotePdfDrawersBusy, quotePdf, quotePdfHeaders } from "./quote-pdf-keep.server";
import { acceptQuote, declineQuote, findCustomerQuote, type AnswerContext } from "./quote-customer.server";
import { findQuoteProposal } from "./quote-proposal.server";
import { quotePdfState } from "./quote-pdf-state.server";
import { getAdminUser } from "~/features/staff/index.server";
import { handlePublicForm } from "~/platform/public-forms.server";
import { assertWriteAccepted } from "~/platform/write-guard.server";
import { requestContext } from "~/platform/request-store.server";

/** The customer's quote pages (/quote/{token} and its PDF): never cached or indexed; one 404 for every token not a sent quote's, so a guess learns nothing. */

/** Every answer of the customer's pages carries these, a 404 included. */
export const QUOTE_PAGE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const;

/** The one 404 of the customer's pages (thrown). */
export function quoteNotFound(): Response {
  return new Response("Not Found", { status: 404, headers: QUOTE_PAGE_HEADERS });
}

/** The page's headers: no-store and noindex whatever the answer, and the rate limit's Retry-After passed on. */
export const quotePageHeaders: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(QUOTE_PAGE_HEADERS);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/**
 * Whether this is the customer opening their quote (a view): a browser's GET of the page, not the page drawn again by their own answer (a post without
 * JavaScript, the data read again after one with it, or the page a post led back to with its toast).
 */
export function isCustomerOpening(request: Request): boolean {
  return requestContext().documentRequest && !parseCookieHeader(request.headers.get("Cookie")).has(COOKIE_NAMES.toast);
}

/** Whether a signed-in member of staff is looking: their look at a customer's page is a preview, not a view. */
export async function isStaffPreview(request: Request): Promise<boolean> {
  return (await getAdminUser(request)) !== null;
}

function answerContext(request: Request): AnswerContext {
  return { ip: requestContext().clientAddress, userAgent: request.headers.get("User-Agent") ?? "" };
}

/** The accept or decline form, through the public forms' one path (origin, size, rate limits, honeypot, schema); staff previewing cannot answer it (403). */
export async function answerQuote(request: Request, token: string): Promise<Response> {
  // Another site's post and an oversized body are refused before the quote is even looked up.
  assertWriteAccepted(request);
  const quote = await findCustomerQuote(token);
  if (!quote) throw quoteNotFound();
  if (await isStaffPreview(request)) {
    return json(
      { formError: "Staff preview: only the customer can accept or decline this quote. Sign out of the portal to answer as the customer." },
      { status: 403, headers: QUOTE_PAGE_HEADERS },
    );
  }
  return handlePublicForm({
    request,
    scope: "quote-response",
    schema: quoteResponseSchema(quote.document.customer.businessName),
    save: async (input: QuoteResponseInput) => {
      if (input.intent === "decline") return declineQuote(token, input);
      await acceptQuote(token, input, answerContext(request));
      return { ownerTold: false };
    },
    // "We have told your account manager" only when an email to them was queued.
    success: (input, saved) =>
      input?.intent !== "decline" ? MESSAGES.quoteAccepted : saved?.ownerTold ? MESSAGES.quoteDeclined : MESSAGES.quoteDeclinedAnswerKept,
    redirectTo: `/quote/${token}`,
  });
}

/**
 * The quote as a PDF download, from the page's document; not a view. Drawn once per state and kept (quote-pdf-keep.server.ts); a HEAD draws nothing (its
 * length only when kept); too many being drawn is a 503 with Retry-After.
 */
export async function quotePdfResponse(request: Request, token: string): Promise<Response> {
  const state = await quotePdfState(token);
  if (!state) throw quoteNotFound();
  if (request.method === "HEAD") return new Response(null, { headers: quotePdfHeaders(state.reference, keptQuotePdf(state.quoteId, state.stamp)?.byteLength) });
  let pdf: Uint8Array;
  try {
    pdf = await quotePdf(state.quoteId, state.stamp, async () => {
      const proposal = await findQuoteProposal(token);
      if (!proposal) throw quoteNotFound();
      return proposal;
    });
  } catch (error) {
    if (!(error instanceof QuotePdfDrawersBusy)) throw error;
    return new Response(error.message, {
      status: 503,
      headers: { ...QUOTE_PAGE_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(QUOTE_PDF_RETRY_AFTER_SECONDS) },
    });
  }
  return new Response(new Blob([pdf as Uint8Array<ArrayBuffer>]), { headers: quotePdfHeaders(state.reference, pdf.byteLength) });
}
