/**
 * Money and the other figures people read: amounts are integer pence everywhere (DESIGN.md, Money), written as pounds only here, and read back from pounds
 * exactly, never through a float. Counts and percentages are written here too, as the UK writes them.
 *
 * The only module that builds number formatters (lint keeps it so). What a price is made of (lines, discounts, VAT, rises) is reckoned in tariff-prices.ts.
 */

// Formatters are made once: making one costs far more than formatting with it. Marked pure, so a page's scripts carry only the ones some page uses.
const POUNDS = /* @__PURE__ */ new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const PERCENT = /* @__PURE__ */ new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 1 });
const COUNT = /* @__PURE__ */ new Intl.NumberFormat("en-GB");

/** e.g. "£1,234.56". */
export function formatPounds(pence: number): string {
  return POUNDS.format(pence / 100);
}

/** e.g. "1234.56": pounds as a spreadsheet or a form field reads them (CSV files, the tariff editor). */
export function plainPounds(pence: number): string {
  const sign = pence < 0 ? "-" : "";
  const whole = Math.abs(pence);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

const POUNDS_TEXT = /^£?(\d{1,9})(?:\.(\d{1,2}))?$/;

/** Pounds as written ("12.50", "£7.5", "12") in pence; null when the text is not such an amount. */
export function penceFromPounds(text: string): number | null {
  const match = POUNDS_TEXT.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** Whether the text is pounds with more than two decimal places ("12.505"), to say so rather than only refuse it. */
export function hasFractionsOfPence(text: string): boolean {
  return /^£?\d+\.\d{3,}$/.test(text);
}

/** e.g. "12.5%" from 0.125. */
export function formatPercent(fraction: number): string {
  return PERCENT.format(fraction);
}

/** e.g. "1,234". */
export function formatCount(count: number): string {
  return COUNT.format(count);
}
