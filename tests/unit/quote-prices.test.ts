import { describe, expect, it } from "vitest";
import { plainQuoteLine } from "../support/quote-documents";
import { priceQuote } from "~/features/quotes/quote-prices";

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
