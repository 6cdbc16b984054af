import { z } from "zod";
import { isCalendarDay } from "~/lib/calendar";
import { NUMBER_CHOICES, ORDER_STATUSES, SIM_TYPES } from "./order-lists";

/**
 * The one schema of a staff change to an order (docs/orders.md, "Staff take it to live"): `PATCH /admin/api/orders/{id}` reads it from JSON, and each form of
 * the order's page builds the same shape from its fields, so both are checked alike and call the same function. `version` is the copy the change was made
 * from: a save from an older copy is refused (409), never laid over another's.
 */

/** Longest text a staff member may type in one field of an order. */
export const ORDER_TEXT_MAX = 200;
/** Longest On hold reason. */
export const HOLD_REASON_MAX = 500;
/** Most lines one change may edit (an order has one per line taken). */
const MAX_EDITED_LINES = 500;

/** A text field: trimmed; empty means "clear it" (null). Absent means "leave it". */
const text = (label: string, max = ORDER_TEXT_MAX) =>
  z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .nullable()
    .transform((value) => (value ? value : null));

/** A UK calendar day, YYYY-MM-DD; empty clears it. */
const day = (label: string) =>
  z
    .string({ invalid_type_error: `${label} must be a date` })
    .trim()
    .nullable()
    .refine((value) => !value || isCalendarDay(value), `Enter ${label.toLowerCase()} as a real date`)
    .transform((value) => (value ? value : null));

/** "SW1A1AA", "sw1a 1aa" -> "SW1A 1AA"; the UK postcode's shape is checked, not whether it exists. */
export function normalisePostcode(value: string): string | null {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** A UK mobile number in any usual form ("+44 7700 900123", "07700 900 123") as national digits "07700900123", or null if it is not one. */
export function normaliseMobile(value: string): string | null {
  let digits = value.replace(/[\s()-]/g, "");
  if (digits.startsWith("+44")) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith("0044")) digits = `0${digits.slice(4)}`;
  return /^07\d{9}$/.test(digits) ? digits : null;
}

/** Three letters and six digits, upper case, or null. */
export function normalisePac(value: string): string | null {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  return /^[A-Z]{3}\d{6}$/.test(compact) ? compact : null;
}

const postcode = text("Postcode", 16).refine((value) => value === null || normalisePostcode(value) !== null, "Enter a UK postcode, like SW1A 1AA");

const email = text("Billing email", 254).refine(
  (value) => value === null || z.string().email().safeParse(value).success,
  "Enter an email address, like name@example.co.uk",
);

/** The customer's details, each optional: the fields given replace the order's. */
export const orderDetailsSchema = z
  .object({
    businessName: text("Business name"),
    companyNumber: text("Company number", 8).refine((value) => value === null || /^[A-Z0-9]{8}$/i.test(value), "Enter the 8-character company number"),
    deliveryName: text("Delivery name"),
    deliveryLine1: text("Address line 1"),
    deliveryLine2: text("Address line 2"),
    deliveryTown: text("Town"),
    deliveryPostcode: postcode,
    billingName: text("Billing name"),
    billingEmail: email,
    billingPhone: text("Billing phone", 30).refine(
      (value) => value === null || value.replace(/\D/g, "").length >= 10,
      "Enter a phone number, like 07700 900123",
    ),
    earliestConnectionDate: day("Earliest connection date"),
  })
  .partial();
export type OrderDetailsChange = z.infer<typeof orderDetailsSchema>;

/** One line's change: its id, and the fields given. A new PAC comes with the day it was issued. */
export const orderLineChangeSchema = z
  .object({
    id: z.coerce.number({ invalid_type_error: "Say which line" }).int().positive("Say which line"),
    userName: text("User"),
    numberChoice: z.enum(NUMBER_CHOICES, { errorMap: () => ({ message: "Choose keep a number or new number" }) }).nullable(),
    mobileNumber: text("Mobile number", 20).refine((value) => value === null || normaliseMobile(value) !== null, "Enter a UK mobile number, like 07700 900123"),
    pac: text("PAC", 12).refine((value) => value === null || normalisePac(value) !== null, "Enter the PAC as three letters and six digits, like ABC123456"),
    pacIssuedOn: day("PAC date"),
    simType: z.enum(SIM_TYPES, { errorMap: () => ({ message: "Choose SIM or eSIM" }) }).nullable(),
    tariffName: z.string().trim().min(1, "Enter the tariff").max(ORDER_TEXT_MAX, `Tariff must be ${ORDER_TEXT_MAX} characters or fewer`),
    termMonths: z.coerce
      .number({ invalid_type_error: "Enter the term in months" })
      .int("Enter the term in whole months")
      .min(1, "Enter a term of 1 to 60 months")
      .max(60, "Enter a term of 1 to 60 months")
      .nullable(),
    portDate: day("Port date"),
  })
  .partial()
  .required({ id: true })
  .refine((line) => !line.pac || line.pacIssuedOn, { message: "Enter the day the PAC was issued", path: ["pacIssuedOn"] });
export type OrderLineChange = z.infer<typeof orderLineChangeSchema>;

/**
 * A staff change: `version` always; then any of the status (with `holdReason` for On hold, `portDates` by line id for Porting), the details and the lines.
 * What is absent is left as it is.
 */
export const orderChangeSchema = orderDetailsSchema.extend({
  version: z.coerce
    .number({ invalid_type_error: "Reload the order: its version is missing", required_error: "Reload the order: its version is missing" })
    .int()
    .positive("Reload the order: its version is missing"),
  status: z.enum(ORDER_STATUSES, { errorMap: () => ({ message: "Choose a status" }) }).optional(),
  holdReason: text("Reason", HOLD_REASON_MAX).optional(),
  portDates: z.record(z.string().regex(/^\d{1,15}$/), day("Port date")).optional(),
  lines: z.array(orderLineChangeSchema).max(MAX_EDITED_LINES).optional(),
});
export type OrderChange = z.infer<typeof orderChangeSchema>;

/** The details' field names, in the form's order. */
export const ORDER_DETAIL_FIELDS = Object.keys(orderDetailsSchema.shape) as Array<keyof OrderDetailsChange>;
