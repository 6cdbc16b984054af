import { addDays, formatCalendarDay } from "~/lib/calendar";
import { PAC_VALID_DAYS } from "./order-lists";

/**
 * The shapes a network checks an order's details against, as pure functions (the server's schemas, the page and the unit tests share them). Each `normalise…`
 * returns the stored form, or null when the text is not of that shape.
 */

/** A PAC (porting authorisation code): three letters and six digits, e.g. "ABC123456"; stored upper case. */
const PAC_SHAPE = /^[A-Z]{3}\d{6}$/;

export function normalisePac(text: string): string | null {
  const pac = text.replace(/\s/g, "").toUpperCase();
  return PAC_SHAPE.test(pac) ? pac : null;
}

/** All that is shown of a PAC once the order is submitted: its last three characters. */
export function pacEndingOf(pac: string): string {
  return pac.slice(-3);
}

/** The last day a PAC issued on `issuedOn` (YYYY-MM-DD) can be used: it is valid for PAC_VALID_DAYS days from its issue. */
export function pacExpiresOn(issuedOn: string): string {
  return addDays(issuedOn, PAC_VALID_DAYS);
}

/**
 * Why a PAC cannot be used for this order, or null: already expired (its last day before `today`), or expiring before the earliest connection date (the
 * number could not move on or after that day). Both say the date.
 */
export function pacRefusal(issuedOn: string, today: string, connectionDate: string | null): string | null {
  const expires = pacExpiresOn(issuedOn);
  if (expires < today) return `This PAC expired on ${formatCalendarDay(expires)}: ask the current network for a new one`;
  if (connectionDate && expires < connectionDate) return `This PAC expires on ${formatCalendarDay(expires)}, before your connection date`;
  return null;
}

/** A PAC is issued on a day that has come: a date in the future is a typing mistake. */
export function isPacIssueDayPossible(issuedOn: string, today: string): boolean {
  return issuedOn <= today;
}

/**
 * A UK mobile number in the national form the networks use, "07700900123": eleven digits starting 07, typed with spaces, dashes or brackets, or as
 * +44 7700 900123 / 0044 7700 900123 / +44 (0)7700 900123.
 */
export function normaliseMobileNumber(text: string): string | null {
  if (!/^[\d\s()+.-]+$/.test(text.trim())) return null;
  let digits = text.replace(/\D/g, "");
  if (text.trim().startsWith("+44") || digits.startsWith("0044")) {
    digits = digits.replace(/^(00)?44/, "");
    digits = digits.startsWith("0") ? digits : `0${digits}`;
  }
  return /^07\d{9}$/.test(digits) ? digits : null;
}

/**
 * A UK postcode, checked for shape only (outward code, a space, inward code): upper case with one space, "SW1A 1AA". Typed with or without the space, in
 * any case. Whether the address exists is the courier's question.
 */
const POSTCODE_SHAPE = /^([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/;

export function normalisePostcode(text: string): string | null {
  const match = POSTCODE_SHAPE.exec(text.trim().toUpperCase().replace(/\s+/g, " "));
  return match ? `${match[1]} ${match[2]}` : null;
}

/**
 * A Companies House number: eight characters, digits or two letters of its register then six digits (SC123456 in Scotland, OC123456 for an LLP); a number
 * typed without its leading zeros is padded, as Companies House shows it.
 */
export function normaliseCompanyNumber(text: string): string | null {
  const compact = text.replace(/\s/g, "").toUpperCase();
  if (/^\d{1,8}$/.test(compact)) return compact.padStart(8, "0");
  return /^[A-Z]{2}\d{6}$/.test(compact) ? compact : null;
}

/**
 * One amount in pence split across `units` so the parts add up to it exactly: each unit gets the whole pence of an equal share, and the pennies left over
 * go one each to the first units. 1000 across 3 is [334, 333, 333].
 */
export function splitPence(amount: number, units: number): number[] {
  if (units <= 0) return [];
  const share = Math.floor(amount / units);
  const left = amount - share * units;
  return Array.from({ length: units }, (_, index) => share + (index < left ? 1 : 0));
}

/** An order's reference: "ORD-" then six characters a person reads back without mistaking (no 0/O, 1/I). */
export const ORDER_REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const ORDER_REFERENCE_SHAPE = /^ORD-[A-HJ-NP-Z2-9]{6}$/;

/** A reference from six random numbers (0 to 255 each, e.g. crypto's bytes); `ORDER_REFERENCE_ALPHABET` has 32 characters, so each byte maps evenly. */
export function orderReferenceFrom(bytes: ArrayLike<number>): string {
  let reference = "ORD-";
  for (let index = 0; index < 6; index++) reference += ORDER_REFERENCE_ALPHABET[(bytes[index] ?? 0) % ORDER_REFERENCE_ALPHABET.length];
  return reference;
}
