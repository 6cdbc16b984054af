import type { AdminUser } from "~/features/staff";
import { fullName } from "~/features/staff";
import { dealName } from "~/features/tariffs";
import { isOverdue, LEAD_RESPONSE_HOURS, toLead } from "./leads";
import type { LeadFilters } from "./leads-schema";
import { getDb } from "~/platform/db.server";
import { recordExport } from "~/features/staff/index.server";
import { csvStreamNewestFirst, searchFilterWords } from "~/platform/listing.server";
import { leadFilterFor, STAFF_LEAD_COLUMNS, whereMatches } from "./lead-list.server";
import { formatDateTime } from "~/lib/calendar";
import { plainPounds } from "~/lib/money";
import { LEAD_STATUS_LABELS } from "./lead-lists";
import { ATTRIBUTION_FIELDS, type AttributionField } from "./attribution";

const ATTRIBUTION_CSV_HEADINGS: Record<AttributionField, string> = {
  source: "Source",
  medium: "Medium",
  campaign: "Campaign",
  term: "Term",
  content: "Content",
  referrerDomain: "Referring Site",
  landingPath: "Landing Page",
  formPath: "Form Page",
};

/** The spec's export columns first (SPEC section 2), then every other field, the owner and the first contact. */
export const LEAD_CSV_COLUMNS = [
  "Date",
  "Company",
  "Contact",
  "Email",
  "Phone",
  "Team Size",
  "Contract Length",
  "Status",
  "Reference",
  "Job Title",
  "Business Name",
  "Business Type",
  "Contract Ends",
  "Postcode",
  "Requirements",
  "Came From",
  "Assigned To",
  "Assignee Email",
  "First Contacted",
  "Overdue",
  "Updated",
  // The chosen deal, as the visitor saw it (empty for none); pounds ex VAT.
  "Tariff Slug",
  "Tariff Name",
  "Tariff Lines",
  "Tariff Team Monthly ex VAT",
  "Tariff Contract Total ex VAT",
  // Where it came from (attribution.ts), in ATTRIBUTION_FIELDS' order; empty where not recorded.
  ...ATTRIBUTION_FIELDS.map((field) => ATTRIBUTION_CSV_HEADINGS[field]),
];

/** The leads `viewer` filtered, as CSV, streamed newest first a chunk at a time; the export is in the audit log. */
export async function leadsCsvStream(viewer: AdminUser, filters: Pick<LeadFilters, "q" | "status" | "assigned">): Promise<ReadableStream<Uint8Array>> {
  const filter = leadFilterFor(viewer, filters);
  const onFinish = await recordExport(viewer, {
    action: "leads.exported",
    entityType: "lead",
    what: "leads",
    one: "lead",
    filters: [
      ...searchFilterWords(filters.q),
      ...(filters.status ? [`status ${LEAD_STATUS_LABELS[filters.status]}`] : []),
      ...(filters.assigned ? [filters.assigned === "mine" ? "assigned to them" : "unassigned"] : []),
    ],
    unfiltered: "all leads",
  });
  // Every staff member once (a short list), rather than a join in each chunk.
  const db = await getDb();
  const staff = new Map(
    (await db.selectFrom("adminUsers").select(["id", "firstName", "lastName", "email"]).execute()).map((user) => [
      user.id,
      { name: fullName(user), email: user.email },
    ]),
  );
  const now = new Date();
  return csvStreamNewestFirst({
    onFinish,
    header: LEAD_CSV_COLUMNS,
    query: (db) => db.selectFrom("leads").select(STAFF_LEAD_COLUMNS).where(whereMatches(filter)),
    cells: (row) => {
      const owner = row.assignedTo ? staff.get(row.assignedTo) : undefined;
      const lead = toLead(row);
      const deal = lead.tariff;
      return [
        formatDateTime(row.createdAt),
        lead.companyName,
        `${row.firstName} ${row.lastName}`,
        row.email,
        row.phoneNumber,
        row.teamSize,
        row.contractLength || row.contractExpiry,
        LEAD_STATUS_LABELS[lead.status],
        row.reference,
        row.jobTitle,
        row.businessName,
        row.businessType,
        row.contractExpiry,
        row.postcode,
        row.requirements,
        row.sourcePage,
        owner?.name,
        owner?.email,
        row.firstContactedAt ? formatDateTime(row.firstContactedAt) : "",
        isOverdue({ ...lead, firstContactedAt: row.firstContactedAt }, now, LEAD_RESPONSE_HOURS) ? "Yes" : "No",
        formatDateTime(row.updatedAt),
        deal?.slug,
        deal ? dealName(deal) : "",
        deal ? String(deal.lines) : "",
        deal ? plainPounds(deal.teamMonthlyExVatPence) : "",
        deal ? plainPounds(deal.contractTotalExVatPence) : "",
        ...ATTRIBUTION_FIELDS.map((field) => lead.attribution[field]),
      ];
    },
  });
}
