/**
 * The quote editor's form: pounds as typed ("12.50") for a draft kept in pence, each line a row of fields `lines.{row}.{field}`, messages on the rows by the
 * schema's paths (`lines.3.unitPriceExVatPence`). Pure and free of zod: it is shipped to the browser, where the totals are priced again as staff type.
 */

import type { QuoteLine } from "./quotes";
import type { QuoteLineInput } from "./quotes-schema";
import { penceFromTypedPounds } from "~/features/tariffs";
import type { TariffSnapshot } from "~/features/tariffs";
import { plainPounds } from "~/lib/money";

/** A form's values as posted. */
export type QuoteFormValues = Partial<Record<string, string>>;

export const QUOTE_DISCOUNT_KINDS = ["none", "percent", "amount"] as const;
export type QuoteDiscountKind = (typeof QUOTE_DISCOUNT_KINDS)[number];
export const QUOTE_DISCOUNT_KIND_LABELS: Record<QuoteDiscountKind, string> = { none: "None", percent: "Percent", amount: "Pounds" };

/** The editor's buttons: every action is a submit button with its intent, so the form works without JavaScript. */
export const QUOTE_INTENTS = {
  save: "save",
  send: "send",
  addTariff: "add-tariff",
  addLine: "add-line",
  /** `remove-line:{row}`. */
  removeLine: "remove-line",
  /** `add-shortlist:{index}`: a tariff of the lead's shortlist, as many lines as the visitor asked for. */
  addShortlist: "add-shortlist",
  revise: "revise",
} as const;

/** The fields of a line's row, named `lines.{row}.{field}`. */
export const QUOTE_LINE_FIELDS = [
  ...["group", "tariffSlug", "description", "quantity", "unitPrice", "charge", "termMonths"],
  ...["discountKind", "discount", "discountReason", "carried"],
] as const;
export type QuoteLineField = (typeof QUOTE_LINE_FIELDS)[number];

export const lineField = (row: number, field: QuoteLineField) => `lines.${row}.${field}`;

/** The add-a-tariff fields, and where the messages about the added line are shown. */
export const ADD_TARIFF_FIELDS = { slug: "addTariffSlug", quantity: "addTariffQuantity" } as const;

/** Where a message is shown: a field name, or `lines.{row}.{schema field}` for a line. */
export type QuoteFormErrors = Record<string, string>;

/** The rows of lines a form holds, in order (row numbers need not be consecutive). */
export function quoteFormRows(values: QuoteFormValues): number[] {
  const rows = new Set<number>();
  for (const name of Object.keys(values)) {
    const match = /^lines\.(\d{1,4})\./.exec(name);
    if (match) rows.add(Number(match[1]));
  }
  return [...rows].sort((a, b) => a - b);
}

/** The form's values for a saved draft. */
export function quoteFormValues(quote: {
  lines: readonly QuoteLine[];
  customerNote: string | null;
  internalMemo: string | null;
  validUntil: string;
}): QuoteFormValues {
  const values: QuoteFormValues = {
    customerNote: quote.customerNote ?? "",
    internalMemo: quote.internalMemo ?? "",
    validUntil: quote.validUntil,
  };
  quote.lines.forEach((line, row) => {
    const set = (field: QuoteLineField, value: string) => {
      values[lineField(row, field)] = value;
    };
    set("group", line.group);
    set("tariffSlug", line.tariff?.slug ?? "");
    set("description", line.description);
    set("quantity", String(line.quantity));
    set("unitPrice", plainPounds(line.unitPriceExVatPence));
    set("charge", line.charge);
    set("termMonths", line.termMonths === null ? "" : String(line.termMonths));
    set("discountKind", line.discount?.kind ?? "none");
    set("discount", line.discount ? (line.discount.kind === "percent" ? String(line.discount.percent) : plainPounds(line.discount.amountExVatPence)) : "");
    set("discountReason", line.discount?.reason ?? "");
    // A free line's rises and multi-line discount (set over JSON) have no fields: they ride along unchanged, so saving the form keeps them.
    if (!line.tariff && (line.priceRises.length > 0 || line.multiLineDiscount)) {
      set("carried", JSON.stringify({ priceRises: line.priceRises, multiLineDiscount: line.multiLineDiscount }));
    }
  });
  return values;
}

/** The values with one more, empty, free line after the last (its group the last line's, one of it, monthly, 24 months). */
export function withBlankLine(values: QuoteFormValues): QuoteFormValues {
  const rows = quoteFormRows(values);
  const row = rows.length ? rows[rows.length - 1]! + 1 : 0;
  const last = rows.length ? values[lineField(rows[rows.length - 1]!, "group")] : undefined;
  return {
    ...values,
    [lineField(row, "group")]: last ?? "mobile",
    [lineField(row, "quantity")]: "1",
    [lineField(row, "charge")]: "monthly",
    [lineField(row, "termMonths")]: "24",
    [lineField(row, "discountKind")]: "none",
  };
}

/** The values without one row. */
export function withoutLine(values: QuoteFormValues, row: number): QuoteFormValues {
  const prefix = `lines.${row}.`;
  return Object.fromEntries(Object.entries(values).filter(([name]) => !name.startsWith(prefix)));
}

/** What the form means, for `quoteDraftSchema`, and what could not be read before it. */
export interface QuoteFormReading {
  input: { lines: Record<string, unknown>[]; customerNote: string | null; internalMemo: string | null; validUntil: string };
  fieldErrors: QuoteFormErrors;
  /** The form's row of each line in `input.lines`, to put the schema's messages on the right row. */
  rows: number[];
}

/** A posted editor form read into the object `quoteDraftSchema` parses. A free line left empty is no line. */
export function readQuoteForm(values: QuoteFormValues): QuoteFormReading {
  const fieldErrors: QuoteFormErrors = {};
  const lines: Record<string, unknown>[] = [];
  const rows: number[] = [];
  for (const row of quoteFormRows(values)) {
    const text = (field: QuoteLineField) => (values[lineField(row, field)] ?? "").trim();
    const error = (field: string, message: string) => {
      fieldErrors[`lines.${row}.${field}`] = message;
    };
    const tariffSlug = text("tariffSlug") || null;
    if (!tariffSlug && !text("description") && !text("unitPrice")) continue;
    const pounds = (field: QuoteLineField, errorField: string, label: string) => {
      if (!text(field)) return undefined;
      const pence = penceFromTypedPounds(text(field));
      if (pence === null) error(errorField, `Enter ${label} in pounds and pence, like 12.50`);
      return pence ?? undefined;
    };
    const number = (field: QuoteLineField) => (text(field) ? Number(text(field)) : undefined);
    const unitPrice = pounds("unitPrice", "unitPriceExVatPence", "the unit price");
    if (!tariffSlug && !text("unitPrice")) error("unitPriceExVatPence", "Enter the unit price in pounds, like 12.50");
    const charge = text("charge") || undefined;
    const kind = text("discountKind") || "none";
    let discount: Record<string, unknown> | null = null;
    if (kind === "percent") {
      discount = { kind, percent: number("discount"), reason: text("discountReason") };
    } else if (kind === "amount") {
      const amount = pounds("discount", "discount", "the discount");
      if (!text("discount")) error("discount", "Enter the discount in pounds, like 5.00");
      discount = { kind, amountExVatPence: amount, reason: text("discountReason") };
    } else if (kind !== "none") {
      discount = { kind };
    }
    rows.push(row);
    const carried = charge === "one_off" ? {} : carriedTerms(text("carried"));
    lines.push({
      ...carried,
      group: text("group"),
      tariffSlug,
      ...(text("description") ? { description: text("description") } : {}),
      quantity: number("quantity"),
      ...(unitPrice !== undefined ? { unitPriceExVatPence: unitPrice } : {}),
      ...(charge ? { charge } : {}),
      // A blank term: the tariff's own, for a catalogue line; none, for a free one (a monthly one is asked for it).
      ...(text("termMonths") ? { termMonths: number("termMonths") } : tariffSlug && charge !== "one_off" ? {} : { termMonths: null }),
      discount,
    });
  }
  const note = (name: string) => (values[name] ?? "").trim() || null;
  return {
    input: { lines, customerNote: note("customerNote"), internalMemo: note("internalMemo"), validUntil: (values.validUntil ?? "").trim() },
    fieldErrors,
    rows,
  };
}

/** A free line's carried rises and multi-line discount, for the schema to check; anything unreadable is nothing. */
function carriedTerms(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    const { priceRises, multiLineDiscount } = parsed as Record<string, unknown>;
    return { ...(priceRises !== undefined ? { priceRises } : {}), ...(multiLineDiscount !== undefined ? { multiLineDiscount } : {}) };
  } catch {
    return {};
  }
}

/** Where the fields of a line's schema path are shown on its row: a discount's amount and percent by the one discount input. */
const LINE_FIELD_OF: Record<string, string> = {
  "discount.percent": "discount",
  "discount.amountExVatPence": "discount",
  "discount.reason": "discountReason",
  "discount.kind": "discountKind",
  discount: "discountKind",
};

/** Where a message about `path` (e.g. `lines.3.unitPriceExVatPence`) is shown: the input's index becomes the form's row; a line just added, by its select. */
export function quoteFormErrorKey(path: readonly (string | number)[], rows: readonly number[], addedRow?: number): string {
  const [first, index, ...rest] = path.map(String);
  if (first !== "lines" || index === undefined || !/^\d+$/.test(index)) return first ?? "form";
  const row = Number(index) < rows.length ? rows[Number(index)]! : Number(index);
  const inner = rest.join(".");
  if (addedRow !== undefined && row === addedRow) return rest[0] === "quantity" ? ADD_TARIFF_FIELDS.quantity : ADD_TARIFF_FIELDS.slug;
  if (!inner) return `lines.${row}.description`;
  return `lines.${row}.${LINE_FIELD_OF[inner] ?? rest[0]}`;
}

/** A line made whole, what it leaves out taken from its tariff's snapshot (null: a free line). One rule for the server's draft and the editor's live totals. */
export function completeQuoteLine(input: QuoteLineInput, tariff: TariffSnapshot | null): QuoteLine {
  const charge = input.charge ?? "monthly";
  return {
    group: input.group,
    description: input.description ?? (tariff ? `${tariff.network} ${tariff.name}` : ""),
    tariff,
    quantity: input.quantity,
    unitPriceExVatPence: input.unitPriceExVatPence ?? tariff?.monthlyPriceExVatPence ?? 0,
    charge,
    termMonths: charge === "one_off" ? null : (input.termMonths ?? tariff?.termMonths ?? 1),
    priceRises: charge === "one_off" ? [] : (input.priceRises ?? (tariff ? [...tariff.priceRises] : [])),
    multiLineDiscount: charge === "one_off" ? null : input.multiLineDiscount !== undefined ? input.multiLineDiscount : (tariff?.multiLineDiscount ?? null),
    discount: input.discount,
  };
}

const isWhole = (value: unknown, max: number): value is number => typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= max;

/** Whether a line's carried rises and multi-line discount have the shapes the price module reads (the server's schema checks them on save). */
function carriedTermsReadable(line: Record<string, unknown>): boolean {
  const { priceRises, multiLineDiscount } = line;
  const rises =
    priceRises === undefined ||
    (Array.isArray(priceRises) &&
      priceRises.every((rise: unknown) => {
        const { from, monthlyPriceExVatPence } = (rise ?? {}) as Record<string, unknown>;
        return typeof from === "string" && /^\d{4}-\d{2}-\d{2}$/.test(from) && Number.isInteger(monthlyPriceExVatPence);
      }));
  const discount = multiLineDiscount === undefined || multiLineDiscount === null || isWhole((multiLineDiscount as Record<string, unknown>).fromLine, 500);
  return rises && discount;
}

/**
 * The lines as the form stands, for the live totals: rows that read as a line, tariff snapshots from the saved draft. The server's save is what counts. Each
 * line comes with the form's row it was read from, so the row can show its own amount.
 */
export function previewQuoteRows(values: QuoteFormValues, saved: readonly QuoteLine[]): Array<{ row: number; line: QuoteLine }> {
  const held = new Map(saved.flatMap((line) => (line.tariff ? [[line.tariff.slug, line.tariff] as const] : [])));
  const reading = readQuoteForm(values);
  const lines: Array<{ row: number; line: QuoteLine }> = [];
  reading.input.lines.forEach((line, index) => {
    const row = reading.rows[index]!;
    if (Object.keys(reading.fieldErrors).some((key) => key.startsWith(`lines.${row}.`))) return;
    const slug = typeof line.tariffSlug === "string" ? line.tariffSlug : null;
    const tariff = slug ? (held.get(slug) ?? null) : null;
    if (slug && !tariff) return;
    if (!isWhole(line.quantity, 10_000)) return;
    if (line.termMonths !== undefined && line.termMonths !== null && !isWhole(line.termMonths, 600)) return;
    const discount = line.discount as Record<string, unknown> | null;
    if (
      discount &&
      !(typeof discount.percent === "number" && discount.percent >= 0 && discount.percent <= 100) &&
      typeof discount.amountExVatPence !== "number"
    ) {
      return;
    }
    if (!carriedTermsReadable(line)) return;
    lines.push({ row, line: completeQuoteLine(line as unknown as QuoteLineInput, tariff) });
  });
  return lines;
}

/** The lead page a quote's screens sit on and go back to. */
export const leadPagePath = (leadId: number) => `/admin/leads/${leadId}`;
/** "New quote": a GET shows the lead's draft if it has one, else asks; a POST drafts one. */
export const newQuotePath = (leadId: number) => `/admin/leads/${leadId}/quotes/new`;
/** A quote's own screen: the editor while a draft, read-only once sent. */
export const quoteEditorPath = (leadId: number, quoteId: number) => `/admin/leads/${leadId}/quotes/${quoteId}`;
/** The confirmation before a sent quote is withdrawn. */
export const withdrawQuotePath = (leadId: number, quoteId: number) => `${quoteEditorPath(leadId, quoteId)}/withdraw`;
/** The query that adds an empty free line to the editor's form. */
export const NEW_LINE_QUERY = "newLine";
