import type { PersonExport, PersonExportSection } from "./person-export";
import type {
  PersonAuditEntry,
  PersonConsentRecord,
  PersonContract,
  PersonOrder,
  PersonDataRequest,
  PersonEnquiry,
  PersonLead,
  PersonLeadActivity,
  PersonNewsletterSignup,
  PersonOutboxRow,
  PersonQuote,
  PersonSignInFailures,
} from "./person-data";
import { deliveryState } from "./person-data";
import { DATA_REQUEST_KIND_LABELS, DATA_REQUEST_STATUS_LABELS } from "./data-protection";
import { CONSENT_WITHDRAWN_HOW_LABELS, LEAD_STATUS_LABELS } from "~/features/leads";
import { CONTACT_SUBJECT_LABELS } from "~/features/inbox";
import { QUOTE_STATUS_LABELS, type QuoteLine } from "~/features/quotes";
import { dealFacts, type TariffSnapshot } from "~/features/tariffs";
import { DELIVERY_KIND_LABELS, isDeliveryKind } from "~/platform/outbox-kinds";
import { formatDateTime } from "~/lib/calendar";
import { formatCount } from "~/lib/money";
import {
  contractFields,
  copyFields,
  day,
  dealInWords,
  exAndIncVat,
  nameOf,
  orderFields,
  pageName,
  parsed,
  quoteLineInWords,
  when,
  type Field,
  type StoredTotals,
} from "./person-export-words";
import { escapeHtml } from "~/lib/html";
import { titleWithCount } from "~/lib/plural";

/**
 * The access export's readable page: the JSON download's records (person-export.ts) written for the person they are about, who is a member of the public.
 * Each record is a list of plain labels and values in words: UK dates and times, money in pounds, a chosen deal as its name and price, a quote's lines as
 * sentences, an email as its subject and text. Internal numbers (row ids, staff ids) are the JSON's alone; nothing here is JSON or a column's name.
 */

const leadReferences = (data: PersonExport) => {
  const leads = (data.sections.find((section) => section.key === "leads")?.records ?? []) as PersonLead[];
  return new Map(leads.map((lead) => [lead.id, lead.reference]));
};

/** Each kind of record's fields, in the order a reader wants them. */
function recordFields(key: PersonExportSection["key"], record: unknown, references: Map<number, string>): Field[] {
  switch (key) {
    case "leads": {
      const lead = record as PersonLead;
      const deal = parsed<TariffSnapshot>(lead.tariff);
      const shortlist = parsed<TariffSnapshot[]>(lead.tariffShortlist);
      return [
        ["Reference", lead.reference],
        ["Sent on", when(lead.createdAt)],
        ["Name", nameOf(lead.firstName, lead.lastName)],
        ["Job title", lead.jobTitle],
        ["Email", lead.email],
        ["Phone", lead.phoneNumber],
        ["Business", lead.businessName],
        ["Company name", lead.companyName !== lead.businessName ? lead.companyName : null],
        ["Type of business", lead.businessType],
        ["Postcode", lead.postcode],
        ["Team size", lead.teamSize],
        ["When your current contract ends", lead.contractExpiry],
        ["Contract length wanted", lead.contractLength],
        ["What you need", lead.requirements],
        ["Page you sent it from", pageName(lead.sourcePage)],
        ["Your chosen deal", deal ? dealFacts(deal) : null],
        ["Deals we suggested", shortlist?.length ? shortlist.map(dealInWords).join("; ") : null],
        ["Status with us", LEAD_STATUS_LABELS[lead.status] ?? lead.status],
        ["First contacted by us", when(lead.firstContactedAt)],
        ["Passed to our sales system", when(lead.webhookDeliveredAt)],
        ["Last changed", when(lead.updatedAt)],
        ["Personal details cleared", when(lead.anonymisedAt)],
      ];
    }
    case "leadActivity": {
      const entry = record as PersonLeadActivity;
      return [
        ["Quote request", references.get(entry.leadId) ?? null],
        ["When", when(entry.createdAt)],
        ["By", entry.actorName],
        ["What", entry.body],
      ];
    }
    case "quotes": {
      const quote = record as PersonQuote;
      const lines = parsed<QuoteLine[]>(quote.lines) ?? [];
      const totals = parsed<StoredTotals>(quote.totals);
      return [
        ["For quote request", quote.leadReference],
        ["Version", formatCount(quote.version)],
        ["Status", QUOTE_STATUS_LABELS[quote.status] ?? quote.status],
        ["What it offers", lines.length ? lines.map((line, index): Field => [`Line ${index + 1}`, quoteLineInWords(line)]) : null],
        ["A month", totals ? exAndIncVat(totals.monthlyExVatPence, totals.monthlyIncVatPence) : null],
        ["One-off", totals?.oneOffExVatPence ? exAndIncVat(totals.oneOffExVatPence, totals.oneOffIncVatPence) : null],
        ["Whole contract", totals ? exAndIncVat(totals.contractTotalExVatPence, totals.contractTotalIncVatPence) : null],
        ["Starts", day(quote.start)],
        ["Valid until", day(quote.validUntil)],
        ["Our note to you", quote.customerNote],
        ["Our internal note", quote.internalMemo],
        ["Terms", quote.termsVersion],
        ["Made by", quote.createdBy ? "Our staff" : null],
        ["Made on", when(quote.createdAt)],
        ["Sent to you", when(quote.sentAt)],
        ["First opened", when(quote.firstViewedAt)],
        ["Last opened", when(quote.lastViewedAt)],
        ["Times opened", quote.viewCount ? formatCount(quote.viewCount) : null],
        ["Accepted", when(quote.acceptedAt)],
        ["Accepted by", nameOf(quote.acceptedName, quote.acceptedRole ? `(${quote.acceptedRole})` : null) || null],
        ["Accepted from (internet address)", quote.acceptedIp],
        ["Accepted with (browser)", quote.acceptedUserAgent],
        ["Declined", when(quote.declinedAt)],
        ["Why declined", quote.declineReason],
        ["Withdrawn by us", when(quote.withdrawnAt)],
        ["Last changed", when(quote.updatedAt)],
      ];
    }
    case "orders":
      return orderFields(record as PersonOrder);
    case "contracts":
      return contractFields(record as PersonContract);
    case "enquiries": {
      const enquiry = record as PersonEnquiry;
      return [
        ["Sent on", when(enquiry.createdAt)],
        ["Name", nameOf(enquiry.firstName, enquiry.lastName)],
        ["Email", enquiry.email],
        ["Phone", enquiry.contactNumber],
        ["Subject", CONTACT_SUBJECT_LABELS[enquiry.subject] ?? enquiry.subject],
        ["Message", enquiry.message],
        ["Personal details cleared", when(enquiry.anonymisedAt)],
      ];
    }
    case "newsletterSignups": {
      const signup = record as PersonNewsletterSignup;
      return [
        ["Email", signup.email],
        ["Name", nameOf(signup.firstName, signup.lastName) || null],
        ["Page you signed up on", pageName(signup.sourcePage)],
        ["Signed up", when(signup.createdAt)],
        ["Last signed up", signup.lastSignedUpAt && signup.lastSignedUpAt !== signup.createdAt ? when(signup.lastSignedUpAt) : null],
        ["Confirmed", when(signup.confirmedAt) ?? "Not confirmed"],
        ["Confirmation link valid until", signup.confirmedAt ? null : when(signup.confirmationExpiresAt)],
        ["Unsubscribed", when(signup.unsubscribedAt)],
      ];
    }
    case "consentRecords": {
      const consent = record as PersonConsentRecord;
      return [
        ["Email", consent.email],
        ["What you agreed to", `"${consent.wording}" (version ${consent.wordingVersion})`],
        ["Page", pageName(consent.page)],
        ["Given", when(consent.givenAt)],
        [
          "Withdrawn",
          consent.withdrawnAt ? nameOf(when(consent.withdrawnAt), consent.withdrawnHow ? CONSENT_WITHDRAWN_HOW_LABELS[consent.withdrawnHow] : null) : null,
        ],
      ];
    }
    case "outbox": {
      const row = record as PersonOutboxRow;
      const state = deliveryState(row);
      return [
        ["What", isDeliveryKind(row.kind) ? DELIVERY_KIND_LABELS[row.kind] : row.kind],
        ["Made", when(row.createdAt)],
        ["Sent", state === "sent" ? when(row.deliveredAt) : state === "failed" ? `Not sent: gave up on ${when(row.failedAt)}` : "Not sent yet"],
        ...copyFields(row.payload),
      ];
    }
    case "auditEntries": {
      const entry = record as PersonAuditEntry;
      return [
        ["When", when(entry.createdAt)],
        ["Who", entry.actorName],
        ["What", entry.summary],
      ];
    }
    case "signInFailures": {
      const row = record as PersonSignInFailures;
      return [
        ["Email typed", row.accountKey],
        ["Failed tries", formatCount(row.failures)],
        ["Last", when(row.lastFailedAt)],
      ];
    }
    case "dataRequests": {
      const request = record as PersonDataRequest;
      return [
        ["Request", DATA_REQUEST_KIND_LABELS[request.kind] ?? request.kind],
        ["Received", day(request.receivedOn)],
        ["Answer due by", day(request.dueOn)],
        ["Status", DATA_REQUEST_STATUS_LABELS[request.status] ?? request.status],
        ["Your contact", request.contact],
        ["Our notes", request.notes],
        ["Handled by", request.handledByName],
        ["Closed", day(request.closedOn)],
      ];
    }
  }
}

function fieldList(fields: Field[]): string {
  const shown = fields.filter(([, value]) => (Array.isArray(value) ? value.length > 0 : Boolean(value)));
  const items = shown.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${Array.isArray(value) ? fieldList(value) : escapeHtml(value!)}</dd>`);
  return `<dl>${items.join("")}</dl>`;
}

const PAGE_STYLE =
  "body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}" +
  ".about dt,.record>dl>dt{font-weight:600}dd{margin:0 0 .5rem;white-space:pre-line;overflow-wrap:anywhere}dd dl{margin:.25rem 0 0 1rem}" +
  ".record{border:1px solid #cbd5e1;border-radius:.375rem;padding:.5rem .75rem;margin:.75rem 0}";

/** The export as one plain, self-contained HTML document (no scripts, styles inline), every value escaped. */
export function personExportHtml(data: PersonExport): string {
  const who = [data.searchedFor.email, data.searchedFor.phone].filter(Boolean).join(" / ");
  const yesNo = (value: boolean | null) => (value === null ? "not searched" : value ? "yes" : "no");
  const references = leadReferences(data);
  const sections = data.sections
    .map(
      (section) => `<section>
<h2>${escapeHtml(titleWithCount(section.title, section.records.length))}</h2>
<dl class="about">
<dt>Why we keep it</dt><dd>${escapeHtml(section.purpose)}</dd>
<dt>Where it came from</dt><dd>${escapeHtml(section.source)}</dd>
<dt>How long we keep it</dt><dd>${escapeHtml(section.retention)}</dd>
<dt>Who it was sent to</dt><dd>${escapeHtml(section.recipients.length ? section.recipients.join(", ") : "No one outside our staff")}</dd>
</dl>
${section.records.length ? section.records.map((record) => `<div class="record">${fieldList(recordFields(section.key, record, references))}</div>`).join("\n") : "<p>None held.</p>"}
</section>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your data held by ${escapeHtml(data.controller.name)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<h1>Your data held by ${escapeHtml(data.controller.name)}</h1>
<p>Everything we hold about ${escapeHtml(who)}, as of ${escapeHtml(formatDateTime(data.generatedAt))} (UK time). Questions: ${escapeHtml(data.controller.email)}.</p>
<p>Email on our suppression list (never contacted again): ${yesNo(data.onSuppressionList.email)}. Phone on our suppression list: ${yesNo(data.onSuppressionList.phone)}.</p>
${sections}
</body>
</html>
`;
}
