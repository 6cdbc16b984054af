import { z } from "zod";
import { hiddenCharactersMessage } from "~/lib/form-fields";
import { QUOTE_CHARGE_LABELS, QUOTE_CHARGES, QUOTE_LINE_GROUP_LABELS, QUOTE_LINE_GROUPS } from "./quotes";
import { withoutHiddenCharacters } from "~/lib/schema-fields";
import { multiLineDiscount, penceAmount, priceRise, requiredText, TARIFF_LIMITS } from "~/features/tariffs";
import { isCalendarDay, ukDay } from "~/lib/calendar";
import { formatCount } from "~/lib/money";

/** Limits of a quote as staff write it: a larger figure is a typing mistake, not a deal. */
export const QUOTE_LIMITS = {
  lines: 60,
  quantity: 500,
  termMonths: 60,
  description: 200,
  reason: 200,
  note: 2_000,
  slug: TARIFF_LIMITS.slug,
  /** £100,000 a unit, in pence. */
  pence: TARIFF_LIMITS.pence,
} as const;

/** A free text of several lines that may be left out: empty is the same as none. */
const optionalNote = (label: string) =>
  withoutHiddenCharacters(
    z
      .string({ invalid_type_error: `Enter ${label} as text` })
      .trim()
      .max(QUOTE_LIMITS.note, `Keep ${label} to ${formatCount(QUOTE_LIMITS.note)} characters`),
    { multiLine: true, message: hiddenCharactersMessage(label) },
  )
    .nullable()
    .transform((value) => (value ? value : null));

const discount = z
  .discriminatedUnion(
    "kind",
    [
      z.object({
        kind: z.literal("percent"),
        percent: z
          .number({ required_error: "Enter the discount as a percentage", invalid_type_error: "Enter the discount as a percentage" })
          .min(0, "The discount cannot be below 0 %")
          .max(100, "The discount cannot be over 100 %")
          .refine((percent) => Number.isInteger(Math.round(percent * 100 * 1e6) / 1e6), "Give the discount to at most two decimal places"),
        reason: requiredText("the reason for the discount", QUOTE_LIMITS.reason),
      }),
      z.object({
        kind: z.literal("amount"),
        amountExVatPence: penceAmount("the discount"),
        reason: requiredText("the reason for the discount", QUOTE_LIMITS.reason),
      }),
    ],
    { errorMap: () => ({ message: "Choose a discount of kind percent or amount" }) },
  )
  .nullable()
  .default(null);

/**
 * One line as staff write it. With `tariffSlug`, that catalogue tariff (the draft's snapshot, else the live one copied now) fills the fields left out; without
 * it, a free line needs its description, unit price and charge, and a term when monthly.
 */
export const quoteLineSchema = z
  .object({
    group: z.enum(QUOTE_LINE_GROUPS, { errorMap: () => ({ message: `Choose a group: ${Object.values(QUOTE_LINE_GROUP_LABELS).join(", ")}` }) }),
    tariffSlug: withoutHiddenCharacters(
      z.string({ invalid_type_error: "Enter the tariff's slug" }).trim().min(1, "Enter the tariff's slug").max(QUOTE_LIMITS.slug),
    )
      .nullable()
      .optional(),
    description: requiredText("the line's description", QUOTE_LIMITS.description).optional(),
    quantity: z
      .number({ required_error: "Enter the quantity", invalid_type_error: "Enter the quantity as a whole number" })
      .int("Enter the quantity as a whole number")
      .min(1, `The quantity must be between 1 and ${QUOTE_LIMITS.quantity}`)
      .max(QUOTE_LIMITS.quantity, `The quantity must be between 1 and ${QUOTE_LIMITS.quantity}`),
    unitPriceExVatPence: penceAmount("the unit price").optional(),
    charge: z.enum(QUOTE_CHARGES, { errorMap: () => ({ message: `Choose a charge: ${Object.values(QUOTE_CHARGE_LABELS).join(", ")}` }) }).optional(),
    termMonths: z
      .number({ invalid_type_error: "Enter the term in months" })
      .int("Enter the term as a whole number of months")
      .min(1, `The term must be between 1 and ${QUOTE_LIMITS.termMonths} months`)
      .max(QUOTE_LIMITS.termMonths, `The term must be between 1 and ${QUOTE_LIMITS.termMonths} months`)
      .nullable()
      .optional(),
    priceRises: z
      .array(priceRise, { invalid_type_error: "Price rises must be a list" })
      .max(TARIFF_LIMITS.priceRises, `List at most ${TARIFF_LIMITS.priceRises} price rises`)
      .refine((rises) => new Set(rises.map((rise) => rise.from)).size === rises.length, "Give each price rise its own date")
      .optional(),
    multiLineDiscount: multiLineDiscount.removeDefault().optional(),
    discount,
  })
  .superRefine((line, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    const fromCatalogue = Boolean(line.tariffSlug);
    if (!fromCatalogue) {
      if (line.description === undefined) issue("description", "Enter the line's description");
      if (line.unitPriceExVatPence === undefined) issue("unitPriceExVatPence", "Enter the unit price in pence");
      if (line.charge === undefined) issue("charge", "Choose a charge: monthly or one-off");
    }
    const charge = line.charge ?? (fromCatalogue ? "monthly" : undefined);
    if (charge === "monthly" && !fromCatalogue && (line.termMonths === undefined || line.termMonths === null)) {
      issue("termMonths", "Enter the term in months for a monthly charge");
    }
    if (charge === "one_off") {
      if (line.termMonths !== undefined && line.termMonths !== null) issue("termMonths", "A one-off charge has no term: leave it empty");
      if (line.priceRises?.length) issue("priceRises", "A one-off charge has no price rises");
      if (line.multiLineDiscount) issue("multiLineDiscount", "A one-off charge has no multi-line discount");
    }
  });
export type QuoteLineInput = z.infer<typeof quoteLineSchema>;

/** YYYY-MM-DD, a real day, and not before the UK's today. */
const validUntil = z
  .string({ required_error: "Enter the day the quote is valid until", invalid_type_error: "Enter the day the quote is valid until as YYYY-MM-DD" })
  .refine(isCalendarDay, "Enter the day the quote is valid until as a real date, YYYY-MM-DD")
  .refine((day) => day >= ukDay(new Date()), "The quote cannot be valid until a day that has passed");

/** A draft as staff write it (`PATCH /admin/api/quotes/{id}`): a field left out keeps its value; `lines` replaces them whole. Errors name the field. */
export const quoteDraftSchema = z
  .object({
    lines: z.array(quoteLineSchema, { invalid_type_error: "Lines must be a list" }).max(QUOTE_LIMITS.lines, `A quote has at most ${QUOTE_LIMITS.lines} lines`),
    customerNote: optionalNote("the note to the customer"),
    internalMemo: optionalNote("the internal memo"),
    validUntil,
  })
  .partial();
export type QuoteDraftInput = z.infer<typeof quoteDraftSchema>;
