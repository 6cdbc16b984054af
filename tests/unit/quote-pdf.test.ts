import { describe, expect, it } from "vitest";
import { renderQuotePdf } from "~/features/quotes/quote-pdf.server";
import { readPdf, type PdfPage } from "../support/pdf-text";
import { everyGroupQuote, quoteDocument, quoteLine, thirtyLineQuote } from "../support/quote-documents";
import { formatPounds } from "~/lib/money";

const allLines = (pages: PdfPage[]) => pages.flatMap((page) => page.lines);
/** The text as one run of words, so a phrase wrapped over two lines still reads as one. */
const allText = (pages: PdfPage[]) => allLines(pages).join(" ");
const FOOTER = /^CLB-2026-123456-Q1, version 1$|^Page \d+ of \d+$/;

describe("a quote's PDF, read back from its bytes", () => {
  it("is an A4 PDF with the brand, reference, version, dates, customer and note as real text", async () => {
    const document = everyGroupQuote();
    const bytes = await renderQuotePdf(document);
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const pages = await readPdf(bytes);
    expect(pages[0]!.width).toBeCloseTo(595.28, 0);
    expect(pages[0]!.height).toBeCloseTo(841.89, 0);
    const lines = allLines(pages);
    expect(lines).toContain("ClearLine Business");
    expect(lines).toContain("Quote CLB-2026-123456-Q1, version 1");
    expect(lines).toContain("Issued 25 Nov 2026. Valid until 9 Dec 2026.");
    expect(lines).toEqual(expect.arrayContaining(["Harbour Bakery Ltd", "Zoë O’Neill", "zoe@harbour-bakery.co.uk", "Thanks for your time on the phone."]));
  });

  it("shows the lines by group, each with its description and the amount the price module gave it", async () => {
    const document = everyGroupQuote();
    const pages = await readPdf(await renderQuotePdf(document));
    const lines = allLines(pages);
    const groupHeadings = ["Mobile", "Broadband", "Phone system", "IT services", "Hardware"].map((label) => lines.indexOf(label));
    expect(groupHeadings.every((index) => index >= 0)).toBe(true);
    expect([...groupHeadings].sort((a, b) => a - b)).toEqual(groupHeadings);
    document.lines.forEach((line, index) => {
      const row = lines.find((text) => text.startsWith(line.description));
      expect(row, line.description).toBeDefined();
      const amount = formatPounds(document.totals.lines[index]!.amountExVatPence);
      expect(row).toContain(line.charge === "monthly" ? `${amount} a month` : amount);
      expect(row).toContain(formatPounds(line.unitPriceExVatPence));
    });
    // The mobile line: 3 at £12.00, 10 % off from line 2: £33.60 a month, on a 24-month term.
    expect(lines.find((text) => text.startsWith("EE Business SIM 30GB"))).toBe("EE Business SIM 30GB, 24 months 3 £12.00 Monthly, 24 months £33.60 a month");
    expect(lines).toContain("Discount: 10% off (Bundled with mobile)");
    expect(lines).toContain("Discount: £9.97 off (Round price)");
  });

  it("prints exactly the totals of the document, with the pound sign", async () => {
    const document = everyGroupQuote();
    const { totals } = document;
    const lines = allLines(await readPdf(await renderQuotePdf(document)));
    expect(lines).toEqual(
      expect.arrayContaining([
        `Monthly ex VAT ${formatPounds(totals.monthlyExVatPence)}`,
        `VAT on monthly charges ${formatPounds(totals.monthlyVatPence)}`,
        `Monthly inc VAT ${formatPounds(totals.monthlyIncVatPence)}`,
        `One-off ex VAT ${formatPounds(totals.oneOffExVatPence)}`,
        `One-off inc VAT ${formatPounds(totals.oneOffIncVatPence)}`,
        `Due on acceptance inc VAT ${formatPounds(totals.dueOnAcceptanceIncVatPence)}`,
        `Contract total ex VAT, with the price rises ${formatPounds(totals.contractTotalExVatPence)}`,
        `Contract total inc VAT, with the price rises ${formatPounds(totals.contractTotalIncVatPence)}`,
      ]),
    );
    // Figures the test works out by hand, so a wrong document would not pass unnoticed:
    // monthly £33.60 + £31.50 + £34.00 = £99.10 ex VAT, £118.92 inc; one-off £250.00 + £80.00 = £330.00, £396.00 inc.
    expect(lines).toContain("Monthly inc VAT £118.92");
    expect(lines).toContain("Due on acceptance inc VAT £396.00");
  });

  it("shows the contract summary with the rises in pounds, the long-term warning and the terms' version and text", async () => {
    const document = everyGroupQuote();
    const text = allText(await readPdf(await renderQuotePdf(document)));
    for (const shown of [
      "Contract summary",
      "Price rises: £14.00 from 1 Apr 2027",
      "Monthly price: £33.60 ex VAT (£40.32 inc VAT)",
      "Allowances: 30GB data, unlimited minutes and texts, 5G",
      "Roaming: EU roaming included (15GB fair use)",
      "Give 30 days' notice",
      "you are committing for longer than the usual two years",
      "Terms (version 2026-11)",
      "4. You may cancel a service within 14 days",
    ]) {
      expect(text).toContain(shown);
    }
  });

  it("spreads a 30-line quote over numbered pages, every line once and no text drawn over another", async () => {
    const document = thirtyLineQuote();
    const pages = await readPdf(await renderQuotePdf(document));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => expect(page.lines).toContain(`CLB-2026-123456-Q1, version 1 Page ${index + 1} of ${pages.length}`));
    const text = allText(pages);
    for (let number = 1; number <= 30; number++) {
      const marker = `Line ${String(number).padStart(2, "0")} of 30:`;
      expect(text.split(marker).length - 1, marker).toBe(1);
    }
    expect(allLines(pages)).toContain(`Contract total inc VAT, with the price rises ${formatPounds(document.totals.contractTotalIncVatPence)}`);
    for (const [pageIndex, page] of pages.entries()) {
      for (const run of page.runs) {
        expect(run.y, `page ${pageIndex + 1}: "${run.text}" is on the page`).toBeGreaterThanOrEqual(0);
        expect(run.y + run.height, `page ${pageIndex + 1}: "${run.text}" is on the page`).toBeLessThanOrEqual(page.height);
      }
      page.runs.forEach((a, i) =>
        page.runs.slice(i + 1).forEach((b) => {
          const overlaps = a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
          expect(overlaps, `page ${pageIndex + 1}: "${a.text}" overlaps "${b.text}"`).toBe(false);
        }),
      );
    }
  });

  it("draws a quote with no lines and no note: its totals are nothing", async () => {
    const document = quoteDocument([], { customerNote: "" });
    const lines = allLines(await readPdf(await renderQuotePdf(document)));
    expect(lines).toContain("Monthly inc VAT £0.00");
    expect(lines).toContain("Due on acceptance inc VAT £0.00");
    expect(lines).not.toContain("A note for you");
    expect(lines).not.toContain("Contract summary");
  });

  it("draws any text the schema allows: characters the font lacks become '?', long words wrap, a huge description flows over pages", async () => {
    const unbroken = "x".repeat(3000);
    const document = quoteDocument(
      [
        quoteLine({ description: "Café line for Zoë — 5G ✓ 📱 東京\tend" }),
        quoteLine({ group: "hardware", charge: "one_off", termMonths: null, priceRises: [], description: unbroken }),
        quoteLine({ group: "it_services", charge: "one_off", termMonths: null, priceRises: [], description: "Support visit. ".repeat(800) }),
      ],
      { customerNote: "Line one\nLine two\u0000" },
    );
    const pages = await readPdf(await renderQuotePdf(document));
    const text = allText(pages);
    expect(text).toContain("Café line for Zoë — 5G ? ? ?? end");
    expect(
      pages
        .flatMap((page) => page.runs.map((run) => run.text))
        .filter((run) => !FOOTER.test(run))
        .join("")
        .replace(/\s/g, ""),
    ).toContain(unbroken);
    expect(pages.length).toBeGreaterThan(3);
    expect(allLines(pages)).toContain(`Contract total inc VAT, with the price rises ${formatPounds(document.totals.contractTotalIncVatPence)}`);
  });
});
