import type { AdminUser } from "~/features/staff";
import { QUOTE_STATUS_LABELS, quoteReference, quoteStatusOn } from "./quotes";
import { QUOTE_CSV_COLUMNS, QUOTE_EXPIRING_LABEL, QUOTE_OWNER_UNASSIGNED } from "./quotes-screen";
import { getDb } from "~/platform/db.server";
import { recordExport } from "~/features/staff/index.server";
import { csvStreamNewestFirst, searchFilterWords } from "~/platform/listing.server";
import { filteredQuotes, quoteBusinessName, staffNames, type QuoteFilter } from "./quote-list.server";
import { toQuote } from "./quotes.server";
import { formatDateTime, ukDay } from "~/lib/calendar";
import { plainPounds } from "~/lib/money";

/** Staff's CSV export of the quotes they filtered on the Quotes screen. Money is pounds ex or inc VAT as named. */

const dateTime = (iso: string | null) => (iso ? formatDateTime(iso) : "");

/** The quotes `viewer` filtered, as CSV, streamed newest first a chunk at a time; the export is in the audit log. */
export async function quotesCsvStream(viewer: AdminUser, filters: QuoteFilter, now = new Date()): Promise<ReadableStream<Uint8Array>> {
  const db = await getDb();
  const staff = await staffNames(db);
  const onFinish = await recordExport(viewer, {
    action: "quotes.exported",
    entityType: "quote",
    what: "quotes",
    one: "quote",
    filters: [
      ...searchFilterWords(filters.q),
      ...(filters.status ? [`status ${QUOTE_STATUS_LABELS[filters.status]}`] : []),
      ...(filters.owner ? [filters.owner === QUOTE_OWNER_UNASSIGNED ? "unassigned" : `owner ${staff.get(filters.owner) ?? filters.owner}`] : []),
      ...(filters.expiring ? [QUOTE_EXPIRING_LABEL.toLowerCase()] : []),
    ],
    unfiltered: "all quotes",
  });
  const today = ukDay(now);
  return csvStreamNewestFirst({
    onFinish,
    header: QUOTE_CSV_COLUMNS,
    // The lead's fields beside each quote's: one table read, so the export's chunks page by the quote's own createdAt and id.
    query: (db) =>
      filteredQuotes(db.selectFrom("quotes"), filters, today)
        .selectAll("quotes")
        .select((eb) => [
          eb.selectFrom("leads").select("leads.reference").whereRef("leads.id", "=", "quotes.leadId").as("leadReference"),
          eb.selectFrom("leads").select("leads.businessName").whereRef("leads.id", "=", "quotes.leadId").as("leadBusinessName"),
          eb.selectFrom("leads").select("leads.companyName").whereRef("leads.id", "=", "quotes.leadId").as("leadCompanyName"),
          eb.selectFrom("leads").select("leads.firstName").whereRef("leads.id", "=", "quotes.leadId").as("leadFirstName"),
          eb.selectFrom("leads").select("leads.lastName").whereRef("leads.id", "=", "quotes.leadId").as("leadLastName"),
          eb.selectFrom("leads").select("leads.email").whereRef("leads.id", "=", "quotes.leadId").as("leadEmail"),
          eb.selectFrom("leads").select("leads.assignedTo").whereRef("leads.id", "=", "quotes.leadId").as("leadAssignedTo"),
        ]),
    cells: ({ leadReference, leadBusinessName, leadCompanyName, leadFirstName, leadLastName, leadEmail, leadAssignedTo, ...row }) => {
      const quote = toQuote(row);
      return [
        quoteReference(leadReference ?? "", quote.version),
        quote.leadId,
        quoteBusinessName({ companyName: leadCompanyName ?? null, businessName: leadBusinessName ?? "" }),
        `${leadFirstName ?? ""} ${leadLastName ?? ""}`.trim(),
        leadEmail,
        QUOTE_STATUS_LABELS[quoteStatusOn(quote, today)],
        leadAssignedTo ? staff.get(leadAssignedTo) : "",
        plainPounds(quote.totals.monthlyExVatPence),
        plainPounds(quote.totals.monthlyIncVatPence),
        plainPounds(quote.totals.oneOffExVatPence),
        plainPounds(quote.totals.contractTotalIncVatPence),
        dateTime(quote.createdAt),
        dateTime(quote.sentAt),
        quote.validUntil,
        dateTime(quote.firstViewedAt),
        quote.viewCount,
        dateTime(quote.acceptedAt),
        quote.acceptedName,
        quote.acceptedRole,
        dateTime(quote.declinedAt),
        quote.declineReason,
        dateTime(quote.withdrawnAt),
      ];
    },
  });
}
