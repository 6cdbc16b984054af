import type { Transaction } from "kysely";
import type { AdminUser } from "~/features/staff";
import type { Database } from "~/platform/database-types";
import { readTariffsCsvSteps, type TariffCsvError, type TariffCsvReading } from "./tariff-csv-schema";
import { TARIFF_CSV_HEADER, tariffCsvRow } from "./tariff-csv";
import type { TariffInput, TariffListFilters } from "./tariffs";
import { TARIFF_SERVICE_TYPE_LABELS, TARIFF_STATUS_LABELS } from "./tariffs";
import { csvRow } from "~/lib/csv";
import { getDb, nowIso } from "~/platform/db.server";
import { SAMPLE_TARIFFS_CSV } from "./sample-tariffs.server";
import { recordAudit, recordExport } from "~/features/staff/index.server";
import { searchFilterWords } from "~/platform/listing.server";
import { ModelError } from "~/platform/model-error.server";
import { listTariffs, tariffColumns, tariffInput } from "./tariffs.server";
import { countOf } from "~/lib/plural";

/** An import refused: nothing was written; `errors` names each bad line and column. */
export class TariffImportError extends Error {
  constructor(
    message: string,
    readonly errors: TariffCsvError[],
  ) {
    super(message);
    this.name = "TariffImportError";
  }
}

export interface TariffImportResult {
  created: number;
  updated: number;
}

/** Rows per statement: well inside both databases' limits on bound values. */
const WRITE_BATCH = 200;
const LOOKUP_BATCH = 500;

/** Which of these slugs the catalogue already has. */
async function existingSlugs(trx: Transaction<Database>, slugs: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < slugs.length; start += LOOKUP_BATCH) {
    const rows = await trx
      .selectFrom("tariffs")
      .select("slug")
      .where("slug", "in", slugs.slice(start, start + LOOKUP_BATCH))
      .execute();
    for (const row of rows) found.add(row.slug);
  }
  return found;
}

/** Adds the new slugs and replaces the known ones, in the caller's transaction. */
async function writeTariffs(trx: Transaction<Database>, inputs: TariffInput[], isSample: boolean): Promise<TariffImportResult> {
  const slugs = inputs.map((input) => input.slug);
  const known = await existingSlugs(trx, slugs);
  const now = nowIso();
  for (let start = 0; start < inputs.length; start += WRITE_BATCH) {
    const rows = inputs
      .slice(start, start + WRITE_BATCH)
      .map((input) => ({ ...tariffColumns(input, now), isSample: (isSample ? 1 : 0) as 0 | 1, createdAt: now }));
    const replaced = Object.keys(rows[0]!).filter((column) => column !== "createdAt") as (keyof (typeof rows)[number])[];
    await trx
      .insertInto("tariffs")
      .values(rows)
      .onConflict((conflict) =>
        conflict.column("slug").doUpdateSet((update) => Object.fromEntries(replaced.map((column) => [column, update.ref(`excluded.${column}`)]))),
      )
      .execute();
  }
  return { created: inputs.length - known.size, updated: known.size };
}

/** A file read and checked a few hundred rows at a time, letting other requests in between (checking 10,000 rows takes a while). */
async function readTariffsCsv(text: string): Promise<TariffCsvReading> {
  const steps = readTariffsCsvSteps(text);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The file's tariffs; throws TariffImportError when it has any error. */
function importable(reading: TariffCsvReading): TariffInput[] {
  if (reading.ok) return reading.rows.map((row) => row.input);
  const listed = reading.errors.length < reading.count ? ` (the first ${reading.errors.length} are listed)` : "";
  throw new TariffImportError(`Nothing was imported: the file has ${countOf(reading.count, "error")}${listed}`, reading.errors);
}

/** Staff's CSV import: every row checked, then all written in one transaction. A slug already in the catalogue is updated (no longer a sample). */
export async function importTariffsCsv(actor: AdminUser, csvText: string): Promise<TariffImportResult> {
  const inputs = importable(await readTariffsCsv(csvText));
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const result = await writeTariffs(trx, inputs, false);
    const summary = `Imported ${countOf(inputs.length, "tariff")} from a CSV file: ${result.created} added, ${result.updated} updated`;
    await recordAudit(actor, { action: "tariff.imported", entityType: "tariff", summary }, trx);
    return result;
  });
}

/** The shipped illustrative tariffs (app/features/tariffs/sample-tariffs.server.ts), marked sample, for a catalogue with nothing in it yet (409 otherwise). */
export async function importSampleTariffs(actor: AdminUser): Promise<TariffImportResult> {
  const inputs = importable(await readTariffsCsv(SAMPLE_TARIFFS_CSV));
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const any = await trx.selectFrom("tariffs").select("id").limit(1).executeTakeFirst();
    if (any) throw new ModelError(409, "The sample tariffs are only for an empty catalogue: this one already has tariffs");
    const result = await writeTariffs(trx, inputs, true);
    await recordAudit(
      actor,
      { action: "tariff.imported", entityType: "tariff", summary: `Imported ${result.created} sample tariffs (illustrative prices)` },
      trx,
    );
    return result;
  });
}

/** The filters in words, for the export's audit entry. */
function filterWords(filters: TariffListFilters): string[] {
  return [
    ...searchFilterWords(filters.search ?? ""),
    ...(filters.network ? [`network ${filters.network}`] : []),
    ...(filters.status ? [`status ${TARIFF_STATUS_LABELS[filters.status]}`] : []),
    ...(filters.serviceType ? [`service type ${TARIFF_SERVICE_TYPE_LABELS[filters.serviceType]}`] : []),
    ...(filters.stale === undefined ? [] : [filters.stale ? "stale" : "not stale"]),
  ];
}

/** The catalogue (or the staff's filter of it) as CSV in the import's columns, so it imports back unchanged; the export is in the audit log like the others. */
export async function exportTariffsCsv(actor: AdminUser, filters: TariffListFilters = {}): Promise<string> {
  const finish = await recordExport(actor, {
    action: "tariffs.exported",
    entityType: "tariff",
    what: "tariffs",
    one: "tariff",
    filters: filterWords(filters),
    unfiltered: "all tariffs",
  });
  const tariffs = await listTariffs(filters);
  // A byte-order mark so spreadsheet programs read the file as UTF-8.
  const csv = `\uFEFF${csvRow(TARIFF_CSV_HEADER)}${tariffs.map((tariff) => tariffCsvRow(tariffInput(tariff))).join("")}`;
  await finish(tariffs.length, true);
  return csv;
}
