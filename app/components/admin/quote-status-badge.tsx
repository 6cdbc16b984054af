import { Badge, type BadgeTone } from "~/components/ui/badge";
import { QUOTE_STATUS_LABELS, type QuoteStatus } from "~/lib/quotes";

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
