import { describe, expect, it } from "vitest";
import { plainQuoteLine } from "../support/quote-documents";
import { priceQuote, quoteLineWorking } from "~/features/quotes/quote-prices";
import type { QuoteLine } from "~/features/quotes/quotes";

const line = plainQuoteLine;

describe("a quote's figures", () => {
  it("adds monthly lines over their terms with rises and the catalogue's multi-line discount, and one-offs once", () => {
    const totals = priceQuote(
      [
        // 3 lines at £12.00, 10 % off from line 2: £33.60 a month; from the 25 Apr 2027 month, £14.00 a line: £39.20.
        line({
          quantity: 3,
          unitPriceExVatPence: 1200,
          termMonths: 24,
          priceRises: [{ from: "2027-04-01", monthlyPriceExVatPence: 1400 }],
          multiLineDiscount: { fromLine: 2, percent: 10 },
        }),
        line({ group: "broadband", unitPriceExVatPence: 3500, discount: { kind: "percent", percent: 10, reason: "Bundled with mobile" } }),
        line({
          group: "hardware",
          charge: "one_off",
          termMonths: null,
          quantity: 3,
          unitPriceExVatPence: 2999,
          discount: { kind: "amount", amountExVatPence: 997, reason: "Round price" },
        }),
      ],
      "2026-11-25",
    );
    expect(totals).toEqual({
      lines: [
        { amountExVatPence: 3360, overTermExVatPence: 5 * 3360 + 19 * 3920 },
        { amountExVatPence: 3150, overTermExVatPence: 12 * 3150 },
        { amountExVatPence: 8000, overTermExVatPence: 8000 },
      ],
      monthlyExVatPence: 6510,
      monthlyVatPence: 1302,
      monthlyIncVatPence: 7812,
      oneOffExVatPence: 8000,
      oneOffVatPence: 1600,
      oneOffIncVatPence: 9600,
      dueOnAcceptanceIncVatPence: 9600,
      contractTotalExVatPence: 91_280 + 37_800 + 8000,
      contractTotalIncVatPence: 164_496,
    });
  });

  it.each([
    {
      case: "10 % off £10.05 a month",
      quoteLine: line({ unitPriceExVatPence: 1005, termMonths: 1, discount: { kind: "percent", percent: 10, reason: "r" } }),
      amount: 905,
    },
    {
      case: "12.5 % off a £9.99 one-off",
      quoteLine: line({ charge: "one_off", termMonths: null, unitPriceExVatPence: 999, discount: { kind: "percent", percent: 12.5, reason: "r" } }),
      amount: 874,
    },
    { case: "an amount off larger than the line", quoteLine: line({ discount: { kind: "amount", amountExVatPence: 5000, reason: "r" } }), amount: 0 },
  ])("rounds a line's discount half up to the penny: $case", ({ quoteLine, amount }) => {
    expect(priceQuote([quoteLine], "2026-11-25").lines[0]!.amountExVatPence).toBe(amount);
  });

  it("prices a quote with no lines as nothing", () => {
    const totals = priceQuote([], "2026-11-25");
    expect(totals.contractTotalIncVatPence).toBe(0);
    expect(totals.dueOnAcceptanceIncVatPence).toBe(0);
  });
});

describe("how a line's amount is made", () => {
  it("shows steps that add up to the amount charged, to the penny, for every mix of quantity, price and discounts", () => {
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let case_ = 0; case_ < 2_000; case_++) {
      const monthly = next(4) > 0;
      const line: QuoteLine = {
        group: "mobile",
        description: `Case ${case_}`,
        tariff: null,
        quantity: 1 + next(60),
        unitPriceExVatPence: 1 + next(20_000),
        charge: monthly ? "monthly" : "one_off",
        termMonths: monthly ? 24 : null,
        priceRises: [],
        multiLineDiscount: monthly && next(2) ? { fromLine: 1 + next(10), percent: (1 + next(400)) / 10 } : null,
        discount: [
          null,
          { kind: "percent" as const, percent: (1 + next(999)) / 10, reason: "Loyalty" },
          { kind: "amount" as const, amountExVatPence: next(30_000), reason: "Round" },
        ][next(3)]!,
      };
      const steps = quoteLineWorking(line, "2026-11-25");
      const amount = priceQuote([line], "2026-11-25").lines[0]!.amountExVatPence;
      expect(
        steps.reduce((sum, step) => sum + step.amountExVatPence, 0),
        JSON.stringify(line),
      ).toBe(amount);
      expect(steps[0]!.amountExVatPence).toBe(line.quantity * line.unitPriceExVatPence);
      expect(steps.slice(1).every((step) => step.amountExVatPence < 0)).toBe(true);
    }
  });

  it("names the lines the multi-line discount takes off and the amount off each, and the staff discount's reason", () => {
    const line: QuoteLine = {
      group: "mobile",
      description: "Team SIMs",
      tariff: null,
      quantity: 7,
      unitPriceExVatPence: 1050,
      charge: "monthly",
      termMonths: 24,
      priceRises: [],
      multiLineDiscount: { fromLine: 2, percent: 10 },
      discount: { kind: "percent", percent: 10, reason: "Loyalty" },
    };
    expect(quoteLineWorking(line, "2026-11-25")).toEqual([
      { words: "7 x £10.50", amountExVatPence: 7350 },
      { words: "10% off lines 2-7 (6 x £1.05)", amountExVatPence: -630 },
      { words: "Loyalty: 10% off", amountExVatPence: -672 },
    ]);
    expect(quoteLineWorking({ ...line, multiLineDiscount: { fromLine: 7, percent: 10 }, discount: null }, "2026-11-25")[1]!.words).toBe(
      "10% off line 7 (1 x £1.05)",
    );
  });
});
