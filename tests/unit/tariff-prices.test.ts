import { describe, expect, it } from "vitest";
import type { TariffPriceTerms } from "~/features/tariffs/tariffs";
import { describePriceRises, describeTeamPriceRise, discountedLinePrice, priceTariff, teamPriceRises, withVat } from "~/features/tariffs/tariff-prices";
import { addCalendarMonths, isCalendarDay } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";

const plain: TariffPriceTerms = { monthlyPriceExVatPence: 1000, upfrontCostExVatPence: 0, termMonths: 12, priceRises: [], multiLineDiscount: null };

describe("pricing a tariff for a team", () => {
  it.each([
    {
      case: "one line, no rises",
      terms: plain,
      lines: 1,
      start: "2026-11-25",
      expected: { linePriceExVatPence: 1000, teamMonthlyExVatPence: 1000, contractTotalExVatPence: 12_000, effectiveMonthlyExVatPence: 1000 },
    },
    {
      // Months start 25 Nov 2026 ... 25 Oct 2027: the 25 Apr month is the first at £14.
      case: "a rise during the contract",
      terms: { ...plain, priceRises: [{ from: "2027-04-01", monthlyPriceExVatPence: 1400 }] },
      lines: 1,
      start: "2026-11-25",
      expected: { linePriceExVatPence: 1000, teamMonthlyExVatPence: 1000, contractTotalExVatPence: 5 * 1000 + 7 * 1400, effectiveMonthlyExVatPence: 1233 },
    },
    {
      case: "a rise dated on a month's first day applies to that month",
      terms: { ...plain, priceRises: [{ from: "2027-03-25", monthlyPriceExVatPence: 1400 }] },
      lines: 1,
      start: "2026-11-25",
      expected: { linePriceExVatPence: 1000, teamMonthlyExVatPence: 1000, contractTotalExVatPence: 4 * 1000 + 8 * 1400, effectiveMonthlyExVatPence: 1267 },
    },
    {
      case: "a rise before the start date is the price from month 1",
      terms: { ...plain, priceRises: [{ from: "2026-04-01", monthlyPriceExVatPence: 1200 }] },
      lines: 1,
      start: "2026-11-25",
      expected: { linePriceExVatPence: 1200, teamMonthlyExVatPence: 1200, contractTotalExVatPence: 14_400, effectiveMonthlyExVatPence: 1200 },
    },
    {
      case: "two rises given out of order",
      terms: {
        ...plain,
        termMonths: 24,
        priceRises: [
          { from: "2028-04-01", monthlyPriceExVatPence: 1600 },
          { from: "2027-04-01", monthlyPriceExVatPence: 1400 },
        ],
      },
      lines: 1,
      start: "2026-11-25",
      expected: {
        linePriceExVatPence: 1000,
        teamMonthlyExVatPence: 1000,
        contractTotalExVatPence: 5 * 1000 + 12 * 1400 + 7 * 1600,
        effectiveMonthlyExVatPence: 1375,
      },
    },
    {
      case: "10 % off each line from the 2nd",
      terms: { ...plain, monthlyPriceExVatPence: 1250, multiLineDiscount: { fromLine: 2, percent: 10 } },
      lines: 3,
      start: "2026-11-25",
      expected: { linePriceExVatPence: 1250, teamMonthlyExVatPence: 1250 + 2 * 1125, contractTotalExVatPence: 12 * 3500, effectiveMonthlyExVatPence: 3500 },
    },
    {
      case: "a discount that starts past the team's size",
      terms: { ...plain, multiLineDiscount: { fromLine: 5, percent: 10 } },
      lines: 4,
      start: "2026-11-25",
      expected: { linePriceExVatPence: 1000, teamMonthlyExVatPence: 4000, contractTotalExVatPence: 48_000, effectiveMonthlyExVatPence: 4000 },
    },
    {
      case: "a 1-month term with an upfront cost per line",
      terms: { ...plain, monthlyPriceExVatPence: 1500, upfrontCostExVatPence: 2500, termMonths: 1 },
      lines: 2,
      start: "2026-11-25",
      expected: { linePriceExVatPence: 1500, teamMonthlyExVatPence: 3000, contractTotalExVatPence: 8000, effectiveMonthlyExVatPence: 8000 },
    },
    {
      // 999 x 0.85 = 849.15, so 849 a line from the 2nd.
      case: "50 lines with a discount and an upfront cost",
      terms: { ...plain, monthlyPriceExVatPence: 999, upfrontCostExVatPence: 1000, termMonths: 24, multiLineDiscount: { fromLine: 2, percent: 15 } },
      lines: 50,
      start: "2026-11-25",
      expected: { linePriceExVatPence: 999, teamMonthlyExVatPence: 42_600, contractTotalExVatPence: 1_072_400, effectiveMonthlyExVatPence: 44_683 },
    },
    {
      // 12,006 / 12 = 1,000.5
      case: "an effective monthly of half a penny rounds up",
      terms: { ...plain, priceRises: [{ from: "2027-10-25", monthlyPriceExVatPence: 1006 }] },
      lines: 1,
      start: "2026-11-25",
      expected: { linePriceExVatPence: 1000, teamMonthlyExVatPence: 1000, contractTotalExVatPence: 12_006, effectiveMonthlyExVatPence: 1001 },
    },
    {
      // A start on the 31st: month 2 starts on 28 Feb, the day the rise takes effect.
      case: "a month that starts on a shorter month's last day",
      terms: { ...plain, termMonths: 2, priceRises: [{ from: "2027-02-28", monthlyPriceExVatPence: 1400 }] },
      lines: 1,
      start: "2027-01-31",
      expected: { linePriceExVatPence: 1000, teamMonthlyExVatPence: 1000, contractTotalExVatPence: 2400, effectiveMonthlyExVatPence: 1200 },
    },
  ])("$case", ({ terms, lines, start, expected }) => {
    expect(priceTariff(terms, { lines, start })).toEqual({ lines, start, ...expected });
  });
});

describe("rounding at half pennies", () => {
  it.each([
    { price: 1005, percent: 10, expected: 905 }, // 904.5
    { price: 1004, percent: 12.5, expected: 879 }, // 878.5
    { price: 1003, percent: 10, expected: 903 }, // 902.7
    { price: 1001, percent: 10, expected: 901 }, // 900.9
    { price: 1000, percent: 100, expected: 0 },
  ])("$percent % off $price pence is $expected", ({ price, percent, expected }) => {
    expect(discountedLinePrice(price, { fromLine: 2, percent }, 2)).toBe(expected);
    expect(discountedLinePrice(price, { fromLine: 2, percent }, 1)).toBe(price);
  });

  it.each([
    { exVat: 1000, incVat: 1200 },
    { exVat: 1234, incVat: 1481 }, // VAT 246.8
    { exVat: 999, incVat: 1199 }, // VAT 199.8
    { exVat: 3, incVat: 4 }, // VAT 0.6
    { exVat: 1, incVat: 1 }, // VAT 0.2
    { exVat: 0, incVat: 0 },
  ])("$exVat pence ex VAT is $incVat inc VAT", ({ exVat, incVat }) => {
    expect(withVat(exVat)).toBe(incVat);
  });
});

describe("calendar months and words", () => {
  it.each([
    ["2026-01-31", 1, "2026-02-28"],
    ["2028-01-31", 1, "2028-02-29"],
    ["2026-01-31", 2, "2026-03-31"],
    ["2026-11-25", 14, "2028-01-25"],
    ["2026-11-25", 0, "2026-11-25"],
  ] as const)("%s plus %i months is %s", (day, months, expected) => {
    expect(addCalendarMonths(day, months)).toBe(expected);
  });

  it("knows a real day from a malformed or impossible one", () => {
    expect(isCalendarDay("2027-02-28")).toBe(true);
    expect(isCalendarDay("2027-02-29")).toBe(false);
    expect(isCalendarDay("2027-2-28")).toBe(false);
    expect(isCalendarDay("tomorrow")).toBe(false);
  });

  it("writes the price-rise schedule in pounds and pence, in date order", () => {
    expect(
      describePriceRises([
        { from: "2028-04-01", monthlyPriceExVatPence: 1600 },
        { from: "2027-04-01", monthlyPriceExVatPence: 1400 },
      ]),
    ).toEqual(["£14.00 from 1 Apr 2027", "£16.00 from 1 Apr 2028"]);
    expect(formatPounds(123_456)).toBe("£1,234.56");
  });
});

describe("a price rise as the team pays it", () => {
  const terms = { priceRises: [{ from: "2027-04-01", monthlyPriceExVatPence: 1175 }], multiLineDiscount: { fromLine: 2, percent: 10 } };

  it("gives the team's new monthly figure with the multi-line discount, and the price a line beside it", () => {
    const [rise] = teamPriceRises(terms, 7);
    // 1 line at £11.75 and 6 at £10.58 (10% off £11.75 is £10.575, rounded half up).
    expect(rise).toEqual({ from: "2027-04-01", lines: 7, linePriceExVatPence: 1175, teamMonthlyExVatPence: 1175 + 6 * 1058 });
    expect(describeTeamPriceRise(rise!)).toBe("From 1 Apr 2027: £75.23 a month for your 7 lines (£11.75 a line)");
  });

  it("takes a further discount off the team's figure, and names one line as such", () => {
    const [rise] = teamPriceRises(terms, 1, (teamPence) => teamPence - 100);
    expect(describeTeamPriceRise(rise!)).toBe("From 1 Apr 2027: £10.75 a month for your line");
  });
});
