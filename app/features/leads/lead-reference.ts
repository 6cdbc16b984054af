/** A lead's reference, `{PREFIX}-{YEAR}-{6 digits}` (e.g. CLB-2026-048213): shown to the visitor on the thank-you step and to staff in the portal. */
export const LEAD_REFERENCE_PATTERN = /^[A-Z]{3}-\d{4}-\d{6}$/;

/** The brand's initials: staff and customers quote it on the phone, so it never changes. */
const LEAD_REFERENCE_PREFIX = "CLB";

export function formatLeadReference(year: number, number: number): string {
  return `${LEAD_REFERENCE_PREFIX}-${year}-${String(number).padStart(6, "0")}`;
}
