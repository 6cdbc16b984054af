import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SAMPLE_TARIFFS_CSV } from "~/features/tariffs/sample-tariffs.server";
import { CsvSyntaxError, csvRecords, csvRow } from "~/lib/csv";
import { readTariffsCsv } from "~/features/tariffs/tariff-csv-schema";
import { penceFromPoundsCell, TARIFF_CSV_COLUMNS, TARIFF_CSV_HEADER, tariffCsvRow } from "~/features/tariffs/tariff-csv";
import { TARIFF_NETWORKS, type TariffInput } from "~/features/tariffs/tariffs";
import { plainPounds } from "~/lib/money";

const records = (text: string) => [...csvRecords(text)];

describe("csvRecords (RFC 4180)", () => {
  it.each([
    {
      text: "a,b\r\nc,d\r\n",
      expected: [
        ["a", "b"],
        ["c", "d"],
      ],
    },
    {
      text: "a,b\nc,d",
      expected: [
        ["a", "b"],
        ["c", "d"],
      ],
    },
    { text: '\uFEFF"a",b\n', expected: [["a", "b"]] },
    { text: '"x, y","say ""hi""","two\r\nlines"\r\n', expected: [["x, y", 'say "hi"', "two\r\nlines"]] },
    { text: "a,,\n\nb\n", expected: [["a", "", ""], [""], ["b"]] },
    { text: '"",x', expected: [["", "x"]] },
    { text: "", expected: [] },
  ])("reads $text", ({ text, expected }) => {
    expect(records(text)).toEqual(expected);
  });

  it.each([
    { text: 'a\n"never closed,b\n', record: 2 },
    { text: '"a"b,c', record: 1 },
  ])("names the record of a syntax error in $text", ({ text, record }) => {
    expect(() => records(text)).toThrow(CsvSyntaxError);
    try {
      records(text);
    } catch (error) {
      expect((error as CsvSyntaxError).record).toBe(record);
    }
  });

  it("reads back what csvRow writes", () => {
    const cells = ["plain", 'quote "x"', "comma, here", "line\nbreak", ""];
    expect(records(csvRow(cells) + csvRow(["b"]))).toEqual([cells, ["b"]]);
  });
});

describe("pounds and pence", () => {
  it.each([
    ["12.50", 1250],
    ["12.5", 1250],
    ["12", 1200],
    ["£0.01", 1],
    ["0.29", 29],
    ["1000000.07", 100000007],
  ])("reads %s as %i pence, exactly", (cell, pence) => {
    expect(penceFromPoundsCell(cell)).toBe(pence);
    expect(penceFromPoundsCell(plainPounds(pence))).toBe(pence);
  });

  it.each(["12.505", "-1.00", "12,50", "abc", "", "1e3"])("refuses %s", (cell) => {
    expect(() => penceFromPoundsCell(cell)).toThrow(/pounds and pence/);
  });
});

describe("the catalogue's CSV", () => {
  const tariff: TariffInput = {
    slug: "round-trip",
    network: "O2",
    name: '-Business, "Plus"',
    serviceType: "handset",
    status: "draft",
    monthlyPriceExVatPence: 1005,
    upfrontCostExVatPence: 2999,
    termMonths: 36,
    priceRises: [{ from: "2027-04-01", monthlyPriceExVatPence: 1101 }],
    dataGb: 0.5,
    minutes: 300,
    texts: null,
    fiveG: false,
    euRoaming: { included: false, fairUseGb: null, dailyChargePence: 199 },
    wifiCalling: true,
    businessExtras: ["=SUM(1)", "Shared data"],
    multiLineDiscount: { fromLine: 5, percent: 12.5 },
    minLines: 2,
    maxLines: 20,
    sourceUrl: "https://www.o2.co.uk/business",
    checkedOn: "2026-10-01",
  };

  it("reads back every field the export writes", () => {
    const reading = readTariffsCsv(csvRow(TARIFF_CSV_HEADER) + tariffCsvRow(tariff));
    expect(reading).toEqual({ ok: true, rows: [{ line: 2, input: tariff }] });
  });

  /** The tariff above as a row whose date cells are written as given, the way a spreadsheet saved them. */
  const withDates = (checkedOn: string, priceRises: string) => {
    const row = TARIFF_CSV_COLUMNS.map((column) =>
      column.name === "checked_on" ? checkedOn : column.name === "price_rises" ? priceRises : column.write(tariff),
    );
    return readTariffsCsv(csvRow(TARIFF_CSV_HEADER) + csvRow(row));
  };

  it.each([
    ["01/10/2026", "01/04/2027=11.01"],
    ["1/10/2026", "1/4/2027=11.01"],
    ["01/10/26", "01/04/27=11.01"],
    ["2026-10-01", "01/04/2027=11.01"],
  ])("reads the dates of a file saved from UK Excel, day first: %s and %s", (checkedOn, priceRises) => {
    expect(withDates(checkedOn, priceRises)).toEqual({ ok: true, rows: [{ line: 2, input: tariff }] });
  });

  it.each([
    ["10/31/2026", "", "checked_on"],
    ["31/02/2026", "", "checked_on"],
    ["1 Oct 2026", "", "checked_on"],
    ["2026-10-01", "2027/04/01=11.01", "price_rises"],
    ["2026-10-01", "31/04/2027=11.01", "price_rises"],
  ])("refuses %s / %s as an error of its row and column naming both forms", (checkedOn, priceRises, column) => {
    const reading = withDates(checkedOn, priceRises);
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.errors).toEqual([{ line: 2, field: column, message: expect.stringMatching(/DD\/MM\/YYYY \(like 20\/11\/2026\) or YYYY-MM-DD/) }]);
  });

  it("documents every column in docs/tariffs.md", () => {
    const docs = readFileSync("docs/tariffs.md", "utf8");
    for (const column of TARIFF_CSV_COLUMNS) expect(docs).toContain(`| \`${column.name}\` |`);
  });

  it("ships about 40 valid sample tariffs across the four networks", () => {
    const reading = readTariffsCsv(SAMPLE_TARIFFS_CSV);
    if (!reading.ok) throw new Error(JSON.stringify(reading.errors));
    expect(reading.rows.length).toBeGreaterThanOrEqual(35);
    expect(new Set(reading.rows.map((row) => row.input.network))).toEqual(new Set(TARIFF_NETWORKS));
  });
});
