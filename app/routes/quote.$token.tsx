import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { BrandLogo } from "~/features/site/brand-logo";
import { QuoteDocumentView, QuoteOutcome, StaffPreviewBanner } from "~/features/quotes/customer-quote";
import { QuoteAnswerBar, QuoteAnswerForms } from "~/features/quotes/quote-answer-forms";
import { isOpenQuoteStatus } from "~/features/quotes/quotes";
import { findCustomerQuote, recordQuoteView } from "~/features/quotes/quote-customer.server";
import { answerQuote, isCustomerOpening, isStaffPreview, QUOTE_PAGE_HEADERS, quoteNotFound, quotePageHeaders } from "~/features/quotes/quote-pages.server";
import type { RootLoader } from "~/root";

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
  return json({ quote, preview, token }, { headers: QUOTE_PAGE_HEADERS });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return answerQuote(request, params.token ?? "");
}

/** The page's plain frame: the brand and its phone number, no site navigation. */
function QuoteFrame({ banner, children }: { banner?: ReactNode; children: ReactNode }) {
  const root = useRouteLoaderData<RootLoader>("root");
  return (
    <div className="flex min-h-screen flex-col bg-white">
      {banner}
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-4xl items-center justify-between px-4 py-4 sm:px-6">
          {root ? <BrandLogo name={root.brand.name} /> : null}
          {root ? <span className="text-sm text-slate-600">{root.brand.phone}</span> : null}
        </div>
      </header>
      <main id="main-content" className="mx-auto w-full max-w-4xl flex-1 px-4 py-10 sm:px-6">
        {children}
      </main>
    </div>
  );
}

export default function CustomerQuotePage() {
  const { quote, preview, token } = useLoaderData<typeof loader>();
  const path = `/quote/${token}`;
  return (
    <QuoteFrame banner={preview ? <StaffPreviewBanner status={quote.status} /> : null}>
      <div className="mb-8">
        <QuoteOutcome quote={quote} newQuoteHref="/contact" />
      </div>
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
  return (
    <QuoteFrame>
      <h1 className="text-2xl font-bold text-slate-900">{notFound ? "We could not find this quote" : "Sorry, we couldn't load this quote"}</h1>
      <p className="mt-3 text-slate-700">
        {notFound
          ? "Please check the link in your email: it may be incomplete. If it still does not open, call or email us and we will send it again."
          : "Please try again in a moment. If the problem continues, call or email us and we'll help straight away."}
      </p>
    </QuoteFrame>
  );
}
