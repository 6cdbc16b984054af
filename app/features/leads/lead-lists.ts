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

/** What a lead's timeline records (migrations 0014 and 0020 keep the database's CHECK to this list). */
export const LEAD_ACTIVITY_KINDS = ["note", "status", "assignment", "quote"] as const;
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
export const BUSINESS_TYPES = ["Sole trader", "Partnership", "LTD company", "Other"] as const;
