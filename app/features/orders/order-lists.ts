/** An order's lists, once: statuses, business kinds, number choices and SIM types. Migration 0026's CHECKs, the zod schemas and the UI are built from these. */

export const ORDER_STATUSES = ["awaiting_details", "details_received", "submitted", "dispatched", "porting", "live", "on_hold", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_details: "Awaiting details",
  details_received: "Details received",
  submitted: "Submitted to network",
  dispatched: "Dispatched",
  porting: "Porting",
  live: "Live",
  on_hold: "On hold",
  cancelled: "Cancelled",
};

/** A line's own progress: an order's statuses but On hold, which is said of the whole order with its reason. */
export const ORDER_LINE_STATUSES = ["awaiting_details", "details_received", "submitted", "dispatched", "porting", "live", "cancelled"] as const;
export type OrderLineStatus = (typeof ORDER_LINE_STATUSES)[number];

/** What kind of business places the order: a limited company or an LLP gives its registered company number. */
export const ORDER_BUSINESS_KINDS = ["limited_company", "llp", "sole_trader", "partnership", "other"] as const;
export type OrderBusinessKind = (typeof ORDER_BUSINESS_KINDS)[number];

export const ORDER_BUSINESS_KIND_LABELS: Record<OrderBusinessKind, string> = {
  limited_company: "Limited company",
  llp: "Limited liability partnership (LLP)",
  sole_trader: "Sole trader",
  partnership: "Partnership",
  other: "Other",
};

/** The business kinds Companies House registers, whose company number the network asks for. */
export const REGISTERED_BUSINESS_KINDS: readonly OrderBusinessKind[] = ["limited_company", "llp"];

/** Each line keeps the user's current number (moved with a PAC) or takes a new one. */
export const NUMBER_CHOICES = ["keep", "new"] as const;
export type NumberChoice = (typeof NUMBER_CHOICES)[number];

export const NUMBER_CHOICE_LABELS: Record<NumberChoice, string> = {
  keep: "Keep a number",
  new: "New number",
};

export const SIM_TYPES = ["sim", "esim"] as const;
export type SimType = (typeof SIM_TYPES)[number];

export const SIM_TYPE_LABELS: Record<SimType, string> = {
  sim: "SIM",
  esim: "eSIM",
};

/** A PAC (porting authorisation code) is valid for this many days from its issue (Ofcom). */
export const PAC_VALID_DAYS = 30;

/** A renewal lead is made this many days before a contract ends (the renewals job). */
export const RENEWAL_LEAD_DAYS = 90;

/** The Renewals screen looks this many days ahead. */
export const RENEWALS_AHEAD_DAYS = 180;
