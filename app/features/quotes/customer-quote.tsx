import type { ReactNode } from "react";
import { paymentWords, QUOTE_TOTAL_ROWS } from "./quote-words";
import { useBrand } from "~/platform/brand";
import { QuoteLineTables } from "./quote-line-tables";
import { QUOTE_STATUS_LABELS, type CustomerQuote, type QuoteDocument } from "./quotes";
import { formatCalendarDay, formatDateTime } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";
import { buttonClasses } from "~/ui/button";
import { countOf } from "~/lib/plural";

/**
 * The customer's page of a quote (/quote/{token}): the document as the PDF
 * draws it, then what the customer can do with it, which follows its status.
 */

const day = formatCalendarDay;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-10" aria-labelledby={`quote-${title.toLowerCase().replace(/\W+/g, "-")}`}>
      <h2 id={`quote-${title.toLowerCase().replace(/\W+/g, "-")}`} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function QuoteLines({ document }: { document: QuoteDocument }) {
  return (
    <Section title="What is included">
      <QuoteLineTables lines={document.lines} start={document.start} totals={document.totals} />
    </Section>
  );
}

function QuoteTotals({ document }: { document: QuoteDocument }) {
  const { paymentInstructions } = useBrand();
  const due = document.totals.dueOnAcceptanceIncVatPence;
  return (
    <Section title="Totals">
      <dl className="grid max-w-xl gap-1 text-sm" data-quote-totals>
        {QUOTE_TOTAL_ROWS.map((row) => (
          <div key={row.key} className={"flex justify-between gap-4 border-b border-slate-100 py-1" + ("strong" in row ? " font-semibold" : "")}>
            <dt>{row.label}</dt>
            <dd data-total={row.key}>{formatPounds(document.totals[row.key])}</dd>
          </div>
        ))}
      </dl>
      {due > 0 ? (
        <p className="mt-3 max-w-xl text-sm text-slate-700" data-payment-words>
          {paymentWords(due, paymentInstructions)}
        </p>
      ) : null}
    </Section>
  );
}

function ContractSummary({ document }: { document: QuoteDocument }) {
  const summary = document.contractSummary;
  if (!summary) return null;
  return (
    <Section title="Contract summary">
      {summary.longTermWarning ? (
        <p role="note" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900">
          {summary.longTermWarning}
        </p>
      ) : null}
      <div className="grid gap-4 text-sm">
        {summary.services.map((service, index) => (
          <div key={index}>
            <h3 className="font-semibold">{service.description}</h3>
            <ul className="mt-1 list-disc pl-5 text-slate-700">
              <li>Term: {countOf(service.termMonths, "month")}</li>
              <li>
                Monthly price: {formatPounds(service.monthlyPriceExVatPence)} ex VAT ({formatPounds(service.monthlyPriceIncVatPence)} inc VAT)
              </li>
              <li>Price rises (ex VAT): {service.priceRises.length > 0 ? service.priceRises.join("; ") : "none"}</li>
              <li>Allowances: {service.allowances}</li>
              <li>Roaming: {service.roaming}</li>
            </ul>
          </div>
        ))}
        <div>
          <h3 className="font-semibold">Out of bundle</h3>
          <p className="text-slate-700">{summary.outOfBundle}</p>
        </div>
        <div>
          <h3 className="font-semibold">How to leave</h3>
          <p className="text-slate-700">{summary.howToLeave}</p>
        </div>
      </div>
    </Section>
  );
}

/** The quote's content: the same document its PDF is drawn from. */
export function QuoteDocumentView({ document, pdfHref }: { document: QuoteDocument; pdfHref: string }) {
  return (
    <article aria-labelledby="quote-title">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Your quote from {document.brandName}</p>
      <h1 id="quote-title" className="mt-1 text-3xl font-bold text-slate-900">
        Quote {document.reference}
      </h1>
      <dl className="mt-4 grid gap-x-8 gap-y-1 text-sm sm:grid-cols-2">
        <Fact term="Version">{document.version}</Fact>
        <Fact term="For">
          {document.customer.businessName} ({document.customer.contactName})
        </Fact>
        <Fact term="Issued">{day(document.issuedOn)}</Fact>
        <Fact term="Valid until">{day(document.validUntil)}</Fact>
      </dl>
      <p className="mt-4">
        <a href={pdfHref} download className={buttonClasses("outline", "sm")}>
          Download PDF
        </a>
      </p>
      {document.customerNote ? <p className="mt-6 rounded-md bg-slate-50 p-4 text-sm whitespace-pre-wrap text-slate-800">{document.customerNote}</p> : null}
      <QuoteLines document={document} />
      <QuoteTotals document={document} />
      <ContractSummary document={document} />
      <Section title={`Terms (version ${document.terms.version})`}>
        <p className="text-xs whitespace-pre-wrap text-slate-700">{document.terms.text}</p>
      </Section>
    </article>
  );
}

/** What the page says in place of the forms once the quote cannot be answered, or has been. */
export function QuoteOutcome({ quote, newQuoteHref }: { quote: CustomerQuote; newQuoteHref: string }) {
  const { document } = quote;
  switch (quote.status) {
    case "accepted":
      return quote.acceptance ? (
        <section aria-labelledby="receipt-title" className="rounded-xl border border-emerald-300 bg-emerald-50 p-6" data-quote-receipt>
          <h2 id="receipt-title" className="text-xl font-bold text-emerald-900">
            Quote accepted: your receipt
          </h2>
          <dl className="mt-3 grid gap-1 text-sm">
            <Fact termClassName="font-semibold" term="Accepted by">{`${quote.acceptance.fullName}, ${quote.acceptance.role}`}</Fact>
            <Fact termClassName="font-semibold" term="On">
              {formatDateTime(quote.acceptance.acceptedAt)}
            </Fact>
            <Fact termClassName="font-semibold" term="Reference">
              {document.reference}
            </Fact>
            <Fact termClassName="font-semibold" term="Monthly">
              {formatPounds(document.totals.monthlyExVatPence)} ex VAT ({formatPounds(document.totals.monthlyIncVatPence)} inc VAT)
            </Fact>
            <Fact termClassName="font-semibold" term="Due on acceptance">
              {formatPounds(document.totals.dueOnAcceptanceIncVatPence)} inc VAT
            </Fact>
            <div className="grid gap-1">
              <dt className="font-semibold">Fingerprint of this quote as accepted (SHA-256)</dt>
              <dd className="font-mono text-xs break-all" data-content-hash>
                {quote.acceptance.contentHash}
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-sm">
            Keep this page or the PDF as your copy: the PDF ends with a certificate of this acceptance. We will be in touch to arrange everything.
          </p>
        </section>
      ) : null;
    case "declined":
      return (
        <section className="rounded-xl border border-slate-300 bg-slate-50 p-6" data-quote-declined>
          <h2 className="text-xl font-bold">Thank you for letting us know</h2>
          <p className="mt-2 text-sm">
            You declined this quote{quote.declinedAt ? ` on ${formatDateTime(quote.declinedAt)}` : ""}. Your answer is with your account manager.
          </p>
        </section>
      );
    case "expired":
      return (
        <section className="rounded-xl border border-amber-300 bg-amber-50 p-6" data-quote-expired>
          <h2 className="text-xl font-bold">This quote has expired</h2>
          <p className="mt-2 text-sm">
            It was valid until {day(document.validUntil)} and can no longer be accepted.{" "}
            <a href={newQuoteHref} className="font-semibold underline">
              Ask us for a new quote
            </a>{" "}
            and we will send one straight away.
          </p>
        </section>
      );
    case "superseded":
      return (
        <section className="rounded-xl border border-amber-300 bg-amber-50 p-6" data-quote-superseded>
          <h2 className="text-xl font-bold">This quote has been replaced</h2>
          <p className="mt-2 text-sm">
            We have sent you a newer version, so this one can no longer be accepted.{" "}
            {quote.supersededByPath ? (
              <a href={quote.supersededByPath} className="font-semibold underline">
                Open the new version
              </a>
            ) : null}
          </p>
        </section>
      );
    case "withdrawn":
      return (
        <section className="rounded-xl border border-slate-300 bg-slate-50 p-6" data-quote-withdrawn>
          <h2 className="text-xl font-bold">This quote has been withdrawn</h2>
          <p className="mt-2 text-sm">It can no longer be accepted. Please contact us if you would like a new one.</p>
        </section>
      );
    default:
      return null;
  }
}

/** The staff member's view of the customer's page: nothing they do here counts or answers. */
export function StaffPreviewBanner({ status }: { status: CustomerQuote["status"] }) {
  return (
    <p role="status" className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-900" data-staff-preview>
      Staff preview: not counted as a view. The customer can accept or decline here; you cannot. Status: {QUOTE_STATUS_LABELS[status]}
    </p>
  );
}

/** One fact in a list of them: a term (muted under the quote's title, bold in a receipt) and what it is. */
function Fact({ term, termClassName = "text-slate-600", children }: { term: string; termClassName?: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className={termClassName}>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
