import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "~/lib/csv";

describe("CSV writer", () => {
  it("quotes every field and doubles quotes inside", () => {
    expect(csvRow(["plain", 'say "hello"', "", null, undefined, 42])).toBe('"plain","say ""hello""","","","","42"\r\n');
  });

  it("keeps commas, line breaks and unicode inside one quoted field", () => {
    expect(csvCell("Smith, Jones & Co")).toBe('"Smith, Jones & Co"');
    expect(csvCell("line one\nline two\r\nline three")).toBe('"line one\nline two\r\nline three"');
    expect(csvCell("Zoë’s Café — 東京 🚀")).toBe('"Zoë’s Café — 東京 🚀"');
  });

  it.each(['=HYPERLINK("http://evil")', "+44 113 496 0123", "-2+3", "@SUM(A1:A2)", "\tstart", "\rstart"])(
    "neutralises the formula-like cell %j so a spreadsheet shows it as text",
    (value) => {
      const cell = csvCell(value);
      expect(cell.startsWith(`"'`)).toBe(true);
      expect(cell).toBe(`"'${value.replaceAll('"', '""')}"`);
    },
  );

  it("leaves ordinary cells that merely contain those characters alone", () => {
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell("name@example.co.uk")).toBe('"name@example.co.uk"');
    expect(csvCell("07700 900123")).toBe('"07700 900123"');
  });
});
