/**
 * A lead's reference, `{PREFIX}-{YEAR}-{6 digits}` (e.g. CLB-2026-048213):
 * shown to the visitor on the thank-you step and to staff in the portal.
 */
export const LEAD_REFERENCE_PATTERN = /^[A-Z]{3}-\d{4}-\d{6}$/;

export function formatLeadReference(prefix: string, year: number, number: number): string {
  return `${prefix}-${year}-${String(number).padStart(6, "0")}`;
}
