import { describe, expect, it } from "vitest";
import {
  completeQuoteLine,
  previewQuoteRows,
  quoteFormErrorKey,
  quoteFormValues,
  readQuoteForm,
  withBlankLine,
  withoutLine,
} from "~/features/quotes/quote-form";
import type { QuoteLine } from "~/features/quotes/quotes";
import { quoteDraftSchema, type QuoteLineInput } from "~/features/quotes/quotes-schema";

/** The quote editor's form: pounds in, pence kept; a saved draft's form reads back as the same draft; messages land on the form's rows. */

const FREE: QuoteLine = {
  group: "hardware",
  description: "Desk phone",
  tariff: null,
  quantity: 2,
  unitPriceExVatPence: 4999,
  charge: "one_off",
  termMonths: null,
  priceRises: [],
  multiLineDiscount: null,
  discount: { kind: "amount", amountExVatPence: 510, reason: "Launch offer" },
};
const MONTHLY: QuoteLine = {
  ...FREE,
  group: "broadband",
  description: "Fibre 900",
  quantity: 1,
  unitPriceExVatPence: 3500,
  charge: "monthly",
  termMonths: 24,
  discount: { kind: "percent", percent: 12.5, reason: "Bundled" },
};
const DRAFT = { lines: [FREE, MONTHLY], customerNote: "As discussed", internalMemo: null, validUntil: "2099-12-31" };

/** The lines the editor prices as staff type, without the rows they came from. */
const previewLines = (...args: Parameters<typeof previewQuoteRows>) => previewQuoteRows(...args).map((preview) => preview.line);

describe("the quote editor's form", () => {
  it("reads a saved draft's form back as the same draft, money in exact pence", () => {
    const parsed = quoteDraftSchema.parse(readQuoteForm(quoteFormValues(DRAFT)).input);
    expect(parsed.lines!.map((line) => completeQuoteLine(line as QuoteLineInput, null))).toEqual(DRAFT.lines);
    expect(parsed).toMatchObject({ customerNote: "As discussed", internalMemo: null, validUntil: "2099-12-31" });
  });

  it("reads pounds as typed (£, one decimal) into pence, and says when a price is not pounds", () => {
    const values = { ...quoteFormValues(DRAFT), "lines.0.unitPrice": "£0.1", "lines.1.unitPrice": "12.345" };
    const reading = readQuoteForm(values);
    expect(reading.input.lines[0]).toMatchObject({ unitPriceExVatPence: 10 });
    expect(reading.fieldErrors).toEqual({ "lines.1.unitPriceExVatPence": "Enter the unit price in pounds and pence, like 12.50" });
  });

  it("leaves out an empty free line, and puts each message on the form's row", () => {
    const values = withoutLine(withBlankLine(withBlankLine(quoteFormValues(DRAFT))), 2);
    const reading = readQuoteForm({ ...values, "lines.3.description": "Router", "lines.3.unitPrice": "30", "lines.3.quantity": "0" });
    expect(reading.rows).toEqual([0, 1, 3]);
    const result = quoteDraftSchema.safeParse(reading.input);
    expect(result.success).toBe(false);
    const keys = result.success ? [] : result.error.issues.map((issue) => quoteFormErrorKey(issue.path, reading.rows));
    expect(keys).toContain("lines.3.quantity");
    expect(quoteFormErrorKey(["lines", 1, "discount", "reason"], reading.rows)).toBe("lines.1.discountReason");
    expect(quoteFormErrorKey(["lines", 2, "tariffSlug"], reading.rows, 3)).toBe("addTariffSlug");
  });

  it("prices the lines as the form stands, leaving out a row still being typed", () => {
    const values = withBlankLine(quoteFormValues(DRAFT));
    expect(previewLines(values, DRAFT.lines)).toEqual(DRAFT.lines);
    expect(previewLines({ ...values, "lines.1.quantity": "tw" }, DRAFT.lines)).toEqual([FREE]);
  });
});

describe("a free line's rises and multi-line discount, set over JSON", () => {
  const RISING: QuoteLine = {
    ...MONTHLY,
    discount: null,
    priceRises: [{ from: "2027-04-01", monthlyPriceExVatPence: 3700 }],
    multiLineDiscount: { fromLine: 2, percent: 5 },
  };

  it("ride along in the form unchanged, so saving the form keeps them", () => {
    const values = quoteFormValues({ ...DRAFT, lines: [RISING] });
    const parsed = quoteDraftSchema.parse(readQuoteForm(values).input);
    expect(completeQuoteLine(parsed.lines![0]!, null)).toEqual(RISING);
    expect(previewLines(values, [])).toEqual([RISING]);
  });

  it("are checked by the schema, and a tampered copy is left out of the live totals rather than breaking them", () => {
    const values = { ...quoteFormValues({ ...DRAFT, lines: [RISING] }), "lines.0.carried": '{"priceRises":[{"from":"soon","monthlyPriceExVatPence":"x"}]}' };
    expect(quoteDraftSchema.safeParse(readQuoteForm(values).input).success).toBe(false);
    expect(previewLines(values, [])).toEqual([]);
    expect(readQuoteForm({ ...values, "lines.0.carried": "not json" }).input.lines[0]).not.toHaveProperty("priceRises");
  });
});
