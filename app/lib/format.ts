/** Dates and numbers as staff in the UK read them. */

const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/London",
});

const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Europe/London" });

/** e.g. "22 Nov 2026, 14:05" in UK time. */
export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** e.g. "22 Nov 2026". */
export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}

const LONG_DATE = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "Europe/London" });

/** e.g. "November 22, 2026": the month-first long form testimonials carry (SPEC section 3), on the UK calendar. */
export function formatLongDate(date: Date): string {
  return LONG_DATE.format(date);
}

// Formatters are made once: making one costs far more than formatting with it.
const PERCENT = new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 1 });

export function formatPercent(fraction: number): string {
  return PERCENT.format(fraction);
}

const COUNT = new Intl.NumberFormat("en-GB");

export function formatCount(count: number): string {
  return COUNT.format(count);
}

// en-CA writes dates as YYYY-MM-DD.
const DATE_STAMP = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });

/** e.g. "2026-11-22": today's date in the UK, for file names. */
export function londonDateStamp(date: Date): string {
  return DATE_STAMP.format(date);
}

const LONDON_PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  weekday: "short",
});

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** The UK wall clock at an instant, read as if it were UTC, and the weekday (Monday 0). */
function londonWallClock(instant: number): { wall: number; weekday: number } {
  const parts = Object.fromEntries(LONDON_PARTS.formatToParts(instant).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return { wall, weekday: WEEKDAYS.indexOf(parts.weekday) };
}

/**
 * The instant this week began in the UK: Monday 00:00 London time (GMT or
 * BST). Clocks change at 01:00 UTC on a Sunday, so Monday midnight always
 * exists and is never ambiguous.
 */
export function startOfLondonWeek(now: Date): Date {
  const { wall, weekday } = londonWallClock(now.getTime());
  const day = 24 * 60 * 60 * 1000;
  const mondayWall = Math.floor(wall / day) * day - weekday * day;
  // The UK offset at Monday midnight (guessed from UTC midnight; the hour between cannot hold a clock change).
  const offset = londonWallClock(mondayWall).wall - mondayWall;
  return new Date(mondayWall - offset);
}

const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** A YYYY-MM-DD day as "23 Nov". */
export function formatDay(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}
