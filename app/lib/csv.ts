/**
 * CSV as RFC 4180 with every field quoted (quotes doubled), lines ending CRLF. A cell that a spreadsheet would run as a formula (starting with =, +, -, @, tab
 * or carriage return) is prefixed with an apostrophe so it shows as text instead.
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

/** A cell the exporter guarded against being run as a formula, as it was written. */
export function unguardedCsvCell(cell: string): string {
  return cell.length > 1 && cell[0] === "'" && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** The file is not CSV a spreadsheet would read: names the record (spreadsheet row) where it goes wrong. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly record: number,
    message: string,
  ) {
    super(message);
    this.name = "CsvSyntaxError";
  }
}

const CELL_END = /[,\r\n]/g;

/**
 * Reads CSV as RFC 4180 has it, one record (a spreadsheet's row) at a time: cells separated by commas; a quoted cell may hold commas, doubled quotes and line
 * breaks; records end with CRLF or LF (or CR); a byte-order mark at the start is skipped. A quote never closed, or text after a closing quote, is a
 * CsvSyntaxError. Blank lines are records of one empty cell.
 */
export function* csvRecords(text: string): Generator<string[]> {
  const length = text.length;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let record = 0;
  while (at < length) {
    record += 1;
    const cells: string[] = [];
    for (;;) {
      let cell = "";
      if (text[at] === '"') {
        at += 1;
        for (;;) {
          const quote = text.indexOf('"', at);
          if (quote === -1) throw new CsvSyntaxError(record, 'A quoted cell is never closed: a closing " is missing');
          cell += text.slice(at, quote);
          at = quote + 1;
          if (text[at] !== '"') break;
          cell += '"';
          at += 1;
        }
        if (at < length && text[at] !== "," && text[at] !== "\r" && text[at] !== "\n") {
          throw new CsvSyntaxError(record, 'Text follows a closing quote: a " inside a quoted cell is written twice ("")');
        }
      } else {
        CELL_END.lastIndex = at;
        const end = CELL_END.exec(text)?.index ?? length;
        cell = text.slice(at, end);
        at = end;
      }
      cells.push(cell);
      if (text[at] === ",") {
        at += 1;
        continue;
      }
      if (text[at] === "\r") at += 1;
      if (text[at] === "\n") at += 1;
      break;
    }
    yield cells;
  }
}
