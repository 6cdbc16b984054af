import type pg from "pg";

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * How `pg` reads Postgres values: as it does by default (`defaults`, pg's own `types`), except that count(*) (bigint) and sum() (numeric), which it gives as
 * text, come back as numbers, as they do from SQLite. Every count in the product fits a number. The app and the tests' own connections read alike. Given pg's
 * types rather than importing pg, so the server loads pg only when it runs on Postgres.
 */
export function postgresTypes(defaults: typeof pg.types) {
  return {
    getTypeParser: ((oid: number, format?: "text" | "binary") =>
      oid === INT8_OID || oid === NUMERIC_OID ? Number : defaults.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
}
