/**
 * CSV as RFC 4180 with every field quoted (quotes doubled), lines ending
 * CRLF. A cell that a spreadsheet would run as a formula (starting with =, +,
 * -, @, tab or carriage return) is prefixed with an apostrophe so it shows
 * as text instead.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvRow(values: ReadonlyArray<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
