import type { TariffSnapshot } from "~/features/tariffs";
import { ATTRIBUTION_FIELDS, type Attribution } from "./attribution";
import type { LeadStatus } from "./lead-lists";
import type { LeadRow } from "./lead-tables";

/**
 * A lead as staff see it, on the screen and in every JSON answer: the spec's admin view (SPEC section 3, "Lead") with its names, plus every answer the visitor
 * gave. `companyName` is the company staff call: the one given as such, else the wizard's business name. Optional fields are present as null.
 */
export interface Lead {
  id: number;
  companyName: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  email: string;
  phoneNumber: string;
  teamSize: string;
  contractLength: string | null;
  requirements: string | null;
  status: LeadStatus;
  createdAt: string;
  updatedAt: string;
  // Beyond the spec's shape: the wizard's own answers and where the lead came from.
  reference: string;
  businessName: string;
  businessType: string;
  contractExpiry: string;
  postcode: string | null;
  sourcePage: string | null;
  /** The deal the visitor chose on the comparison, as they saw it; null for none. */
  tariff: TariffSnapshot | null;
  /** Up to three deals that fit the answers, shown on the thank-you step; null for leads from before the catalogue. */
  tariffShortlist: TariffSnapshot[] | null;
  /** Where it came from (UTM, referring site, landing and form pages); each null when not recorded. */
  attribution: Attribution;
}

/** A stored JSON snapshot column (leads.tariff, leads.tariffShortlist), read. */
export function storedSnapshot<T extends TariffSnapshot | TariffSnapshot[]>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

export interface LeadAssignee {
  id: string;
  name: string;
  email: string;
}

/** A lead as staff work it (every staff answer, page and JSON): the lead, its owner, when it was first contacted, and whether it waited too long. */
export interface StaffLead extends Lead {
  assignedTo: LeadAssignee | null;
  firstContactedAt: string | null;
  overdue: boolean;
}

/** A lead as a row of the leads screen shows it: without its deal, which only the details show (a snapshot is large). */
export type ListedLead = Omit<StaffLead, "tariff" | "tariffShortlist">;

export function listedLead<Row extends StaffLead>({ tariff: _tariff, tariffShortlist: _shortlist, ...lead }: Row): Omit<Row, "tariff" | "tariffShortlist"> {
  return lead;
}

/** Another lead from the same email or phone within 30 days of this one. */
export interface PossibleDuplicate {
  id: number;
  reference: string;
  companyName: string;
  createdAt: string;
}

/** A new lead not contacted within this many hours is overdue (the team's response target; working hours are not counted apart). */
export const LEAD_RESPONSE_HOURS = 24;

/** How far apart two leads from one email or phone may be to be flagged as possible duplicates. */
export const DUPLICATE_WINDOW_DAYS = 30;

/** A lead still new, never contacted, older than the response target. */
export function isOverdue(lead: Pick<StaffLead, "status" | "firstContactedAt" | "createdAt">, now: Date, responseHours: number): boolean {
  return lead.status === "new" && lead.firstContactedAt === null && now.getTime() - Date.parse(lead.createdAt) > responseHours * 3_600_000;
}

/** Every column but the form's one-time token, which never leaves the server. */
export const LEAD_COLUMNS = [
  "id",
  "reference",
  "status",
  "teamSize",
  "contractExpiry",
  "businessType",
  "businessName",
  "postcode",
  "firstName",
  "lastName",
  "email",
  "phoneNumber",
  "companyName",
  "contractLength",
  "jobTitle",
  "requirements",
  "sourcePage",
  "tariff",
  "tariffShortlist",
  "createdAt",
  "updatedAt",
  ...ATTRIBUTION_FIELDS,
] as const satisfies readonly (keyof LeadRow)[];

type ShownLeadRow = Pick<LeadRow, (typeof LEAD_COLUMNS)[number]>;

/** A stored lead in the shape staff and callers see. */
export function toLead(row: ShownLeadRow): Lead {
  return {
    id: row.id,
    companyName: row.companyName || row.businessName,
    firstName: row.firstName,
    lastName: row.lastName,
    jobTitle: row.jobTitle,
    email: row.email,
    phoneNumber: row.phoneNumber,
    teamSize: row.teamSize,
    contractLength: row.contractLength,
    requirements: row.requirements,
    status: row.status ?? "new",
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    reference: row.reference,
    businessName: row.businessName,
    businessType: row.businessType,
    contractExpiry: row.contractExpiry,
    postcode: row.postcode,
    sourcePage: row.sourcePage,
    tariff: storedSnapshot<TariffSnapshot>(row.tariff),
    tariffShortlist: storedSnapshot<TariffSnapshot[]>(row.tariffShortlist),
    attribution: {
      source: row.source,
      medium: row.medium,
      campaign: row.campaign,
      term: row.term,
      content: row.content,
      referrerDomain: row.referrerDomain,
      landingPath: row.landingPath,
      formPath: row.formPath,
    },
  };
}

export const LEADS_PAGE_SIZE = 50;

/** Tailwind classes for each status (SPEC section 4: new blue, contacted yellow, qualified green, converted emerald, lost red). */
export const LEAD_STATUS_COLOURS: Record<LeadStatus, string> = {
  new: "bg-blue-100 text-blue-800 ring-blue-200",
  contacted: "bg-yellow-100 text-yellow-900 ring-yellow-200",
  qualified: "bg-green-100 text-green-800 ring-green-200",
  converted: "bg-emerald-100 text-emerald-800 ring-emerald-200",
  lost: "bg-red-100 text-red-800 ring-red-200",
};
