import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, ButtonLink } from "~/ui/button";
import { FormAlert } from "~/ui/form-alert";
import { leadPagePath, QUOTE_INTENTS, withdrawQuotePath } from "./quote-form";
import { isOpenQuoteStatus, type Quote, type QuoteContractSummary, type QuoteStatus, type QuoteTotals } from "./quotes";
import { QuoteStatusBadge } from "./quote-status-badge";
import { QuoteLineTables } from "./quote-line-tables";
import { formatCalendarDay } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";
import { countOf } from "~/lib/plural";

/** What the quote's screen is given by its loader. */
export interface QuoteEditorData {
  leadId: number;
  lead: { reference: string; companyName: string; email: string; teamSize: string };
  label: string;
  status: QuoteStatus;
  quote: Quote;
  contractSummary: QuoteContractSummary | null;
  values: Partial<Record<string, string>>;
  tariffs: Array<{ slug: string; name: string; minLines: number; maxLines: number }>;
  shortlist: Array<{ slug: string; name: string; lines: number }>;
}

const TOTAL_ROWS: Array<{ key: keyof Omit<QuoteTotals, "lines">; label: string }> = [
  { key: "monthlyExVatPence", label: "Monthly ex VAT" },
  { key: "monthlyVatPence", label: "VAT on monthly" },
  { key: "monthlyIncVatPence", label: "Monthly inc VAT" },
  { key: "oneOffExVatPence", label: "One-off ex VAT" },
  { key: "oneOffVatPence", label: "VAT on one-off" },
  { key: "dueOnAcceptanceIncVatPence", label: "Due on acceptance inc VAT" },
  { key: "contractTotalExVatPence", label: "Contract total ex VAT, with price rises" },
  { key: "contractTotalIncVatPence", label: "Contract total inc VAT, with price rises" },
];

/** The quote's figures, every one from the price module; `data-total` names each for tests and screen checks. */
export function QuoteTotalsList({ totals }: { totals: QuoteTotals }) {
  return (
    <section className="grid gap-2" aria-labelledby="quote-totals-heading" data-testid="quote-totals">
      <h3 id="quote-totals-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        Totals
      </h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" aria-live="polite">
        {TOTAL_ROWS.map((row) => (
          <div key={row.key} className="contents">
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="text-right font-medium text-slate-900 tabular-nums" data-total={row.key}>
              {formatPounds(totals[row.key])}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function Heading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
      {children}
    </h3>
  );
}

/** Ofcom's contract summary for a business of ten or fewer, as the customer will be shown it. */
export function ContractSummaryBlock({ summary }: { summary: QuoteContractSummary }) {
  return (
    <section
      className="grid gap-2 rounded-lg bg-slate-50 p-4 text-sm ring-1 ring-slate-200"
      aria-labelledby="quote-summary-heading"
      data-testid="contract-summary"
    >
      <Heading id="quote-summary-heading">Contract summary (a business of ten or fewer)</Heading>
      {summary.longTermWarning ? (
        <p role="note" className="rounded-md bg-amber-50 p-2 font-medium text-amber-900 ring-1 ring-amber-200" data-testid="long-term-warning">
          {summary.longTermWarning}
        </p>
      ) : null}
      <ul className="grid gap-2">
        {summary.services.map((service, index) => (
          <li key={index}>
            <span className="font-medium text-slate-900">{service.description}</span>
            {`: ${countOf(service.termMonths, "month")}, ${formatPounds(service.monthlyPriceExVatPence)} a month ex VAT (${formatPounds(service.monthlyPriceIncVatPence)} inc VAT)`}
            {service.priceRises.length ? `. ${service.priceRises.join("; ")}, ex VAT` : ""}
            {`. ${service.allowances}. ${service.roaming}.`}
          </li>
        ))}
      </ul>
      <p className="text-slate-700">{summary.outOfBundle}</p>
      <p className="text-slate-700">{summary.howToLeave}</p>
    </section>
  );
}

export function Terms({ terms }: { terms: Quote["terms"] }) {
  return (
    <details className="rounded-lg p-3 text-sm ring-1 ring-slate-200" data-testid="quote-terms">
      <summary className="cursor-pointer font-medium text-slate-900">Terms, version {terms.version}</summary>
      <p className="mt-2 whitespace-pre-line text-slate-700">{terms.text}</p>
    </details>
  );
}

/** A sent quote as it was sent: frozen, with what can still be done to it. */
export function QuoteReadOnly({ editor, canWork, formError }: { editor: QuoteEditorData; canWork: boolean; formError?: string }) {
  const busy = useNavigation().state === "submitting";
  const { quote } = editor;
  return (
    <div className="grid gap-5" data-testid="quote-read-only">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <p className="text-sm text-slate-800">
        <QuoteStatusBadge status={editor.status} />
        {quote.sentAt ? ` · sent to ${editor.lead.email}` : ""}
        {` · valid until ${formatCalendarDay(quote.validUntil)}`}
      </p>
      <QuoteLineTables lines={quote.lines} start={quote.start} totals={quote.totals} />
      {quote.customerNote ? <p className="text-sm whitespace-pre-line text-slate-800">{quote.customerNote}</p> : null}
      {quote.internalMemo ? <p className="text-sm whitespace-pre-line text-slate-600">{`Internal memo: ${quote.internalMemo}`}</p> : null}
      <QuoteTotalsList totals={quote.totals} />
      {editor.contractSummary ? <ContractSummaryBlock summary={editor.contractSummary} /> : null}
      <Terms terms={quote.terms} />
      <div className="flex flex-wrap justify-end gap-2">
        {quote.customerPath ? (
          <>
            <a href={quote.customerPath} target="_blank" rel="noreferrer" className="text-sm font-medium text-brand-700 underline underline-offset-2">
              Open the customer&apos;s page
            </a>
            <a href={`${quote.customerPath}.pdf`} className="text-sm font-medium text-brand-700 underline underline-offset-2">
              Download PDF
            </a>
          </>
        ) : null}
      </div>
      {canWork ? (
        <Form method="post" preventScrollReset className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ButtonLink to={leadPagePath(editor.leadId)} preventScrollReset variant="outline">
            Back to the lead
          </ButtonLink>
          {isOpenQuoteStatus(editor.status) ? (
            <ButtonLink to={withdrawQuotePath(editor.leadId, quote.id)} preventScrollReset variant="outline">
              Withdraw
            </ButtonLink>
          ) : null}
          {editor.status !== "accepted" ? (
            <Button type="submit" name="intent" value={QUOTE_INTENTS.revise} disabled={busy}>
              Revise
            </Button>
          ) : null}
        </Form>
      ) : null}
    </div>
  );
}
