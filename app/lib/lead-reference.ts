/**
 * A lead's reference, `{PREFIX}-{YEAR}-{6 digits}` (e.g. CLB-2026-048213):
 * shown to the visitor on the thank-you step and to staff in the portal.
 */
export const LEAD_REFERENCE_PATTERN = /^[A-Z]{3}-\d{4}-\d{6}$/;

export function formatLeadReference(prefix: string, year: number, number: number): string {
  return `${prefix}-${year}-${String(number).padStart(6, "0")}`;
}

// Made once: building a DateTimeFormat costs far more than formatting with one (a lead's reference needs it).
const ukYearFormat = new Intl.DateTimeFormat("en-GB", { year: "numeric", timeZone: "Europe/London" });

/** The calendar year in the UK, where the business is. */
export function ukYear(date: Date): number {
  return Number(ukYearFormat.format(date));
}
