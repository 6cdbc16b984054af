import { describe, expect, it } from "vitest";
import { marketingSpendSchema, SPEND_MESSAGES } from "~/features/reports";
import { costPer, sourceReportFigures } from "~/features/reports/sources-report";
import { formatCount, formatPounds, plainPounds } from "~/lib/money";

/** The Spend form's rules (issue 41): values written as the leads record them, bad ones refused with their field's message; the report's cost figures. */

describe("the spend form", () => {
  it("writes the source and campaign as the leads record them, and reads pounds exactly", () => {
    expect(marketingSpendSchema.parse({ month: " 2026-10 ", source: "  Google ", campaign: "Spring  Sale", amount: "1,250.5" })).toEqual({
      month: "2026-10",
      source: "google",
      campaign: "spring sale",
      amount: 125_050,
    });
    // No campaign: the source as a whole.
    expect(marketingSpendSchema.parse({ month: "2026-01", source: "bing", amount: "£0" })).toMatchObject({ campaign: "", amount: 0 });
  });

  it.each([
    ["a month that does not exist", { month: "2026-13" }, "month", SPEND_MESSAGES.month],
    ["a day for a month", { month: "2026-10-01" }, "month", SPEND_MESSAGES.month],
    ["no source", { source: "   " }, "source", SPEND_MESSAGES.source],
    ["a source a spreadsheet would run", { source: "=HYPERLINK()" }, "source", SPEND_MESSAGES.source],
    ["a source longer than a lead keeps", { source: "g".repeat(101) }, "source", SPEND_MESSAGES.source],
    ["a campaign of markup", { campaign: "<script>" }, "campaign", SPEND_MESSAGES.campaign],
    ["fractions of a penny", { amount: "10.005" }, "amount", SPEND_MESSAGES.amount],
    ["a negative amount", { amount: "-5" }, "amount", SPEND_MESSAGES.amount],
    ["more than the most", { amount: "1000000.01" }, "amount", SPEND_MESSAGES.amount],
    ["words", { amount: "ninety" }, "amount", SPEND_MESSAGES.amount],
  ])("refuses %s with the field's message", (_name, change, field, message) => {
    const parsed = marketingSpendSchema.safeParse({ month: "2026-10", source: "google", campaign: "", amount: "100", ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([[field, message]]);
  });
});

describe("the report's costs", () => {
  it("shares spend over leads or wins to the nearest penny, and has none without spend or without any to share it", () => {
    expect(costPer(46_500, 8)).toBe(5813);
    expect(costPer(10_000, 3)).toBe(3333);
    expect(costPer(null, 3)).toBeNull();
    expect(costPer(10_000, 0)).toBeNull();
  });

  it("writes each figure for the screen and for a spreadsheet, a conversion after each step", () => {
    const counts = {
      visits: 1234,
      leads: 10,
      quotesSent: 5,
      quotesAccepted: 0,
      ordersLive: 0,
      monthlyValueWonExVatPence: 0,
      spendPence: 100_000,
      costPerLeadPence: 10_000,
      costPerWinPence: null,
    };
    const screen = sourceReportFigures(counts, { pounds: formatPounds, count: formatCount });
    expect(screen.map(({ label, text, conversion }) => [label, text, conversion?.text ?? null])).toEqual([
      ["Visits", "1,234", null],
      ["Leads", "10", "0.8%"],
      ["Quotes sent", "5", "50%"],
      ["Quotes accepted", "0", "0%"],
      ["Orders live", "0", "—"],
      ["Monthly value won", "£0.00", null],
      ["Spend", "£1,000.00", null],
      ["Cost per lead", "£100.00", null],
      ["Cost per win", "—", null],
    ]);
    expect(sourceReportFigures(counts, { pounds: plainPounds, count: String }).map(({ text }) => text)).toEqual([
      "1234",
      "10",
      "5",
      "0",
      "0",
      "0.00",
      "1000.00",
      "100.00",
      "—",
    ]);
  });
});
