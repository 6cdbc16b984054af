import { Badge, type BadgeTone } from "~/ui/badge";
import { QUOTE_STATUS_LABELS, type QuoteStatus } from "./quotes";
import type { LatestQuote } from "./quotes-screen";
import { formatPounds } from "~/lib/money";

const QUOTE_STATUS_TONES: Record<QuoteStatus, BadgeTone> = {
  draft: "neutral",
  sent: "brand",
  viewed: "purple",
  accepted: "green",
  declined: "red",
  expired: "amber",
  withdrawn: "neutral",
  superseded: "neutral",
};

/** A quote's status as of today, in a pill. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge tone={QUOTE_STATUS_TONES[status]}>{QUOTE_STATUS_LABELS[status]}</Badge>;
}

/** A lead's latest quote in the leads list: its status and monthly value, or "None" before its first quote. */
export function LatestQuoteCell({ quote }: { quote: LatestQuote | null }) {
  if (!quote) return <span className="text-slate-500">None</span>;
  return (
    <>
      <QuoteStatusBadge status={quote.status} />
      <span className="block text-xs text-slate-700">{formatPounds(quote.monthlyExVatPence)} a month ex VAT</span>
    </>
  );
}
