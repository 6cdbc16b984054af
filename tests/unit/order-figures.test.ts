import { describe, expect, it } from "vitest";
import { quarterOf } from "~/features/orders/order-figures.server";

describe("quarterOf", () => {
  it.each([
    ["2026-11-29", { from: "2026-10-01", to: "2026-12-31" }],
    ["2027-01-01", { from: "2027-01-01", to: "2027-03-31" }],
    ["2028-03-31", { from: "2028-01-01", to: "2028-03-31" }],
    ["2026-06-30", { from: "2026-04-01", to: "2026-06-30" }],
    ["2026-07-01", { from: "2026-07-01", to: "2026-09-30" }],
  ])("puts %s in the UK calendar quarter %o", (day, quarter) => {
    expect(quarterOf(day)).toEqual(quarter);
  });
});
