import { describe, expect, it } from "vitest";
import {
  addCalendarMonths,
  addDays,
  addDaysToInstant,
  addMonthsToInstant,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatDayAndMonth,
  formatLongDay,
  formatMonthFirstDate,
  isCalendarDay,
  lastUkDays,
  startOfUkWeek,
  ukDay,
  ukDayStart,
  ukYear,
} from "~/lib/calendar";
import { formatCount, formatPercent, formatPounds, hasFractionsOfPence, penceFromPounds, plainPounds } from "~/lib/money";

describe("the UK's calendar", () => {
  it("reads the day, the year and midnight in London, in winter (GMT) and summer (BST)", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST); in January the two agree.
    expect(ukDay(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(ukDay(new Date("2026-01-15T23:30:00Z"))).toBe("2026-01-15");
    expect(ukYear(new Date("2026-12-31T23:30:00Z"))).toBe(2026);
    expect(ukYear(new Date("2027-06-30T23:30:00Z"))).toBe(2027);
    expect(ukDayStart("2026-07-01").toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(ukDayStart("2026-01-15").toISOString()).toBe("2026-01-15T00:00:00.000Z");
  });

  it("starts the week at Monday midnight in London, across the clocks going forward and back", () => {
    // Sunday 29 March 2026 the clocks go forward: the week began on Monday 23 March, in GMT.
    expect(startOfUkWeek(new Date("2026-03-29T12:00:00Z")).toISOString()).toBe("2026-03-23T00:00:00.000Z");
    // Monday 30 March 2026, 00:30 BST is 23:30 UTC on Sunday: already the new week, begun at 23:00 UTC.
    expect(startOfUkWeek(new Date("2026-03-29T23:30:00Z")).toISOString()).toBe("2026-03-29T23:00:00.000Z");
    // Sunday 25 October 2026 the clocks go back: the week began on Monday 19 October, in BST.
    expect(startOfUkWeek(new Date("2026-10-25T12:00:00Z")).toISOString()).toBe("2026-10-18T23:00:00.000Z");
  });

  it("lists the last days up to London's today, oldest first", () => {
    expect(lastUkDays(new Date("2026-07-01T23:30:00Z"), 3)).toEqual(["2026-06-30", "2026-07-01", "2026-07-02"]);
    expect(lastUkDays(new Date("2026-03-01T10:00:00Z"), 2)).toEqual(["2026-02-28", "2026-03-01"]);
  });
});

describe("calendar steps", () => {
  it("adds days and months to a day, the 31st falling back to the month's last day", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addCalendarMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addCalendarMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addCalendarMonths("2026-11-30", 3)).toBe("2027-02-28");
    expect(addCalendarMonths("2026-05-31", -3)).toBe("2026-02-28");
  });

  it("moves an instant by months or days, keeping its time of day", () => {
    expect(addMonthsToInstant(new Date("2026-03-31T10:15:00.000Z"), -1).toISOString()).toBe("2026-02-28T10:15:00.000Z");
    expect(addMonthsToInstant(new Date("2026-01-15T00:00:00.000Z"), 24).toISOString()).toBe("2028-01-15T00:00:00.000Z");
    expect(addDaysToInstant(new Date("2026-03-01T10:00:00.000Z"), -30).toISOString()).toBe("2026-01-30T10:00:00.000Z");
  });

  it("knows a real calendar day from a look-alike", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-1-05")).toBe(false);
  });
});

describe("dates as people read them", () => {
  it("writes instants in UK time and days as they are", () => {
    expect(formatDateTime("2026-07-01T13:05:00Z")).toBe("1 Jul 2026, 14:05");
    expect(formatDate("2026-06-30T23:30:00Z")).toBe("1 Jul 2026");
    expect(formatMonthFirstDate(new Date("2026-11-22T12:00:00Z"))).toBe("November 22, 2026");
    expect(formatCalendarDay("2027-04-01")).toBe("1 Apr 2027");
    expect(formatDayAndMonth("2026-11-23")).toBe("23 Nov");
    expect(formatLongDay("2025-06-19")).toBe("19 June 2025");
  });
});

describe("money and figures", () => {
  it("writes pence as pounds, with and without the sign and separators", () => {
    expect(formatPounds(123_456)).toBe("£1,234.56");
    expect(plainPounds(123_456)).toBe("1234.56");
    expect(plainPounds(5)).toBe("0.05");
    expect(plainPounds(-150)).toBe("-1.50");
  });

  it("reads pounds exactly, and says when a fraction of a penny was given", () => {
    expect(penceFromPounds("12.50")).toBe(1250);
    expect(penceFromPounds("£7.5")).toBe(750);
    expect(penceFromPounds("12")).toBe(1200);
    // 0.1 + 0.2 in floats is not 0.3; read as text, 0.29 stays 29 pence.
    expect(penceFromPounds("0.29")).toBe(29);
    expect(penceFromPounds("12.505")).toBeNull();
    expect(hasFractionsOfPence("12.505")).toBe(true);
    expect(penceFromPounds("twelve")).toBeNull();
    expect(hasFractionsOfPence("twelve")).toBe(false);
  });

  it("writes counts and percentages as the UK does", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatPercent(0.125)).toBe("12.5%");
  });
});
