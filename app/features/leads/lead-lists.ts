/** A lead's lists, once: statuses, activity kinds, the list's filters and the wizard's options. The database CHECK constraints, the zod schemas and the UI are built from these. */

export const LEAD_STATUSES = ["new", "contacted", "qualified", "converted", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  converted: "Converted",
  lost: "Lost",
};

/** What a lead's timeline records (migrations 0014, 0020 and 0026 keep the database's CHECK to this list). */
export const LEAD_ACTIVITY_KINDS = ["note", "status", "assignment", "quote", "order"] as const;
export type LeadActivityKind = (typeof LEAD_ACTIVITY_KINDS)[number];

/** The leads screen's owner filter (beyond the spec): `?assigned=`. */
export const LEAD_ASSIGNMENT_FILTERS = ["mine", "unassigned"] as const;
export type LeadAssignmentFilter = (typeof LEAD_ASSIGNMENT_FILTERS)[number];

export const LEAD_ASSIGNMENT_FILTER_LABELS: Record<LeadAssignmentFilter, string> = {
  mine: "Assigned to me",
  unassigned: "Unassigned",
};

/** Quote wizard options, in the order the steps show them. */
export const CONTRACT_EXPIRIES = ["Out of contract", "Under 3 months", "3 Months+", "Not sure"] as const;
export type ContractExpiry = (typeof CONTRACT_EXPIRIES)[number];

/**
 * The staff screens' words for each contract-expiry answer. The stored value and the wizard's button stay the spec's ("3 Months+", and the CSV export is
 * data, so it keeps it too); staff read it beside "Under 3 months", so they see it in the same words.
 */
export const CONTRACT_EXPIRY_STAFF_LABELS: Record<ContractExpiry, string> = {
  "Out of contract": "Out of contract",
  "Under 3 months": "Under 3 months",
  "3 Months+": "3 months or more",
  "Not sure": "Not sure",
};

/** A stored answer in the staff's words; a value from before the list (or from the API's past) as it was stored. */
export function contractExpiryForStaff(stored: string): string {
  return Object.hasOwn(CONTRACT_EXPIRY_STAFF_LABELS, stored) ? CONTRACT_EXPIRY_STAFF_LABELS[stored as ContractExpiry] : stored;
}
export const BUSINESS_TYPES = ["Sole trader", "Partnership", "LTD company", "Other"] as const;
