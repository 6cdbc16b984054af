import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

/**
 * The same migrations build the schema on SQLite and on Postgres. Where their
 * SQL differs (triggers, search, case-insensitive text, generated columns), a
 * migration asks which one it is running on and keeps both versions side by side.
 */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An integer id the database numbers itself: AUTOINCREMENT on SQLite, serial on Postgres. */
export function autoIdColumn(db: Kysely<unknown>): ["integer" | "serial", (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return isPostgres(db) ? ["serial", (column) => column.primaryKey()] : ["integer", (column) => column.primaryKey().autoIncrement()];
}
