import { Link } from "@remix-run/react";
import { buttonClasses, ButtonLink } from "~/ui/button";
import type { ReactNode } from "react";
import { DATA_REQUEST_KIND_LABELS, DATA_REQUEST_STATUS_LABELS } from "./data-protection";
import { DELIVERY_KIND_LABELS, isDeliveryKind } from "~/platform/outbox-kinds";
import { deliveryState, type PersonErasure, type StaffPersonRecord } from "./person-data";
import { QUOTE_STATUS_LABELS } from "~/features/quotes";
import { formatDateTime } from "~/lib/calendar";
import { CONTACT_SUBJECT_LABELS } from "~/features/inbox";
import { LEAD_STATUS_LABELS } from "~/features/leads";
import { formatCount, formatPounds } from "~/lib/money";
import { NUMBER_CHOICE_LABELS, ORDER_STATUS_LABELS, orderPagePath, SIM_TYPE_LABELS, type OrderLineWithoutPac } from "~/features/orders";

/** Everything found about one person, a section per kind of record (the Data protection screen's "Find a person"). */

/** `count`: how many records the section lists; a section that is not a list (the suppression list's answers) has none. */
function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  const id = `person-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="grid gap-2" data-testid={id}>
      <h3 id={id} className="text-base font-semibold text-slate-900">
        {title}
        {/* No count beside a section with nothing in it: "None found." says so. */}
        {count ? <span className="font-normal text-slate-600"> ({formatCount(count)})</span> : null}
      </h3>
      {count === 0 ? <p className="text-sm text-slate-600">None found.</p> : children}
    </section>
  );
}

function Table({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((cells, index) => (
            <tr key={index}>
              {cells.map((cell, column) => (
                <td key={column} className="px-3 py-2 align-top break-words text-slate-900">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const when = (iso: string | null) => (iso ? formatDateTime(iso) : "");
const kindLabel = (kind: string) => (isDeliveryKind(kind) ? DELIVERY_KIND_LABELS[kind] : kind);
/** A line of an order in one sentence: "1. Jo Bloggs: 07700900123 (PAC ending 456), SIM, Business SIM 30GB, Porting". Never the PAC itself. */
function orderLineText(line: OrderLineWithoutPac): string {
  const number = line.numberChoice === "keep" ? (line.mobileNumber ?? "") : line.numberChoice ? NUMBER_CHOICE_LABELS[line.numberChoice] : "";
  const parts = [
    `${number}${line.pacEnding ? ` (PAC ending ${line.pacEnding})` : ""}`,
    line.simType ? SIM_TYPE_LABELS[line.simType] : "",
    line.tariffName,
    ORDER_STATUS_LABELS[line.status],
  ];
  return `${line.position}. ${line.userName ?? "(no user yet)"}: ${parts.filter(Boolean).join(", ")}`;
}
const yesNo = (value: boolean | null) => (value === null ? "not searched" : value ? "yes" : "no");

/** The person's page's actions: the access downloads, then Object and Erase (each asks first, in a dialog over the page). */
export function PersonActions({ query }: { query: string }) {
  return (
    <>
      <a href={`/admin/data-protection/people/export.json?${query}`} className={buttonClasses("outline", "sm")} download>
        Download (JSON)
      </a>
      <a href={`/admin/data-protection/people/export.html?${query}`} className={buttonClasses("outline", "sm")} download>
        Download (readable page)
      </a>
      <ButtonLink to={`/admin/data-protection/people/object?${query}`} variant="outline" size="sm" preventScrollReset>
        Object / stop contact
      </ButtonLink>
      <ButtonLink to={`/admin/data-protection/people/erase?${query}`} variant="destructive" size="sm" preventScrollReset>
        Erase
      </ButtonLink>
    </>
  );
}

/**
 * After an erasure, while nothing personal is held again: what is kept, and why (docs/privacy-operations.md, Erasure). The page offers no Download, Erase
 * or Object then: there is nothing left to give, erase or stop.
 */
export function PersonErasedNotice({ erased }: { erased: PersonErasure & { customerYears: number } }) {
  return (
    <section
      aria-labelledby="person-erased-heading"
      className="grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm"
      data-testid="person-erased"
    >
      <h3 id="person-erased-heading" className="text-base font-semibold text-slate-900">
        What is still kept after the erasure, and why
      </h3>
      <ul className="grid list-disc gap-1 pl-5 text-slate-700">
        <li>Their email and phone on the suppression list, as a keyed hash (never the address or number itself), so they are never contacted again.</li>
        <li>
          {`Records that name no one: their leads' and orders' references, statuses and dates, and an accepted quote's lines and money figures and each contract's tariff, term, dates and monthly price, the record of a contract kept for ${erased.customerYears} years after it ends (tax and claims).`}
        </li>
        <li>Consent records&apos; wording and dates, without the address, as proof of what was agreed.</li>
        <li>Their requests in the register, without their contact, so a later request from them can be matched.</li>
        <li>Audit entries of what staff did, with their details removed.</li>
      </ul>
      <p className="text-slate-600">Backups made before the erasure still hold them until those backups are replaced.</p>
    </section>
  );
}

export function PersonRecordSections({ record, recipients }: { record: StaffPersonRecord; recipients: Record<number, string[]> }) {
  const referenceOf = new Map(record.leads.map((lead) => [lead.id, lead.reference]));
  return (
    <div className="grid gap-6">
      <Section title="Suppression list">
        <dl className="grid grid-cols-[12rem_1fr] gap-x-4 gap-y-1 text-sm" data-testid="person-suppression">
          <dt className="text-slate-600">Email on the suppression list</dt>
          <dd>{yesNo(record.suppressed.email)}</dd>
          <dt className="text-slate-600">Phone on the suppression list</dt>
          <dd>{yesNo(record.suppressed.phone)}</dd>
        </dl>
      </Section>
      <Section title="Leads" count={record.leads.length}>
        <Table
          head={["Reference", "Name", "Business", "Email", "Phone", "Status", "Received"]}
          rows={record.leads.map((lead) => [
            <Link key="link" to={`/admin/leads/${lead.id}`} className="font-medium text-brand-700 underline">
              {lead.reference}
            </Link>,
            `${lead.firstName} ${lead.lastName}`,
            lead.companyName || lead.businessName,
            lead.email,
            lead.phoneNumber,
            LEAD_STATUS_LABELS[lead.status],
            when(lead.createdAt),
          ])}
        />
      </Section>
      <Section title="Notes and timeline" count={record.leadActivity.length}>
        <Table
          head={["Lead", "Kind", "By", "Text", "When"]}
          rows={record.leadActivity.map((entry) => [referenceOf.get(entry.leadId) ?? "", entry.kind, entry.actorName, entry.body, when(entry.createdAt)])}
        />
      </Section>
      <Section title="Quotes" count={record.quotes.length}>
        <Table
          head={["Lead", "Version", "Status", "Sent", "Accepted by"]}
          rows={record.quotes.map((quote) => [
            quote.leadReference,
            String(quote.version),
            QUOTE_STATUS_LABELS[quote.status],
            when(quote.sentAt),
            quote.acceptedName ? `${quote.acceptedName}${quote.acceptedRole ? `, ${quote.acceptedRole}` : ""} (${when(quote.acceptedAt)})` : "",
          ])}
        />
      </Section>
      <Section title="Orders" count={record.orders.length}>
        <Table
          head={["Reference", "Lead", "Status", "Business", "Billing contact", "Lines"]}
          rows={record.orders.map((order) => [
            <Link key="link" to={orderPagePath(order.id)} className="font-medium text-brand-700 underline">
              {order.reference}
            </Link>,
            order.leadReference ?? "",
            ORDER_STATUS_LABELS[order.status],
            order.businessName ?? "",
            order.onlyTheirLines
              ? "(someone else's order: only their lines shown)"
              : [order.billingName, order.billingEmail, order.billingPhone].filter(Boolean).join(", "),
            <ul key="lines" className="grid gap-1">
              {order.lines.map((line) => (
                <li key={line.id}>{orderLineText(line)}</li>
              ))}
            </ul>,
          ])}
        />
      </Section>
      <Section title="Contracts" count={record.contracts.length}>
        <Table
          head={["Order", "Tariff", "Term", "Start", "End", "A month (ex VAT)"]}
          rows={record.contracts.map((contract) => [
            contract.orderReference,
            contract.tariffName,
            `${formatCount(contract.termMonths)} months`,
            contract.startDate,
            contract.endDate,
            formatPounds(contract.monthlyExVatPence),
          ])}
        />
      </Section>
      <Section title="Contact enquiries" count={record.enquiries.length}>
        <Table
          head={["Name", "Email", "Phone", "Subject", "Message", "Received"]}
          rows={record.enquiries.map((enquiry) => [
            `${enquiry.firstName} ${enquiry.lastName}`,
            enquiry.email,
            enquiry.contactNumber,
            CONTACT_SUBJECT_LABELS[enquiry.subject],
            enquiry.message,
            when(enquiry.createdAt),
          ])}
        />
      </Section>
      <Section title="Newsletter" count={record.newsletterSignups.length}>
        <Table
          head={["Email", "Name", "Signed up", "Confirmed", "Unsubscribed"]}
          rows={record.newsletterSignups.map((signup) => [
            signup.email,
            [signup.firstName, signup.lastName].filter(Boolean).join(" "),
            when(signup.createdAt),
            when(signup.confirmedAt),
            when(signup.unsubscribedAt),
          ])}
        />
      </Section>
      <Section title="Consent records" count={record.consentRecords.length}>
        <Table
          head={["Email", "Wording", "Page", "Given", "Withdrawn"]}
          rows={record.consentRecords.map((consent) => [
            consent.email,
            `${consent.wording} (${consent.wordingVersion})`,
            consent.page,
            when(consent.givenAt),
            consent.withdrawnAt ? `${when(consent.withdrawnAt)} (${consent.withdrawnHow ?? ""})` : "",
          ])}
        />
      </Section>
      <Section title="Emails and webhooks sent" count={record.outbox.length}>
        <Table
          head={["What", "To", "Queued", "State"]}
          rows={record.outbox.map((row) => [kindLabel(row.kind), (recipients[row.id] ?? []).join(", "), when(row.createdAt), deliveryState(row)])}
        />
      </Section>
      <Section title="Audit entries" count={record.auditEntries.length}>
        <Table
          head={["When", "Who", "Action", "Summary"]}
          rows={record.auditEntries.map((entry) => [when(entry.createdAt), entry.actorName, entry.action, entry.summary])}
        />
      </Section>
      <Section title="Failed staff sign-ins with this email" count={record.signInFailures.length}>
        <Table
          head={["Email typed", "Failures", "Last"]}
          rows={record.signInFailures.map((row) => [row.accountKey, String(row.failures), when(row.lastFailedAt)])}
        />
      </Section>
      <Section title="Requests in the register" count={record.dataRequests.length}>
        <Table
          head={["Request", "Received", "Due", "Status", "Contact"]}
          rows={record.dataRequests.map((entry) => [
            DATA_REQUEST_KIND_LABELS[entry.kind],
            entry.receivedOn,
            entry.dueOn,
            DATA_REQUEST_STATUS_LABELS[entry.status],
            entry.contact ?? "(erased)",
          ])}
        />
      </Section>
    </div>
  );
}
