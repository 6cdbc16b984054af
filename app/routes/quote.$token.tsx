import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { CustomerOrderProgress } from "~/features/orders";
import { customerOrderProgress, ensureOrderForQuote } from "~/features/orders/index.server";
import { CustomerLinkError, QuoteFrame } from "~/features/site/customer-page-frame";
import { logger } from "~/platform/logger.server";
import { QuoteDocumentView, QuoteOutcome, StaffPreviewBanner } from "~/features/quotes/customer-quote";
import { QuoteAnswerBar, QuoteAnswerForms } from "~/features/quotes/quote-answer-forms";
import { isOpenQuoteStatus } from "~/features/quotes/quotes";
import { findCustomerQuote, recordQuoteView } from "~/features/quotes/quote-customer.server";
import { answerQuote, isCustomerOpening, isStaffPreview, QUOTE_PAGE_HEADERS, quoteNotFound, quotePageHeaders } from "~/features/quotes/quote-pages.server";

/**
 * The customer's quote at the link they were emailed: its own plain frame
 * (not the public site's, nor in its page cache), noindex and no-store.
 * The customer opening it counts a view (not its showing again after their own answer), unless
 * a signed-in member of staff is previewing.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Quote ${data.quote.document.reference} – ${data.quote.document.brandName}` : "Quote not found" },
  { name: "robots", content: "noindex" },
];

export const headers = quotePageHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const preview = await isStaffPreview(request);
  if (!preview && isCustomerOpening(request)) await recordQuoteView(token);
  const quote = await findCustomerQuote(token);
  if (!quote) throw quoteNotFound();
  // An accepted quote leads on to its order (quotes cannot know of orders: the route brings the two together).
  const order = quote.status === "accepted" ? await customerOrderProgress(token) : null;
  return json({ quote, preview, token, order }, { headers: QUOTE_PAGE_HEADERS });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const answered = await answerQuote(request, token);
  // Accepted (now, or a repeat of the same acceptance): its order is made at once, ready for the customer's details. Idempotent; should this request end
  // before it, the order page makes it when first opened.
  if (answered.status < 400) {
    try {
      await ensureOrderForQuote(token);
    } catch (error) {
      // The acceptance is kept whatever happens here: the order page makes the order when the customer opens it.
      logger.error({ event: "order.create_failed", err: error }, "Making the order of an accepted quote failed");
    }
  }
  return answered;
}

export default function CustomerQuotePage() {
  const { quote, preview, token, order } = useLoaderData<typeof loader>();
  const path = `/quote/${token}`;
  return (
    <QuoteFrame banner={preview ? <StaffPreviewBanner status={quote.status} /> : null}>
      <div className="mb-8">
        <QuoteOutcome quote={quote} newQuoteHref="/contact" />
      </div>
      {quote.status === "accepted" ? (
        <div className="mb-8">
          <CustomerOrderProgress order={order} orderHref={`${path}/order`} />
        </div>
      ) : null}
      <QuoteDocumentView document={quote.document} pdfHref={`${path}.pdf`} />
      {isOpenQuoteStatus(quote.status) && !preview ? (
        <div className="mt-12 max-sm:pb-20">
          <QuoteAnswerForms document={quote.document} fingerprint={quote.fingerprint} action={path} />
          <QuoteAnswerBar document={quote.document} />
        </div>
      ) : null}
    </QuoteFrame>
  );
}

/**
 * The one answer to a link that is not a sent quote's (mistyped, changed,
 * guessed or a draft's): the same words and headers whatever was wrong with it.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <CustomerLinkError of="quote" notFound={notFound} />;
}
