import { describe, expect, it } from "vitest";
import { renderQuotePdf } from "~/features/quotes/quote-pdf.server";
import { readPdf, type PdfPage } from "../support/pdf-text";
import { ACCEPTANCE, addUpQuote, everyGroupQuote, quoteDocument, quoteLine, quoteProposal, thirtyLineQuote } from "../support/quote-documents";
import { addUpLineWorking } from "../support/line-arithmetic";
import { formatPounds } from "~/lib/money";

const allLines = (pages: PdfPage[]) => pages.flatMap((page) => page.lines);
/** The text as one run of words, so a phrase wrapped over two lines still reads as one. */
const allText = (pages: PdfPage[]) => allLines(pages).join(" ");
const FOOTER = /^CLB-2026-123456-Q1, version 1$|^Page \d+ of \d+$|^ClearLine Communications Ltd, trading as|Registered office|VAT number/;

describe("a quote's PDF, read back from its bytes", () => {
  it("opens with a proposal page: the brand, the customer, the reference, version and dates, the account manager and the figures in brief", async () => {
    const document = everyGroupQuote();
    const bytes = await renderQuotePdf(quoteProposal(document));
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const pages = await readPdf(bytes);
    expect(pages[0]!.width).toBeCloseTo(595.28, 0);
    expect(pages[0]!.height).toBeCloseTo(841.89, 0);
    const first = pages[0]!.runs.map((run) => run.text);
    for (const shown of [
      "ClearLine Business",
      "Proposal for Harbour Bakery Ltd",
      "Quote CLB-2026-123456-Q1, version 1",
      "25 Nov 2026",
      "9 Dec 2026",
      "Prepared for",
      "Zoë O’Neill",
      "zoe@harbour-bakery.co.uk",
      "Your account manager",
      "Priya Shah",
      "priya.shah@clearlinebusiness.co.uk",
      "0113 496 0123",
      "Thanks for your time on the phone.",
    ]) {
      expect(first, shown).toContain(shown);
    }
    // monthly £33.60 + £31.50 + £34.00 = £99.10 ex VAT, £118.92 inc; one-off £250.00 + £80.00 = £330.00, £396.00 inc.
    expect(pages[0]!.lines).toEqual(expect.arrayContaining(["Monthly inc VAT £118.92", "Due on acceptance inc VAT £396.00"]));
    expect(pages[0]!.lines.join(" ")).toContain("£396.00 inc VAT is due when you accept. Your account manager will contact you to arrange payment.");
    // The lines start on a page of their own.
    expect(pages[0]!.lines).not.toContain("What we are quoting");
    expect(pages[1]!.lines).toContain("What we are quoting");
  });

  it("says how to pay with the brand's payment instructions, and names the supplier in the footer of every page", async () => {
    const instructions = "Pay by bank transfer to ClearLine Communications Ltd, sort code 12-34-56, account 12345678, quoting your reference.";
    const pages = await readPdf(await renderQuotePdf(quoteProposal(thirtyLineQuote(), { paymentInstructions: instructions })));
    expect(allText(pages)).toContain(`is due when you accept. ${instructions}`);
    const legal =
      "ClearLine Communications Ltd, trading as ClearLine Business. Company number 09876543. Registered office: Suite 4, Riverside House, 12 Wharf Street, Leeds, LS2 7EQ. VAT number GB 123 4567 89.";
    pages.forEach((page, index) => expect(page.lines.join(" "), `page ${index + 1}`).toContain(legal));
  });

  it("shows the lines by group, each with how its amount is made, which a reader can multiply and subtract to the penny", async () => {
    for (const document of [everyGroupQuote(), addUpQuote()]) {
      const lines = allLines(await readPdf(await renderQuotePdf(quoteProposal(document))));
      document.lines.forEach((line, index) => {
        const row = lines.findIndex((text) => text.startsWith(line.description));
        expect(row, line.description).toBeGreaterThanOrEqual(0);
        const amount = document.totals.lines[index]!.amountExVatPence;
        expect(lines[row]).toContain(line.charge === "monthly" ? `${formatPounds(amount)} a month` : formatPounds(amount));
        const steps: string[] = [];
        for (let next = row + 1; next < lines.length && !lines[next]!.startsWith("From ") && /^\d+ x £|: -£/.test(lines[next]!); next++)
          steps.push(lines[next]!);
        expect(addUpLineWorking(steps), `${line.description}: ${steps.join(" | ")}`).toBe(amount);
      });
    }
    const lines = allLines(await readPdf(await renderQuotePdf(quoteProposal(addUpQuote()))));
    expect(lines).toEqual(
      expect.arrayContaining([
        "7 x £10.50: £73.50",
        "10% off lines 2-7 (6 x £1.05): -£6.30",
        "Loyalty: 10% off: -£6.72",
        "3 x £29.99: £89.97",
        "Round price: £9.97 off: -£9.97",
      ]),
    );
    expect(lines.find((text) => text.startsWith("Team SIMs, loyalty on top"))).toContain("£60.48 a month");
    // A price rise reads as the team's new monthly figure: 1 x £11.75 + 6 x £10.58 (10% off), then 10% off that.
    expect(lines).toContain("From 1 Apr 2027: £75.23 a month for your 7 lines (£11.75 a line)");
    expect(lines).toContain("From 1 Apr 2027: £67.71 a month for your 7 lines (£11.75 a line)");
  });

  it("ends an accepted quote with a certificate of acceptance: who, their role, when in UK time, from where, the version and the fingerprint", async () => {
    const pages = await readPdf(await renderQuotePdf(quoteProposal(everyGroupQuote(), { accepted: true })));
    const last = pages.at(-1)!.lines.join(" ");
    expect(last).toContain("Certificate of acceptance");
    for (const shown of [
      "Accepted by Zoë O’Neill",
      "Role Director",
      "For Harbour Bakery Ltd",
      "Accepted on 27 Nov 2026, 14:05 UK time",
      "IP address 203.0.113.24",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)",
      "Quote CLB-2026-123456-Q1, version 1",
      ACCEPTANCE.contentHash,
    ]) {
      expect(last, shown).toContain(shown);
    }
    const open = await readPdf(await renderQuotePdf(quoteProposal(everyGroupQuote())));
    expect(allText(open)).not.toContain("Certificate of acceptance");
    expect(open.length).toBe(pages.length - 1);
  });

  it("prints exactly the totals of the document, with the pound sign", async () => {
    const document = everyGroupQuote();
    const { totals } = document;
    const lines = allLines(await readPdf(await renderQuotePdf(quoteProposal(document))));
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
    const text = allText(await readPdf(await renderQuotePdf(quoteProposal(document))));
    for (const shown of [
      "Contract summary",
      "Price rises (ex VAT): From 1 Apr 2027: £39.20 a month for your 3 lines (£14.00 a line)",
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
    const pages = await readPdf(await renderQuotePdf(quoteProposal(document)));
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
    const lines = allLines(await readPdf(await renderQuotePdf(quoteProposal(document))));
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
    const pages = await readPdf(await renderQuotePdf(quoteProposal(document)));
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
