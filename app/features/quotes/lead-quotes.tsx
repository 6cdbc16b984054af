import { Form, Link } from "@remix-run/react";
import { Button, ButtonLink } from "~/ui/button";
import { newQuotePath, QUOTE_INTENTS, quoteEditorPath, withdrawQuotePath } from "./quote-form";
import { isOpenQuoteStatus, quoteVersionLabel, type Quote, type QuoteStatus } from "./quotes";
import { QuoteStatusBadge } from "./quote-status-badge";
import { formatDateTime } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";
import { useSiteOrigin } from "~/platform/brand";
import { CopyLink } from "~/ui/copy-link";
import { countOf } from "~/lib/plural";

/** A quote as the lead page lists it: its status as of today. */
export type LeadQuoteEntry = Pick<Quote, "id" | "version" | "sentAt" | "firstViewedAt" | "acceptedAt" | "viewCount" | "customerPath"> & {
  status: QuoteStatus;
  monthlyExVatPence: number;
};

const linkClass = "inline-flex min-h-6 items-center font-medium text-brand-700 underline underline-offset-2";

function When({ label, at }: { label: string; at: string | null }) {
  if (!at) return null;
  return (
    <span>
      {`${label} `}
      <time dateTime={at}>{formatDateTime(at)}</time>
    </span>
  );
}

/**
 * The lead's quotes, first version first, each with what can be done to it;
 * "New quote" opens the lead's draft (drafting one from the chosen deal when
 * there is none). Without permission to work leads, the list alone.
 */
export function LeadQuotes({ leadId, quotes, canWork }: { leadId: number; quotes: LeadQuoteEntry[]; canWork: boolean }) {
  const origin = useSiteOrigin();
  return (
    <section className="grid gap-2" aria-labelledby="lead-quotes-heading" data-testid="lead-quotes">
      <div className="flex items-center justify-between gap-2">
        <h3 id="lead-quotes-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
          Quotes
        </h3>
        {canWork ? (
          <Form method="post" action={newQuotePath(leadId)}>
            <Button type="submit" size="sm" variant="outline">
              New quote
            </Button>
          </Form>
        ) : null}
      </div>
      {quotes.length === 0 ? <p className="text-sm text-slate-600">No quotes yet.</p> : null}
      <ul className="grid gap-2 text-sm">
        {quotes.map((quote) => {
          const label = quoteVersionLabel(quote.version);
          const editor = quoteEditorPath(leadId, quote.id);
          return (
            <li key={quote.id} className="grid gap-1 rounded-md p-2 ring-1 ring-slate-200" data-testid="lead-quote" data-status={quote.status}>
              <p className="text-slate-900">
                <span className="font-semibold">{label}</span> ·{" "}
                <span data-testid="lead-quote-status">
                  <QuoteStatusBadge status={quote.status} />
                </span>{" "}
                · {`${formatPounds(quote.monthlyExVatPence)} a month ex VAT`}
              </p>
              <p className="flex flex-wrap gap-x-3 text-slate-600">
                <When label="Sent" at={quote.sentAt} />
                <When label="First viewed" at={quote.firstViewedAt} />
                <When label="Accepted" at={quote.acceptedAt} />
                {quote.sentAt ? <span>{countOf(quote.viewCount, "view")}</span> : null}
              </p>
              {quote.customerPath && isOpenQuoteStatus(quote.status) ? (
                <CopyLink url={`${origin}${quote.customerPath}`} label={`The customer's link to ${label}`} />
              ) : null}
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                {quote.status === "draft" ? (
                  canWork ? (
                    <Link to={editor} preventScrollReset className={linkClass}>
                      {`Edit ${label}`}
                    </Link>
                  ) : null
                ) : (
                  <Link to={editor} preventScrollReset className={linkClass}>
                    {`View ${label}`}
                  </Link>
                )}
                {quote.customerPath ? (
                  <>
                    <a href={quote.customerPath} target="_blank" rel="noreferrer" className={linkClass}>
                      Open the customer&apos;s page
                    </a>
                    <a href={`${quote.customerPath}.pdf`} className={linkClass}>
                      Download PDF
                    </a>
                  </>
                ) : null}
                {canWork && quote.status !== "draft" && quote.status !== "accepted" ? (
                  <Form method="post" action={editor} className="inline">
                    <Button type="submit" name="intent" value={QUOTE_INTENTS.revise} size="sm" variant="ghost">
                      {`Revise ${label}`}
                    </Button>
                  </Form>
                ) : null}
                {canWork && isOpenQuoteStatus(quote.status) ? (
                  <ButtonLink to={withdrawQuotePath(leadId, quote.id)} preventScrollReset size="sm" variant="ghost">
                    {`Withdraw ${label}`}
                  </ButtonLink>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
