// `npm run db:copy -- --to postgres://…`: moves a SQLite database (DATA_DIR/app.db, or --from
// <file>) into an empty Postgres database, for a business moving from one machine to a fleet.
// The target is migrated first (build/migrations.js, made by `npm run build`); every table is
// copied in one Postgres transaction from one consistent read of the SQLite file, rows counted
// on both sides. Stop the server first: what it writes after the copy began is not copied.
import path from "node:path";
import { pathToFileURL } from "node:url";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { projectRoot } from "./built-server.js";

/** A refusal to show as it is: no stack trace. */
class CopyError extends Error {
  name = "CopyError";
}

const USAGE = "Usage: npm run db:copy -- --to postgres://user:password@host:5432/database [--from path/to/app.db]";

/**
 * The target's tables that are not copied (only its tables are looked at, so SQLite's internals
 * and search index never are): the migrator's own, and what the target's triggers keep
 * themselves (per-status counts grow as leads arrive; the public content version is its own row).
 */
const NOT_COPIED = new Set(["kysely_migration", "kysely_migration_lock", "leadStatusCounts", "publicContentVersion"]);
const rows = (count) => `${count} ${count === 1 ? "row" : "rows"}`;

/** Postgres takes at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 60_000;

function parseArguments(argv) {
  const options = {};
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === "--") continue;
    if (argument === "--to" || argument === "--from") {
      const value = argv[++index];
      if (!value) throw new CopyError(`${argument} needs a value.\n${USAGE}`);
      options[argument.slice(2)] = value;
    } else throw new CopyError(`Unknown argument ${argument}.\n${USAGE}`);
  }
  if (!options.to) throw new CopyError(USAGE);
  if (!/^postgres(ql)?:\/\/\S+$/.test(options.to)) throw new CopyError(`--to must be a postgres:// URL.\n${USAGE}`);
  return options;
}

async function loadMigrations() {
  const file = path.join(projectRoot, "build/migrations.js");
  try {
    return (await import(pathToFileURL(file).href)).migrations;
  } catch {
    throw new CopyError(`${file} is missing: run npm run build first.`);
  }
}

function openSource(file) {
  try {
    return new SQLite(file, { readonly: true, fileMustExist: true });
  } catch {
    throw new CopyError(`There is no SQLite database at ${file} (is DATA_DIR right, or --from?).`);
  }
}

/** The source must be at the same version as this build: every migration applied, none unknown. */
function checkSourceVersion(source, migrationNames) {
  const applied = source.prepare("SELECT name FROM kysely_migration ORDER BY name").pluck().all();
  const unknown = applied.filter((name) => !migrationNames.includes(name));
  if (unknown.length) throw new CopyError(`The SQLite database is newer than this build (${unknown.join(", ")}): copy with the version that made it.`);
  const missing = migrationNames.filter((name) => !applied.includes(name));
  if (missing.length) {
    throw new CopyError(
      `The SQLite database is not up to date (${missing.length} migrations to apply): start this version on it once (npm start), stop it, then copy.`,
    );
  }
}

async function migrateTarget(target, migrations) {
  const { error, results } = await new Migrator({ db: target, provider: { getMigrations: async () => migrations } }).migrateToLatest();
  if (!error) return;
  const failed = results?.find((result) => result.status === "Error")?.migrationName;
  throw new CopyError(`Migrating the Postgres database failed at ${failed}: ${error.message}`);
}

/** How many rows a Postgres table holds. */
async function countRows(db, table) {
  return (await sql`SELECT count(*)::int AS count FROM ${sql.table(table)}`.execute(db)).rows[0].count;
}

/** The tables to copy, parents before the tables that reference them. */
async function tablesInCopyOrder(target) {
  const { rows: tables } = await sql`SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(target);
  const { rows: references } = await sql`SELECT child.relname AS child, parent.relname AS parent
    FROM pg_constraint
    JOIN pg_class child ON child.oid = pg_constraint.conrelid
    JOIN pg_class parent ON parent.oid = pg_constraint.confrelid
    WHERE pg_constraint.contype = 'f' AND child.relnamespace = current_schema()::regnamespace`.execute(target);
  const names = tables.map((table) => table.name).filter((name) => !NOT_COPIED.has(name));
  const ordered = [];
  const visit = (name, path = new Set()) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const { parent } of references.filter((reference) => reference.child === name && reference.parent !== name)) visit(parent, path);
    ordered.push(name);
  };
  for (const name of names) visit(name);
  return ordered.filter((name) => names.includes(name));
}

/** Columns a row is written with: the target's own (generated ones are computed there), all present in the source. */
async function copiedColumns(source, target, table) {
  const { rows } = await sql`SELECT column_name AS name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER' ORDER BY ordinal_position`.execute(target);
  const sourceColumns = new Set(source.prepare(`SELECT name FROM pragma_table_xinfo(?) WHERE hidden = 0`).pluck().all(table));
  const missing = rows.map((row) => row.name).filter((name) => !sourceColumns.has(name));
  if (missing.length) throw new CopyError(`The SQLite table ${table} has no ${missing.join(", ")}: the two databases are not at the same version.`);
  return rows.map((row) => row.name);
}

/** Each integer id the database numbers itself (serial) continues after the copied rows. */
async function continueIdSequences(trx, table) {
  const { rows } = await sql`SELECT column_name AS "column", pg_get_serial_sequence(quote_ident(table_name), column_name) AS sequence
    FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table} AND column_default LIKE 'nextval(%'`.execute(trx);
  for (const { column, sequence } of rows) {
    await sql`SELECT setval(${sequence}, coalesce((SELECT max(${sql.ref(column)}) FROM ${sql.table(table)}), 0) + 1, false)`.execute(trx);
  }
}

async function copy({ from, to }) {
  const migrations = await loadMigrations();
  const source = openSource(from);
  const target = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: to, max: 2 }) }) });
  try {
    checkSourceVersion(source, Object.keys(migrations));
    await target
      .selectNoFrom(sql`1`.as("one"))
      .execute()
      .catch((error) => {
        throw new CopyError(`Cannot reach the Postgres database: ${error.message}`);
      });
    await migrateTarget(target, migrations);
    const tables = await tablesInCopyOrder(target);
    const sourceTables = new Set(source.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all());

    // Only into an empty database: a copy never merges with, or overwrites, someone's data.
    for (const table of tables) {
      const count = await countRows(target, table);
      if (count > 0) throw new CopyError(`The Postgres database already holds data (${rows(count)} in ${table}): copy into an empty database.`);
    }

    const copied = [];
    source.exec("BEGIN"); // one consistent read of every table
    try {
      await target.transaction().execute(async (trx) => {
        for (const table of tables) {
          if (!sourceTables.has(table)) continue; // Postgres-only (rate-limit windows)
          const columns = await copiedColumns(source, trx, table);
          const select = source.prepare(`SELECT ${columns.map((column) => `"${column}"`).join(", ")} FROM "${table}"`);
          const batchSize = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMETERS / columns.length)));
          let batch = [];
          let count = 0;
          const flush = async () => {
            if (!batch.length) return;
            await trx.insertInto(table).values(batch).execute();
            count += batch.length;
            batch = [];
          };
          for (const row of select.iterate()) {
            batch.push(row);
            if (batch.length >= batchSize) await flush();
          }
          await flush();
          await continueIdSequences(trx, table);
          const sourceCount = source.prepare(`SELECT count(*) FROM "${table}"`).pluck().get();
          const targetCount = await countRows(trx, table);
          if (targetCount !== sourceCount || count !== sourceCount) {
            throw new CopyError(`${table}: ${sourceCount} rows in SQLite but ${targetCount} in Postgres; nothing was copied.`);
          }
          copied.push({ table, count });
        }
      });
    } finally {
      source.exec("COMMIT");
    }
    return copied;
  } finally {
    source.close();
    await target.destroy();
  }
}

try {
  const options = parseArguments(process.argv.slice(2));
  const from = path.resolve(options.from ?? path.join(process.env.DATA_DIR || "./data", "app.db"));
  const copied = await copy({ from, to: options.to });
  const width = Math.max(...copied.map(({ table }) => table.length));
  console.log(`Copied ${from} into Postgres:`);
  for (const { table, count } of copied) console.log(`  ${table.padEnd(width)}  ${rows(count)}`);
  console.log("Start the app with DATABASE_URL set to this database.");
} catch (error) {
  console.error(error instanceof CopyError ? error.message : `The copy failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
