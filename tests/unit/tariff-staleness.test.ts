import { describe, expect, it } from "vitest";
import { freshSince } from "~/features/tariffs/tariffs";

// A tariff is stale when its prices were checked before freshSince(today, TARIFF_STALE_DAYS).
describe("freshSince", () => {
  it.each([
    { today: "2026-11-25", days: 90, expected: "2026-08-27" },
    { today: "2026-03-01", days: 1, expected: "2026-02-28" },
    { today: "2028-03-01", days: 1, expected: "2028-02-29" },
    { today: "2027-01-15", days: 30, expected: "2026-12-16" },
    { today: "2026-11-25", days: 3650, expected: "2016-11-27" },
  ])("$days days before $today is $expected", ({ today, days, expected }) => {
    expect(freshSince(today, days)).toBe(expected);
  });

  it("keeps a tariff checked exactly TARIFF_STALE_DAYS ago fresh, and the day before that stale", () => {
    const cutoff = freshSince("2026-11-25", 90);
    expect("2026-08-27" < cutoff).toBe(false);
    expect("2026-08-26" < cutoff).toBe(true);
  });
});
