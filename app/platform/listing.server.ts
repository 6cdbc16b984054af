import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import { csvRow } from "~/lib/csv";
import { databaseKind, getDb } from "./db.server";
import { logger } from "./logger.server";
import type { Database } from "./database-types";

/**
 * What the staff lists share (leads, contact enquiries, newsletter sign-ups): substring search, newest-first pages, totals, and CSV exports read a chunk at a
 * time. Each list is a table with `id` and `createdAt` columns.
 */

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * `text` as one FTS5 phrase: in double quotes, inner double quotes doubled, so nothing in it is read as query syntax (OR, NEAR, *, ^, column filters). Control
 * characters are dropped: FTS5 reads a NUL as the query's end.
 */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/\p{Cc}/gu, "").replaceAll('"', '""')}"`;
}

/** A column to search, or an expression over columns (a full name). */
export type SearchTarget = string | RawBuilder<unknown>;

/** LIKE that ignores case: SQLite's own LIKE does (for ASCII letters); Postgres has ILIKE. */
export const caseInsensitiveLike = databaseKind === "postgres" ? sql`ILIKE` : sql`LIKE`;

/** `column` equal to an email, ignoring case (through the leads' email index of migration 0014 on SQLite). */
export function sameEmailIgnoringCase(column: string, email: string): RawBuilder<SqlBool> {
  return databaseKind === "postgres" ? sql<SqlBool>`lower(${sql.ref(column)}) = lower(${email})` : sql<SqlBool>`${sql.ref(column)} = ${email} COLLATE NOCASE`;
}

/** Case-insensitive substring match of `q` over the targets; phone columns also match the number typed without spaces. A blank search matches every row. */
export function textSearch(q: string, targets: { text: SearchTarget[]; phone?: string[] }): RawBuilder<SqlBool> {
  const term = q.trim();
  if (!term) return sql<SqlBool>`1 = 1`;
  const pattern = `%${escapeLike(term)}%`;
  const target = (column: SearchTarget) => (typeof column === "string" ? sql.ref(column) : column);
  const matches = targets.text.map((column) => sql`${target(column)} ${caseInsensitiveLike} ${pattern} ESCAPE '\\'`);
  const digits = term.replace(/\D/g, "");
  if (digits.length >= 4 && /^[\d\s()+-]+$/.test(term)) {
    for (const column of targets.phone ?? []) matches.push(sql`replace(${sql.ref(column)}, ' ', '') LIKE ${`%${digits}%`}`);
  }
  return sql<SqlBool>`(${sql.join(matches, sql` OR `)})`;
}

/** A search as an export's audit entry names it: `search "text"`, or nothing when blank. */
export function searchFilterWords(q: string): string[] {
  return q.trim() ? [`search ${JSON.stringify(q.trim())}`] : [];
}

/** `first last` for searching by whole name; a missing part counts as empty. */
export function fullNameTarget(first = "firstName", last = "lastName"): RawBuilder<unknown> {
  return sql`(coalesce(${sql.ref(first)}, '') || ' ' || coalesce(${sql.ref(last)}, ''))`;
}

export interface Keyset {
  createdAt: string;
  id: number;
}

/** Newest first (the createdAt + id indexes), optionally only the rows after a keyset cursor. */
export function newestFirst<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, after: Keyset | null = null) {
  // A row-value comparison, so SQLite walks the (createdAt, id) index instead of sorting every chunk.
  const from = after ? query.where(sql<SqlBool>`(${sql.ref("createdAt")}, ${sql.ref("id")}) < (${after.createdAt}, ${after.id})`) : query;
  return from.orderBy(sql`${sql.ref("createdAt")} desc`).orderBy(sql`${sql.ref("id")} desc`);
}

export interface RowsPage<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageCount: number;
}

export interface PageOptions<DB, TB extends keyof DB> {
  /** How many rows the filter matches, when the caller knows it more cheaply than counting them. */
  total?: number;
  /** The table unfiltered: the page's ids are then found first (from the (createdAt, id) index alone, however deep the page) and only those rows read. */
  rowsFrom?: SelectQueryBuilder<DB, TB, object>;
}

/** One page of a filtered table, newest first. `query` is the table with its filter; `pick` selects the columns. A page past the end gives the last one. */
export async function pageNewestFirst<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, object>,
  pick: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
  requestedPage: number,
  pageSize: number,
  options: PageOptions<DB, TB> = {},
): Promise<RowsPage<Row>> {
  // Kysely cannot name the selection of a generic table: say what it is.
  const total =
    options.total ??
    Number(
      (
        await query
          .select(sql<number>`count(*)`.as("count"))
          .$castTo<{ count: number }>()
          .executeTakeFirstOrThrow()
      ).count,
    );
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(requestedPage, pageCount);
  const offset = (page - 1) * pageSize;
  if (!options.rowsFrom) {
    const rows = await newestFirst(pick(query)).limit(pageSize).offset(offset).execute();
    return { rows: rows as Row[], total, page, pageCount };
  }
  const idRows = await newestFirst(query.select(sql<number>`${sql.ref("id")}`.as("id")).$castTo<{ id: number }>())
    .limit(pageSize)
    .offset(offset)
    .execute();
  const ids = idRows.map((row) => row.id);
  const rows = ids.length === 0 ? [] : await newestFirst(pick(options.rowsFrom).where(sql<SqlBool>`${sql.ref("id")} IN (${sql.join(ids)})`)).execute();
  return { rows: rows as Row[], total, page, pageCount };
}

/** How many rows a table has, and how many of them were made since an instant. */
export async function countTotalAndSince<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
  since: Date,
): Promise<{ total: number; since: number }> {
  const row = await query
    .select([sql<number>`count(*)`.as("total"), sql<number>`count(*) FILTER (WHERE ${sql.ref("createdAt")} >= ${since.toISOString()})`.as("since")])
    .$castTo<{ total: number; since: number }>()
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), since: Number(row.since) };
}

/**
 * How long one chunk of an export may hold the event loop. A page view waits for the chunk under way at each of its own turns of the event loop, so chunks stay
 * short; their row count follows how fast rows came last time.
 */
const EXPORT_SLICE_MS = 2;
const EXPORT_CHUNK = { first: 200, least: 50, most: 2000 };

export interface CsvExport<TB extends keyof Database, Row extends Keyset> {
  header: readonly string[];
  /** The filtered rows to export, with their columns (ordering and paging are added here). */
  query: (db: Kysely<Database>) => SelectQueryBuilder<Database, TB, Row>;
  cells: (row: Row) => ReadonlyArray<string | number | null | undefined>;
  /** Told the rows sent when the file ends (complete) or is cut off: a failed read, a download stopped. */
  onFinish?: (rows: number, complete: boolean) => Promise<void>;
}

/** A CSV file streamed a chunk at a time, newest first (keyset pages by createdAt and id): memory stays flat, and the one connection is free between chunks. */
export function csvStreamNewestFirst<TB extends keyof Database, Row extends Keyset>(spec: CsvExport<TB, Row>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: Keyset | null = null;
  let headerSent = false;
  let chunkRows = EXPORT_CHUNK.first;
  let sentRows = 0;
  let finished = false;
  const finish = async (complete: boolean) => {
    if (finished) return;
    finished = true;
    try {
      await spec.onFinish?.(sentRows, complete);
    } catch (error) {
      logger.error({ event: "export.audit_failed", err: error }, "Recording the end of a CSV export failed");
    }
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        // A byte-order mark so spreadsheet programs read the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(spec.header)}`));
        return;
      }
      const started = performance.now();
      let rows: Row[];
      try {
        const db = await getDb();
        rows = (await newestFirst(spec.query(db), after).limit(chunkRows).execute()) as Row[];
      } catch (error) {
        await finish(false);
        throw error;
      }
      if (rows.length === 0) {
        await finish(true);
        controller.close();
        return;
      }
      const last = rows[rows.length - 1];
      after = { createdAt: last.createdAt, id: last.id };
      controller.enqueue(encoder.encode(rows.map((row) => csvRow(spec.cells(row))).join("")));
      sentRows += rows.length;
      const elapsed = Math.max(performance.now() - started, 0.1);
      chunkRows = Math.round(Math.min(EXPORT_CHUNK.most, Math.max(EXPORT_CHUNK.least, (rows.length * EXPORT_SLICE_MS) / elapsed)));
      // Let other requests in between chunks.
      await new Promise((resolve) => setImmediate(resolve));
    },
    async cancel() {
      await finish(false);
    },
  });
}
