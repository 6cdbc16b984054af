/**
 * Every list the spec names, once. The database CHECK constraints, the zod
 * schemas and the UI are all built from these.
 */

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

export const ADMIN_ROLES = ["admin", "super_admin", "manager"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  admin: "Administrator",
  super_admin: "Super Administrator",
  manager: "Manager",
};

export const STOCK_IMAGE_LOCATIONS = [
  "about-us",
  "hero-section",
  "testimonials",
  "services",
  "resources",
  "contact",
  "formlogo1",
  "formlogo2",
  "formlogo3",
  "formlogo4",
  "general",
] as const;
export type StockImageLocation = (typeof STOCK_IMAGE_LOCATIONS)[number];

export const STOCK_IMAGE_LOCATION_LABELS: Record<StockImageLocation, string> = {
  "about-us": "About Us Section",
  "hero-section": "Hero Section",
  testimonials: "Testimonials Section",
  services: "Services Section",
  resources: "Resources Section (3 images)",
  contact: "Contact Section",
  formlogo1: "Form Logo 1",
  formlogo2: "Form Logo 2",
  formlogo3: "Form Logo 3",
  formlogo4: "Form Logo 4",
  general: "General Use",
};

export function isStockImageLocation(value: string): value is StockImageLocation {
  return (STOCK_IMAGE_LOCATIONS as readonly string[]).includes(value);
}

/** Quote wizard options, in the order the steps show them. */
export const TEAM_SIZES = ["1 - 2", "3 - 4", "5 - 9", "10+"] as const;
export const CONTRACT_EXPIRIES = ["Out of contract", "Under 3 months", "3 Months+", "Not sure"] as const;
export const BUSINESS_TYPES = ["Sole trader", "Partnership", "LTD company", "Other"] as const;

export const CONTACT_SUBJECTS = ["business-mobile", "phone-systems", "broadband", "it-services", "general-enquiry"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  "business-mobile": "Business Mobile",
  "phone-systems": "Phone Systems",
  broadband: "Broadband",
  "it-services": "IT Services",
  "general-enquiry": "General Enquiry",
};

export const COOKIE_CONSENT_VALUES = ["accepted", "declined"] as const;
export type CookieConsent = (typeof COOKIE_CONSENT_VALUES)[number];
