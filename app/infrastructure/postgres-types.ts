import pg from "pg";

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * How `pg` reads Postgres values: as it does by default, except that count(*) (bigint) and sum()
 * (numeric), which it gives as text, come back as numbers, as they do from SQLite. Every count
 * in the product fits a number. The app and the tests' own connections read alike.
 */
export const postgresTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID || oid === NUMERIC_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};
