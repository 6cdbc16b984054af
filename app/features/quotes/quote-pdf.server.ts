import { readFileSync } from "node:fs";
import path from "node:path";
import { describeCharge, documentLinesByGroup, paymentWords, QUOTE_TOTAL_ROWS } from "./quote-words";
import type { QuoteProposal } from "./quotes";
import { formatCalendarDay, formatDateTime } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";
import { countOf } from "~/lib/plural";

/**
 * A quote as an A4 proposal from the customer page's QuoteDocument, every figure from `document.totals` (never recomputed here): a first page with the brand,
 * the customer, the account manager and the figures in brief; then the lines, totals, contract summary and terms; once accepted, a certificate of the
 * acceptance; the supplier's legal details and the page number at the foot of every page. PDFKit's built-in Helvetica (docs/decisions/010-quote-pdf.md):
 * real, extractable text, and "£" is in the font's WinAnsi encoding.
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { top: 56, bottom: 84, left: 50, right: 50 };
const CONTENT_WIDTH = A4.width - MARGIN.left - MARGIN.right;
const BOTTOM = A4.height - MARGIN.bottom;
const FONT = "Helvetica";
const BOLD = "Helvetica-Bold";
const SIZE = { body: 9.5, small: 8, heading: 12, title: 18 };
const GREY = "#555555";

/** The lines' columns, left to right; x from the left margin. */
const COLUMNS = {
  description: { x: 0, width: 290 },
  charge: { x: 300, width: 100 },
  amount: { x: 405, width: CONTENT_WIDTH - 405 },
};

/** The brand's mark, as the site's icon in public/ (read once per thread). */
let logo: Buffer | null | undefined;
function brandLogo(): Buffer | null {
  if (logo === undefined) {
    try {
      logo = readFileSync(path.join(process.cwd(), "public", "apple-touch-icon.png"));
    } catch {
      logo = null;
    }
  }
  return logo;
}

/** The Unicode characters Helvetica's WinAnsi encoding has above Latin-1's range (PDF 32000, annex D). */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** Text the built-in font can draw: anything else would come out as garbage bytes, so it is shown as "?". Tabs and other control characters become spaces. */
export function drawableText(text: string): string {
  let out = "";
  for (const character of text.normalize("NFC")) {
    const code = character.codePointAt(0)!;
    if (character === "\n") out += "\n";
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += " ";
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(character)) out += character;
    else out += "?";
  }
  return out;
}

export async function renderQuotePdf(proposal: QuoteProposal): Promise<Uint8Array> {
  const { document, supplier, accountManager, acceptance } = proposal;
  // Loaded when the first PDF is drawn, not as the server starts (it is drawn on its own thread).
  const { default: PDFDocument } = await import("pdfkit");
  const pdf = new PDFDocument({
    size: [A4.width, A4.height],
    margins: MARGIN,
    bufferPages: true,
    info: { Title: drawableText(`${document.brandName} quote ${document.reference}`), Author: drawableText(document.brandName) },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on("end", resolve);
    pdf.on("error", reject);
  });

  const left = MARGIN.left;
  const { totals } = document;

  /** Starts a new page unless `height` still fits on this one. */
  const room = (height: number) => {
    if (pdf.y + height > BOTTOM) pdf.addPage();
  };
  const paragraph = (text: string, options: { font?: string; size?: number; color?: string; gap?: number; x?: number; width?: number } = {}) => {
    pdf
      .font(options.font ?? FONT)
      .fontSize(options.size ?? SIZE.body)
      .fillColor(options.color ?? "black");
    const drawable = drawableText(text);
    const width = options.width ?? CONTENT_WIDTH;
    // Keep a short paragraph whole; a long one flows over pages as PDFKit wraps it.
    room(Math.min(pdf.heightOfString(drawable, { width }), BOTTOM - MARGIN.top));
    pdf.text(drawable, options.x ?? left, pdf.y, { width });
    pdf.fillColor("black");
    pdf.moveDown(options.gap ?? 0.3);
  };
  /** A bold title and its body, on a new page unless both fit here (a body over a page long starts here and flows on). */
  const titled = (title: string, body: string) => {
    pdf.font(BOLD).fontSize(SIZE.body);
    const titleHeight = pdf.heightOfString(drawableText(title), { width: CONTENT_WIDTH });
    pdf.font(FONT);
    const bodyHeight = pdf.heightOfString(drawableText(body), { width: CONTENT_WIDTH });
    room(Math.min(titleHeight + bodyHeight + 4, BOTTOM - MARGIN.top));
    paragraph(title, { font: BOLD, gap: 0.1 });
    paragraph(body, { gap: 0.6 });
  };
  const heading = (text: string) => {
    room(60);
    pdf.moveDown(0.6);
    paragraph(text, { font: BOLD, size: SIZE.heading, gap: 0.4 });
  };
  /** A label and its value on one row, the value right-aligned (a figure) or after the label (words that may wrap). */
  const row = (label: string, value: string, options: { bold?: boolean; figure?: boolean } = {}) => {
    const labelWidth = options.figure ? 300 : 130;
    const valueWidth = CONTENT_WIDTH - labelWidth;
    const drawable = drawableText(value);
    pdf.font(options.bold ? BOLD : FONT).fontSize(SIZE.body);
    const height = Math.max(pdf.currentLineHeight(true), pdf.heightOfString(drawable, { width: valueWidth }));
    room(height + 2);
    const y = pdf.y;
    pdf.text(drawableText(label), left, y, { width: labelWidth - 8, lineBreak: false });
    pdf.text(drawable, left + labelWidth, y, { width: valueWidth, align: options.figure ? "right" : "left" });
    pdf.x = left;
    pdf.y = Math.max(pdf.y, y + pdf.currentLineHeight(true)) + 2;
  };
  const figureRow = (label: string, pence: number, bold = false) => row(label, formatPounds(pence), { bold, figure: true });

  // The first page: the brand, whose proposal it is, who looks after the customer, and the figures in brief.
  const mark = brandLogo();
  if (mark) pdf.image(mark, left, MARGIN.top - 6, { width: 34, height: 34 });
  pdf
    .font(BOLD)
    .fontSize(SIZE.title)
    .text(drawableText(document.brandName), left + (mark ? 44 : 0), MARGIN.top, { width: CONTENT_WIDTH - 44 });
  pdf.x = left;
  pdf.y = MARGIN.top + 44;
  paragraph(`Proposal for ${document.customer.businessName}`, { font: BOLD, size: 15, gap: 0.2 });
  paragraph(`Quote ${document.reference}, version ${document.version}`, { font: BOLD, size: SIZE.heading, gap: 0.6 });
  row("Issued", formatCalendarDay(document.issuedOn));
  row("Valid until", formatCalendarDay(document.validUntil));
  row("Priced from", formatCalendarDay(document.start));
  pdf.moveDown(0.6);
  const columnWidth = CONTENT_WIDTH / 2 - 10;
  const peopleTop = pdf.y;
  paragraph("Prepared for", { font: BOLD, width: columnWidth });
  paragraph([document.customer.businessName, document.customer.contactName, document.customer.email].join("\n"), { width: columnWidth });
  const preparedForBottom = pdf.y;
  pdf.y = peopleTop;
  const right = left + CONTENT_WIDTH / 2 + 10;
  paragraph("Your account manager", { font: BOLD, x: right, width: columnWidth });
  paragraph([accountManager.name, accountManager.email, accountManager.phone].join("\n"), { x: right, width: columnWidth });
  pdf.x = left;
  pdf.y = Math.max(pdf.y, preparedForBottom);

  heading("In brief");
  figureRow("Monthly ex VAT", totals.monthlyExVatPence);
  figureRow("Monthly inc VAT", totals.monthlyIncVatPence, true);
  figureRow("One-off ex VAT", totals.oneOffExVatPence);
  figureRow("Due on acceptance inc VAT", totals.dueOnAcceptanceIncVatPence, true);
  figureRow("Contract total inc VAT, with the price rises", totals.contractTotalIncVatPence);
  if (totals.dueOnAcceptanceIncVatPence > 0) {
    pdf.moveDown(0.4);
    titled("How to pay", paymentWords(totals.dueOnAcceptanceIncVatPence, proposal.paymentInstructions));
  }
  if (document.customerNote) {
    pdf.moveDown(0.4);
    titled("A note for you", document.customerNote);
  }

  // The lines, by group, each with how its amount is made and its figure from the totals.
  pdf.addPage();
  paragraph("What we are quoting", { font: BOLD, size: SIZE.heading, gap: 0.4 });
  const tableHeader = () => {
    pdf.font(BOLD).fontSize(SIZE.small).fillColor(GREY);
    const y = pdf.y;
    const cell = (text: string, column: { x: number; width: number }, align: "left" | "right") =>
      pdf.text(text, left + column.x, y, { width: column.width, align, lineBreak: false });
    cell("Description", COLUMNS.description, "left");
    cell("Charge", COLUMNS.charge, "left");
    cell("Amount ex VAT", COLUMNS.amount, "right");
    pdf.fillColor("black");
    pdf.y = y + pdf.currentLineHeight(true) + 3;
  };
  for (const { label, lines } of documentLinesByGroup(document)) {
    room(70);
    pdf.moveDown(0.4);
    paragraph(label, { font: BOLD, size: 10.5, gap: 0.2 });
    tableHeader();
    for (const { line, index, working } of lines) {
      const figures = totals.lines[index];
      const description = drawableText(line.description);
      const details = drawableText([...working.steps, ...working.priceRises].join("\n"));
      pdf.font(FONT).fontSize(SIZE.body);
      const descriptionHeight = pdf.heightOfString(description, { width: COLUMNS.description.width });
      pdf.fontSize(SIZE.small);
      const detailsHeight = pdf.heightOfString(details, { width: COLUMNS.description.width });
      // A row that fits on a page stays whole; a longer one starts here and its description flows on.
      const rowHeight = Math.min(Math.max(descriptionHeight + detailsHeight, 24) + 6, BOTTOM - MARGIN.top);
      if (pdf.y + rowHeight > BOTTOM) {
        // The group goes on over the page: its column headings go with it.
        pdf.addPage();
        tableHeader();
      }
      const y = pdf.y;
      const page = pdf.page;
      pdf.font(FONT).fontSize(SIZE.body);
      // The figures wrap within their columns; the row is as tall as its tallest cell.
      let cellsBottom = y;
      const cell = (text: string, column: { x: number; width: number }, align: "left" | "right") => {
        pdf.text(text, left + column.x, y, { width: column.width, align });
        cellsBottom = Math.max(cellsBottom, pdf.y);
      };
      cell(describeCharge(line), COLUMNS.charge, "left");
      cell(figures ? `${formatPounds(figures.amountExVatPence)}${line.charge === "monthly" ? " a month" : ""}` : "", COLUMNS.amount, "right");
      pdf.text(description, left + COLUMNS.description.x, y, { width: COLUMNS.description.width });
      pdf.font(FONT).fontSize(SIZE.small).fillColor(GREY).text(details, { width: COLUMNS.description.width }).fillColor("black");
      if (pdf.page === page) pdf.y = Math.max(pdf.y, cellsBottom);
      pdf.x = left;
      pdf.y += 5;
    }
  }

  // The totals, as the price module worked them out; a gap after each group's bold row.
  heading("Totals");
  room(150);
  for (const [index, total] of QUOTE_TOTAL_ROWS.entries()) {
    figureRow(total.label, totals[total.key], "strong" in total);
    if ("strong" in total && index < QUOTE_TOTAL_ROWS.length - 1) pdf.moveDown(0.4);
  }

  // What Ofcom requires a small business be told before a contract.
  const summary = document.contractSummary;
  if (summary) {
    heading("Contract summary");
    for (const service of summary.services) {
      const details = [
        `Term: ${countOf(service.termMonths, "month")}`,
        `Monthly price: ${formatPounds(service.monthlyPriceExVatPence)} ex VAT (${formatPounds(service.monthlyPriceIncVatPence)} inc VAT)`,
        `Price rises (ex VAT): ${service.priceRises.length > 0 ? service.priceRises.join("; ") : "none"}`,
        `Allowances: ${service.allowances}`,
        `Roaming: ${service.roaming}`,
      ].join("\n");
      titled(service.description, details);
    }
    titled("Out of bundle", summary.outOfBundle);
    titled("How to leave", summary.howToLeave);
    if (summary.longTermWarning) paragraph(summary.longTermWarning, { font: BOLD });
  }

  heading(`Terms (version ${document.terms.version})`);
  paragraph(document.terms.text, { size: SIZE.small });

  // Once accepted: the record of who accepted what, when and from where.
  if (acceptance) {
    pdf.addPage();
    paragraph("Certificate of acceptance", { font: BOLD, size: 15, gap: 0.4 });
    paragraph(`This quote was accepted online at the customer's private link to it. This page records that acceptance.`, { gap: 0.8 });
    row("Accepted by", acceptance.fullName);
    row("Role", acceptance.role);
    row("For", document.customer.businessName);
    row("Accepted on", `${formatDateTime(acceptance.acceptedAt)} UK time`);
    row("IP address", acceptance.ip ?? "Not recorded");
    row("Browser", acceptance.userAgent ?? "Not recorded");
    row("Quote", `${document.reference}, version ${document.version}`);
    row("Fingerprint (SHA-256)", acceptance.contentHash);
    pdf.moveDown(0.6);
    paragraph(
      "The fingerprint is worked out from everything in the quote as it was accepted (its lines, figures, dates and terms): any change to the quote would give a different one.",
      { size: SIZE.small, color: GREY },
    );
  }

  // At the foot of every page once the number of pages is known: the supplier's legal details, the quote and the page number.
  const legal = drawableText(
    `${supplier.legalName}, trading as ${document.brandName}. Company number ${supplier.companyNumber}. Registered office: ${supplier.registeredAddress}. VAT number ${supplier.vatNumber}.`,
  );
  const { start, count } = pdf.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    pdf.switchToPage(page);
    pdf.page.margins.bottom = 0;
    pdf
      .font(FONT)
      .fontSize(7)
      .fillColor(GREY)
      .text(legal, left, A4.height - 70, { width: CONTENT_WIDTH, height: 20, ellipsis: true });
    pdf
      .fontSize(SIZE.small)
      .text(drawableText(`${document.reference}, version ${document.version}`), left, A4.height - 40, { width: CONTENT_WIDTH, lineBreak: false });
    pdf.text(`Page ${page - start + 1} of ${count}`, left, A4.height - 40, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
  }
  pdf.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
