/**
 * Every date the product reckons or writes: the UK's day and week, calendar steps, and the ways staff and customers read dates. The business is in the UK, so
 * "today", a week and a day on a chart are London's (GMT or BST), whatever the server's time zone. A calendar day is written YYYY-MM-DD; an instant is a Date
 * or ISO text in UTC.
 *
 * The only module that builds date formatters or counts milliseconds in a day (lint keeps it so).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const UK = "Europe/London";

// Formatters are made once: making one costs far more than formatting with it. Marked pure, so a page's scripts carry only the ones some page uses.
const DATE_TIME = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: UK,
});
const DATE = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: UK });
const MONTH_FIRST_DATE = /* @__PURE__ */ new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: UK });
// en-CA writes dates as YYYY-MM-DD.
const UK_DAY = /* @__PURE__ */ new Intl.DateTimeFormat("en-CA", { timeZone: UK });
const UK_YEAR = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", { year: "numeric", timeZone: UK });
const UK_WALL_CLOCK = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", {
  timeZone: UK,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  weekday: "short",
});
// Calendar days are dates without a zone: written as the day itself, read at UTC midnight.
const CALENDAR_DAY = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const MONTH_AND_YEAR = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });
const DAY_AND_MONTH = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

// ---- Instants as staff read them (UK time)

/** e.g. "22 Nov 2026, 14:05" in UK time. */
export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** e.g. "22 Nov 2026": the UK day of an instant. */
export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}

/** e.g. "November 22, 2026": the month-first long form testimonials carry (SPEC section 3), on the UK calendar. */
export function formatMonthFirstDate(date: Date): string {
  return MONTH_FIRST_DATE.format(date);
}

// ---- Calendar days (YYYY-MM-DD) as written

/** A day as "1 Apr 2027". */
export function formatCalendarDay(day: string): string {
  return CALENDAR_DAY.format(new Date(`${day}T00:00:00Z`));
}

/** A day as "23 Nov" (the dashboard's charts). */
export function formatDayAndMonth(day: string): string {
  return DAY_AND_MONTH.format(new Date(`${day}T00:00:00Z`));
}

/** A day as "19 June 2025", the same on server and browser whatever their locale data (no formatter). */
export function formatLongDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return `${date} ${MONTHS[month - 1]} ${year}`;
}

// ---- The UK's calendar

/** The UK's day at an instant, e.g. "2026-11-22": today's date for quotes, file names and charts. */
export function ukDay(instant: Date): string {
  return UK_DAY.format(instant);
}

/** The calendar year in the UK at an instant. */
export function ukYear(instant: Date): number {
  return Number(UK_YEAR.format(instant));
}

/** The UK wall clock at an instant, read as if it were UTC, and the weekday (Monday 0). */
function ukWallClock(instant: number): { wall: number; weekday: number } {
  const parts = Object.fromEntries(UK_WALL_CLOCK.formatToParts(instant).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return { wall, weekday: WEEKDAYS.indexOf(parts.weekday!) };
}

/**
 * The instant a UK day begins: 00:00 London time (GMT or BST). Clocks change at 01:00 UTC on a Sunday, so midnight always exists and is never ambiguous; the
 * offset at midnight is read from UTC midnight, as the hour between cannot hold a clock change.
 */
export function ukDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const offset = ukWallClock(utcMidnight).wall - utcMidnight;
  return new Date(utcMidnight - offset);
}

/** The instant this week began in the UK: Monday 00:00 London time. */
export function startOfUkWeek(now: Date): Date {
  const { wall, weekday } = ukWallClock(now.getTime());
  const monday = new Date(Math.floor(wall / DAY_MS) * DAY_MS - weekday * DAY_MS).toISOString().slice(0, 10);
  return ukDayStart(monday);
}

/** The last `days` UK days up to the one at `now`, oldest first. */
export function lastUkDays(now: Date, days: number): string[] {
  const today = ukDay(now);
  return Array.from({ length: days }, (_, index) => addDays(today, index - (days - 1)));
}

// ---- Steps

/** Whether a text is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(day: string): boolean {
  const match = DAY_PATTERN.exec(day);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === day;
}

const UK_DAY_PATTERN = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/;

/**
 * A calendar day typed as YYYY-MM-DD or as the UK writes it, day first: "20/11/2026", "1/4/2027", or with a two-digit year "20/11/26" (always 20xx: a
 * spreadsheet's short date). YYYY-MM-DD, or null when the text is neither or no such day exists ("31/02/2027").
 */
export function calendarDayFromText(text: string): string | null {
  const uk = UK_DAY_PATTERN.exec(text);
  const day = uk ? `${uk[3]!.length === 2 ? `20${uk[3]}` : uk[3]}-${uk[2]!.padStart(2, "0")}-${uk[1]!.padStart(2, "0")}` : text;
  return isCalendarDay(day) ? day : null;
}

/** A calendar month written YYYY-MM as the UK reads it: "Oct 2026". */
export function formatCalendarMonth(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return MONTH_AND_YEAR.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** The number of days in a calendar month written YYYY-MM. */
export function daysInCalendarMonth(month: string): number {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
}

/** How many days `to` is after `from` (both YYYY-MM-DD; negative when before). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A day plus (or minus) whole days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** A day plus whole calendar months; the 31st falls back to the month's last day. */
export function addCalendarMonths(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const firstOfMonth = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(firstOfMonth.getUTCFullYear(), firstOfMonth.getUTCMonth() + 1, 0)).getUTCDate();
  firstOfMonth.setUTCDate(Math.min(date, lastDay));
  return firstOfMonth.toISOString().slice(0, 10);
}

/** An instant moved by whole calendar months (UTC), its time of day kept, the day kept or, past the month's end, its last day. */
export function addMonthsToInstant(instant: Date, months: number): Date {
  const day = addCalendarMonths(instant.toISOString().slice(0, 10), months);
  return new Date(`${day}${instant.toISOString().slice(10)}`);
}

/** An instant moved by whole days of 24 hours (negative: earlier). */
export function addDaysToInstant(instant: Date, days: number): Date {
  return new Date(instant.getTime() + days * DAY_MS);
}
