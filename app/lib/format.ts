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

export function formatPercent(fraction: number): string {
  return new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 1 }).format(fraction);
}

export function formatCount(count: number): string {
  return new Intl.NumberFormat("en-GB").format(count);
}
