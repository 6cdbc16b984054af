import { z } from "zod";
import { calendarDayFromText, formatCalendarDay } from "~/lib/calendar";
import { emailRule, isPhoneNumber, LIMITS, optionalTextRule, phoneRule, requiredTextRule } from "~/lib/form-fields";
import { fieldSchema } from "~/lib/schema-fields";
import { NUMBER_CHOICES, ORDER_BUSINESS_KINDS, REGISTERED_BUSINESS_KINDS, SIM_TYPES, type OrderBusinessKind } from "./order-lists";
import { LINE_COUNT_FIELD, lineFieldName, ORDER_INTENTS, type LineField, type OrderSection } from "./customer-order";
import { isPacIssueDayPossible, normaliseCompanyNumber, normaliseMobileNumber, normalisePac, normalisePostcode, pacRefusal } from "./order-rules";

/**
 * The customer's order form (/quote/{token}/order), section by section. One builder makes each section's schema in two modes: `draft` (a section saved as the
 * customer goes: every answer may still be empty, but what is typed must be of its shape) and `complete` (the order submitted: the saved answers read back
 * and every one the network needs must be there). The fields' names are in customer-order.ts (no zod there: the page's code uses them).
 */

export const MESSAGES_OF_ORDER = {
  mobileNumber: "Enter a UK mobile number, like 07700 900123",
  pac: "Enter the PAC as three letters and six digits, like ABC123456",
  date: "Enter a real date, like 03/11/2026",
  pacIssuedInFuture: "The PAC's issue date cannot be in the future",
  connectionInPast: (today: string) => `Choose a connection date from ${formatCalendarDay(today)} onwards`,
  postcode: "Enter a UK postcode, like SW1A 1AA",
  companyNumber: "Enter the 8-character company number from Companies House, like 01234567 or SC123456",
  lineCount: (count: number) => `This order has ${count} ${count === 1 ? "line" : "lines"}: reload the page and fill in each one`,
} as const;

type Mode = "draft" | "complete";

export interface OrderSchemaContext {
  lineCount: number;
  /** The UK's day today, YYYY-MM-DD. */
  today: string;
  /** The saved earliest connection date, for a lines section saved on its own: a PAC must last until it. */
  connectionDate: string | null;
}

const missing = (label: string) => `Please enter ${label}`;

function text(label: string, required: boolean, maxLength: number = LIMITS.shortText) {
  return fieldSchema(required ? requiredTextRule(label, maxLength) : optionalTextRule(label, maxLength)) as z.ZodType<
    string | undefined,
    z.ZodTypeDef,
    unknown
  >;
}

/** A text of a shape (a number, a code, a date): empty is undefined (or missing, when required), anything else its normalised form or the shape's message. */
function shaped(label: string, required: boolean, normalise: (text: string) => string | null, invalid: string) {
  return z
    .preprocess(
      (value) => value ?? "",
      z
        .string({ invalid_type_error: missing(label) })
        .trim()
        .max(LIMITS.shortText, invalid),
    )
    .transform((value, ctx) => {
      if (value === "") {
        if (required) ctx.addIssue({ code: "too_small", minimum: 1, type: "string", inclusive: true, message: missing(label) });
        return undefined;
      }
      const normalised = normalise(value);
      if (normalised === null) {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      return normalised;
    });
}

function choice<T extends readonly [string, ...string[]]>(label: string, options: T, required: boolean) {
  const chosen = z.enum(options, { errorMap: () => ({ message: `Please choose ${label} from the list` }) });
  const empty = z.literal("").transform(() => undefined);
  if (required) return z.union([chosen, empty]).refine((value) => value !== undefined, `Please choose ${label}`) as z.ZodType<T[number], z.ZodTypeDef, unknown>;
  return z.preprocess((value) => (value === "" || value === undefined ? undefined : value), chosen.optional());
}

const day = (label: string, required: boolean) => shaped(label, required, calendarDayFromText, MESSAGES_OF_ORDER.date);

function contactSchema(label: string, required: boolean, kind: "email" | "phone") {
  if (required) return fieldSchema(kind === "email" ? emailRule(label) : phoneRule(label));
  const base = z
    .string()
    .trim()
    .max(kind === "email" ? LIMITS.email : LIMITS.phone, `Please keep ${label} shorter`);
  const checked = kind === "email" ? base.email(fieldMessageInvalid("email")) : base.refine(isPhoneNumber, fieldMessageInvalid("phone"));
  return z.preprocess((value) => (value === "" || value === undefined ? undefined : value), checked.optional());
}

const fieldMessageInvalid = (kind: "email" | "phone") =>
  kind === "email" ? "Please enter a valid email address, like name@company.co.uk" : "Please enter a valid phone number, like 07700 900123";

type Shape = Record<string, z.ZodTypeAny>;

function linesShape(context: OrderSchemaContext, mode: Mode): Shape {
  const required = mode === "complete";
  const shape: Shape = {
    [LINE_COUNT_FIELD]: z.string({ required_error: MESSAGES_OF_ORDER.lineCount(context.lineCount) }).refine((value) => value === String(context.lineCount), {
      message: MESSAGES_OF_ORDER.lineCount(context.lineCount),
    }),
  };
  for (let position = 1; position <= context.lineCount; position++) {
    const name = (field: LineField) => lineFieldName(position, field);
    shape[name("userName")] = text(`the name of line ${position}'s user`, required, LIMITS.name);
    shape[name("numberChoice")] = choice(`whether line ${position} keeps a number`, NUMBER_CHOICES, required);
    // Asked only when the line keeps a number: checked below.
    shape[name("mobileNumber")] = shaped(`line ${position}'s mobile number`, false, normaliseMobileNumber, MESSAGES_OF_ORDER.mobileNumber);
    shape[name("pac")] = shaped(`line ${position}'s PAC`, false, normalisePac, MESSAGES_OF_ORDER.pac);
    shape[name("pacIssuedOn")] = day(`the date line ${position}'s PAC was issued`, false);
    shape[name("simType")] = choice(`a SIM or eSIM for line ${position}`, SIM_TYPES, required);
  }
  return shape;
}

/** The checks across a line's fields: a kept number's details (complete), a PAC issued in the past and lasting until the connection date. */
function checkLines(values: Record<string, unknown>, context: OrderSchemaContext, mode: Mode, connectionDate: string | null, ctx: z.RefinementCtx) {
  for (let position = 1; position <= context.lineCount; position++) {
    const name = (field: LineField) => lineFieldName(position, field);
    if (values[name("numberChoice")] !== "keep") continue;
    if (mode === "complete") {
      const needed: Array<[LineField, string]> = [
        ["mobileNumber", `line ${position}'s mobile number`],
        ["pac", `line ${position}'s PAC`],
        ["pacIssuedOn", `the date line ${position}'s PAC was issued`],
      ];
      for (const [field, label] of needed)
        if (values[name(field)] === undefined) ctx.addIssue({ code: "custom", path: [name(field)], message: missing(label) });
    }
    const issuedOn = values[name("pacIssuedOn")];
    if (typeof issuedOn !== "string") continue;
    if (!isPacIssueDayPossible(issuedOn, context.today)) {
      ctx.addIssue({ code: "custom", path: [name("pacIssuedOn")], message: MESSAGES_OF_ORDER.pacIssuedInFuture });
      continue;
    }
    const refusal = pacRefusal(issuedOn, context.today, connectionDate);
    if (refusal) ctx.addIssue({ code: "custom", path: [name("pac")], message: refusal });
  }
}

function businessShape(mode: Mode): Shape {
  const required = mode === "complete";
  return {
    businessKind: choice("the kind of business", ORDER_BUSINESS_KINDS, required),
    companyNumber: shaped("the company number", false, normaliseCompanyNumber, MESSAGES_OF_ORDER.companyNumber),
    businessName: text("the business name", required),
  };
}

function deliveryShape(mode: Mode): Shape {
  const required = mode === "complete";
  return {
    deliveryName: text("who the delivery is for", required, LIMITS.name),
    deliveryLine1: text("the first line of the delivery address", required),
    deliveryLine2: text("the second line of the address", false),
    deliveryTown: text("the town or city", required, LIMITS.name),
    deliveryPostcode: shaped("the delivery postcode", required, normalisePostcode, MESSAGES_OF_ORDER.postcode),
  };
}

function billingShape(mode: Mode, today: string): Shape {
  const required = mode === "complete";
  return {
    billingName: text("the billing contact's name", required, LIMITS.name),
    billingEmail: contactSchema("the billing email address", required, "email"),
    billingPhone: contactSchema("the billing phone number", required, "phone"),
    earliestConnectionDate: day("the earliest connection date", required).refine(
      (value) => value === undefined || value >= today,
      MESSAGES_OF_ORDER.connectionInPast(today),
    ),
  };
}

/** One section's schema, as saved (`draft`). */
export function orderSectionSchema(section: OrderSection, context: OrderSchemaContext) {
  switch (section) {
    case "lines":
      return z.object(linesShape(context, "draft")).superRefine((values, ctx) => checkLines(values, context, "draft", context.connectionDate, ctx));
    case "business":
      return z.object(businessShape("draft"));
    case "delivery":
      return z.object(deliveryShape("draft"));
    case "billing":
      return z.object(billingShape("draft", context.today));
  }
}

/** The whole order as submitted: every section complete, a limited company's or LLP's number given, every PAC lasting until the connection date. */
export function completeOrderSchema(context: OrderSchemaContext) {
  return z
    .object({ ...linesShape(context, "complete"), ...businessShape("complete"), ...deliveryShape("complete"), ...billingShape("complete", context.today) })
    .superRefine((values, ctx) => {
      const connection = typeof values.earliestConnectionDate === "string" ? values.earliestConnectionDate : null;
      checkLines(values, context, "complete", connection, ctx);
      if (REGISTERED_BUSINESS_KINDS.includes(values.businessKind as OrderBusinessKind) && values.companyNumber === undefined) {
        ctx.addIssue({ code: "custom", path: ["companyNumber"], message: missing("the company number") });
      }
    });
}

/** The intent of a post: which section it saves, or the submission. */
export const orderIntentSchema = z.object({
  intent: z.enum(ORDER_INTENTS, { errorMap: () => ({ message: "Please use the page's buttons to save or submit your order" }) }),
});
