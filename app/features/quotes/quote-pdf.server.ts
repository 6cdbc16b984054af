import { describeCharge, describeDiscount, QUOTE_TOTAL_ROWS } from "./quote-words";
import { QUOTE_LINE_GROUP_LABELS, QUOTE_LINE_GROUPS } from "./quotes";
import type { QuoteDocument } from "./quotes";
import { formatCalendarDay } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";
import { countOf } from "~/lib/plural";

/**
 * A quote as an A4 PDF from the customer page's QuoteDocument, every figure from `document.totals` (never recomputed here). PDFKit's built-in Helvetica
 * (docs/decisions/010-quote-pdf.md): real, extractable text, and "£" is in the font's WinAnsi encoding.
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { top: 56, bottom: 64, left: 50, right: 50 };
const CONTENT_WIDTH = A4.width - MARGIN.left - MARGIN.right;
const BOTTOM = A4.height - MARGIN.bottom;
const FONT = "Helvetica";
const BOLD = "Helvetica-Bold";
const SIZE = { body: 9.5, small: 8, heading: 12, title: 18 };
const GREY = "#555555";

/** The lines' columns, left to right; x from the left margin. */
const COLUMNS = {
  description: { x: 0, width: 195 },
  quantity: { x: 200, width: 30 },
  unitPrice: { x: 235, width: 70 },
  charge: { x: 312, width: 88 },
  amount: { x: 400, width: CONTENT_WIDTH - 400 },
};

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

export async function renderQuotePdf(document: QuoteDocument): Promise<Uint8Array> {
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

  /** Starts a new page unless `height` still fits on this one. */
  const room = (height: number) => {
    if (pdf.y + height > BOTTOM) pdf.addPage();
  };
  const paragraph = (text: string, options: { font?: string; size?: number; color?: string; gap?: number } = {}) => {
    pdf
      .font(options.font ?? FONT)
      .fontSize(options.size ?? SIZE.body)
      .fillColor(options.color ?? "black");
    const drawable = drawableText(text);
    // Keep a short paragraph whole; a long one flows over pages as PDFKit wraps it.
    room(Math.min(pdf.heightOfString(drawable, { width: CONTENT_WIDTH }), BOTTOM - MARGIN.top));
    pdf.text(drawable, left, pdf.y, { width: CONTENT_WIDTH });
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
  /** A label and its figure on one row, the figure right-aligned. */
  const figureRow = (label: string, pence: number, bold = false) => {
    pdf.font(bold ? BOLD : FONT).fontSize(SIZE.body);
    room(pdf.currentLineHeight(true) + 2);
    const y = pdf.y;
    pdf.text(label, left, y, { width: 300, lineBreak: false });
    pdf.text(formatPounds(pence), left + 300, y, { width: CONTENT_WIDTH - 300, align: "right", lineBreak: false });
    pdf.x = left;
    pdf.y = y + pdf.currentLineHeight(true) + 2;
  };

  // Heading: the brand, the quote and its dates, the customer.
  pdf.font(BOLD).fontSize(SIZE.title).text(drawableText(document.brandName), left, MARGIN.top, { width: CONTENT_WIDTH });
  pdf.moveDown(0.2);
  paragraph(`Quote ${document.reference}, version ${document.version}`, { font: BOLD, size: SIZE.heading });
  paragraph(`Issued ${formatCalendarDay(document.issuedOn)}. Valid until ${formatCalendarDay(document.validUntil)}.`);
  pdf.moveDown(0.4);
  paragraph("Prepared for", { font: BOLD });
  paragraph([document.customer.businessName, document.customer.contactName, document.customer.email].join("\n"), { gap: 0.6 });
  if (document.customerNote) {
    paragraph("A note for you", { font: BOLD });
    paragraph(document.customerNote, { gap: 0.6 });
  }

  // The lines, by group, each with its own figure from the totals.
  heading("What we are quoting");
  const tableHeader = () => {
    pdf.font(BOLD).fontSize(SIZE.small).fillColor(GREY);
    const y = pdf.y;
    const cell = (text: string, column: { x: number; width: number }, align: "left" | "right") =>
      pdf.text(text, left + column.x, y, { width: column.width, align, lineBreak: false });
    cell("Description", COLUMNS.description, "left");
    cell("Qty", COLUMNS.quantity, "right");
    cell("Unit ex VAT", COLUMNS.unitPrice, "right");
    cell("Charge", COLUMNS.charge, "left");
    cell("Amount ex VAT", COLUMNS.amount, "right");
    pdf.fillColor("black");
    pdf.y = y + pdf.currentLineHeight(true) + 3;
  };
  for (const group of QUOTE_LINE_GROUPS) {
    const lines = document.lines.map((line, index) => ({ line, index })).filter(({ line }) => line.group === group);
    if (lines.length === 0) continue;
    room(70);
    pdf.moveDown(0.4);
    paragraph(QUOTE_LINE_GROUP_LABELS[group], { font: BOLD, size: 10.5, gap: 0.2 });
    tableHeader();
    for (const { line, index } of lines) {
      const figures = document.totals.lines[index];
      const description = drawableText(line.description);
      const discount = line.discount ? drawableText(describeDiscount(line.discount)) : null;
      pdf.font(FONT).fontSize(SIZE.body);
      const descriptionHeight = pdf.heightOfString(description, { width: COLUMNS.description.width });
      pdf.fontSize(SIZE.small);
      const discountHeight = discount ? pdf.heightOfString(discount, { width: COLUMNS.description.width }) : 0;
      // A row that fits on a page stays whole; a longer one starts here and its description flows on.
      const rowHeight = Math.min(Math.max(descriptionHeight + discountHeight, 24) + 6, BOTTOM - MARGIN.top);
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
      cell(String(line.quantity), COLUMNS.quantity, "right");
      cell(formatPounds(line.unitPriceExVatPence), COLUMNS.unitPrice, "right");
      cell(describeCharge(line), COLUMNS.charge, "left");
      cell(figures ? `${formatPounds(figures.amountExVatPence)}${line.charge === "monthly" ? " a month" : ""}` : "", COLUMNS.amount, "right");
      pdf.text(description, left + COLUMNS.description.x, y, { width: COLUMNS.description.width });
      if (discount) pdf.font(FONT).fontSize(SIZE.small).fillColor(GREY).text(discount, { width: COLUMNS.description.width }).fillColor("black");
      if (pdf.page === page) pdf.y = Math.max(pdf.y, cellsBottom);
      pdf.x = left;
      pdf.y += 5;
    }
  }

  // The totals, as the price module worked them out; a gap after each group's bold row.
  heading("Totals");
  room(150);
  for (const [index, row] of QUOTE_TOTAL_ROWS.entries()) {
    figureRow(row.label, document.totals[row.key], "strong" in row);
    if ("strong" in row && index < QUOTE_TOTAL_ROWS.length - 1) pdf.moveDown(0.4);
  }

  // What Ofcom requires a small business be told before a contract.
  const summary = document.contractSummary;
  if (summary) {
    heading("Contract summary");
    for (const service of summary.services) {
      const details = [
        `Term: ${countOf(service.termMonths, "month")}`,
        `Monthly price: ${formatPounds(service.monthlyPriceExVatPence)} ex VAT (${formatPounds(service.monthlyPriceIncVatPence)} inc VAT)`,
        `Price rises: ${service.priceRises.length > 0 ? service.priceRises.join("; ") : "none"}`,
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

  // Page numbers, once the number of pages is known; drawn in the bottom margin without adding a page.
  const { start, count } = pdf.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    pdf.switchToPage(page);
    pdf.page.margins.bottom = 0;
    pdf
      .font(FONT)
      .fontSize(SIZE.small)
      .fillColor(GREY)
      .text(drawableText(`${document.reference}, version ${document.version}`), left, A4.height - 40, { width: CONTENT_WIDTH, lineBreak: false });
    pdf.text(`Page ${page - start + 1} of ${count}`, left, A4.height - 40, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
  }
  pdf.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
