import { CsvSyntaxError, csvRecords, unguardedCsvCell } from "~/lib/csv";
import { TARIFF_CSV_COLUMNS, TARIFF_CSV_HEADER, TARIFF_CSV_LIMITS, TariffCellError, type TariffDraft } from "./tariff-csv";
import type { TariffInput } from "./tariffs";
import { tariffInputSchema } from "./tariffs-schema";
import { formatCount } from "~/lib/money";

/** What is wrong with an import, where a spreadsheet shows it: line 1 is the header. */
export interface TariffCsvError {
  line: number;
  /** The column (or "file" for the file as a whole, "row" for a row's shape). */
  field: string;
  message: string;
}

export type TariffCsvReading =
  | { ok: true; rows: { line: number; input: TariffInput }[] }
  /** `count` is every error found; `errors` lists at most TARIFF_CSV_LIMITS.errorsListed of them. */
  | { ok: false; count: number; errors: TariffCsvError[] };

/** The column that reports a schema issue: the longest of its field's dotted prefixes a column owns. */
const COLUMN_OF_FIELD = new Map(TARIFF_CSV_COLUMNS.flatMap((column) => column.fields.map((field) => [field, column.name] as const)));

function columnOfIssue(path: readonly (string | number)[]): string {
  for (let length = path.length; length > 0; length -= 1) {
    const column = COLUMN_OF_FIELD.get(path.slice(0, length).join("."));
    if (column) return column;
  }
  return "row";
}

const refused = (errors: TariffCsvError[]): TariffCsvReading => ({ ok: false, count: errors.length, errors: errors.slice(0, TARIFF_CSV_LIMITS.errorsListed) });

/** The header's problems: every column named once, none unknown. */
function headerErrors(header: string[]): TariffCsvError[] {
  const errors: TariffCsvError[] = [];
  const seen = new Set<string>();
  for (const name of header) {
    if (!TARIFF_CSV_HEADER.includes(name))
      errors.push({ line: 1, field: name || "file", message: `Unknown column "${name}": the columns are ${TARIFF_CSV_HEADER.join(", ")}` });
    else if (seen.has(name)) errors.push({ line: 1, field: name, message: `The column ${name} is named twice` });
    seen.add(name);
  }
  for (const name of TARIFF_CSV_HEADER) {
    if (!seen.has(name)) errors.push({ line: 1, field: name, message: `The header has no ${name} column` });
  }
  return errors;
}

/** One row read and checked as a tariff: the tariff, or each bad column's error. */
function readRow(cells: string[], positions: readonly number[], line: number): { input?: TariffInput; errors: TariffCsvError[] } {
  const draft: TariffDraft = { euRoaming: {}, multiLineDiscount: {} };
  const bad = new Map<string, string>();
  for (const [index, column] of TARIFF_CSV_COLUMNS.entries()) {
    try {
      column.read(unguardedCsvCell(cells[positions[index]!]!.trim()), draft);
    } catch (error) {
      if (!(error instanceof TariffCellError)) throw error;
      bad.set(column.name, error.message);
    }
  }
  const { fromLine, percent } = draft.multiLineDiscount;
  if (fromLine === undefined && percent === undefined) draft.multiLineDiscount = null as never;
  else if (fromLine === undefined) bad.set("multi_line_discount_from_line", "Give the line the discount starts from, or leave both discount columns empty");
  else if (percent === undefined) bad.set("multi_line_discount_percent", "Give the discount's percent, or leave both discount columns empty");
  const parsed = tariffInputSchema.safeParse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOfIssue(issue.path);
      if (!bad.has(column)) bad.set(column, issue.message);
    }
  }
  const errors = TARIFF_CSV_COLUMNS.filter((column) => bad.has(column.name)).map((column) => ({ line, field: column.name, message: bad.get(column.name)! }));
  if (bad.has("row")) errors.push({ line, field: "row", message: bad.get("row")! });
  return parsed.success && errors.length === 0 ? { input: parsed.data, errors } : { errors };
}

/** Rows checked between two of readTariffsCsvSteps' pauses. */
const ROWS_PER_STEP = 250;

/**
 * A CSV file of tariffs (TARIFF_CSV_COLUMNS in any order), every row checked before any is used: the tariffs, or every error by line and column. A slug
 * twice is an error; blank lines are skipped; past TARIFF_CSV_LIMITS.rows the file is refused unread.
 */
export function readTariffsCsv(text: string): TariffCsvReading {
  const steps = readTariffsCsvSteps(text);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** readTariffsCsv a few hundred rows at a time: it pauses (yields) between them, so a server can answer other requests while a large file is checked. */
export function* readTariffsCsvSteps(text: string): Generator<void, TariffCsvReading> {
  // Records first (cheap): a file past the row limit is refused before any row is checked. Blank lines are counted (a spreadsheet shows them), not kept.
  let header: string[] | undefined;
  const records: { line: number; cells: string[] }[] = [];
  let line = 0;
  try {
    for (const cells of csvRecords(text)) {
      line += 1;
      if (!header) header = cells.map((cell) => cell.trim().toLowerCase());
      else if (cells.length > 1 || cells[0]!.trim() !== "") records.push({ line, cells });
      if (records.length > TARIFF_CSV_LIMITS.rows) {
        const limit = formatCount(TARIFF_CSV_LIMITS.rows);
        return refused([{ line, field: "file", message: `The file has more than ${limit} tariffs: import at most ${limit} at a time` }]);
      }
    }
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return refused([{ line: error.record, field: "file", message: error.message }]);
  }
  if (!header) return refused([{ line: 1, field: "file", message: `The file is empty: its first line names the columns (${TARIFF_CSV_HEADER.join(", ")})` }]);
  const problems = headerErrors(header);
  if (problems.length > 0) return refused(problems);

  // Where each column is in this file's rows.
  const positions = TARIFF_CSV_COLUMNS.map((column) => header.indexOf(column.name));
  const errors: TariffCsvError[] = [];
  const rows: { line: number; input: TariffInput }[] = [];
  const slugLines = new Map<string, number>();
  for (const [index, { line, cells }] of records.entries()) {
    if (index > 0 && index % ROWS_PER_STEP === 0) yield;
    if (cells.length !== header.length) {
      errors.push({ line, field: "row", message: `This row has ${cells.length} cells; the header has ${header.length}` });
      continue;
    }
    const row = readRow(cells, positions, line);
    const slug = row.input?.slug ?? cells[header.indexOf("slug")]!.trim();
    const firstLine = slug === "" ? undefined : slugLines.get(slug);
    if (firstLine !== undefined) errors.push({ line, field: "slug", message: `The slug ${slug} is also on line ${firstLine}: give each tariff its own slug` });
    else slugLines.set(slug, line);
    errors.push(...row.errors.filter((error) => !(firstLine !== undefined && error.field === "slug")));
    if (row.input) rows.push({ line, input: row.input });
  }
  if (errors.length > 0) return refused(errors);
  if (rows.length === 0) return refused([{ line: 2, field: "file", message: "The file has no tariffs under its header" }]);
  return { ok: true, rows };
}
