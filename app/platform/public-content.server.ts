import type { Statement } from "better-sqlite3";
import { getDb, migratedDatabase, migratedSqlite } from "./db.server";
import { requestContext } from "./request-store.server";

/**
 * What the public pages show from the database (testimonials, stock images) is read once and kept in memory until it changes. A change is seen through one
 * number the database bumps on every write to those tables (migration 0011_public_content_version), so it shows on the very next request whoever made it, on
 * whichever machine, and no timer is involved.
 */

let versionQuery: { sqlite: unknown; statement: Statement<[], number> } | undefined;

/**
 * The public content's version now; undefined until the database is open and migrated. SQLite answers at once (one prepared statement, no wait); Postgres
 * answers with a promise of the shared row, read on each request so a change on another machine shows at once.
 */
export function publicContentVersion(): number | Promise<number> | undefined {
  const sqlite = migratedSqlite();
  if (sqlite) {
    if (versionQuery?.sqlite !== sqlite) {
      versionQuery = { sqlite, statement: sqlite.prepare<[], number>("SELECT version FROM publicContentVersion WHERE id = 1").pluck() };
    }
    return versionQuery.statement.get();
  }
  const db = migratedDatabase();
  if (!db) return undefined;
  return db
    .selectFrom("publicContentVersion")
    .select("version")
    .where("id", "=", 1)
    .executeTakeFirstOrThrow()
    .then((row) => row.version);
}

/** An anonymous page view's version, read as it arrived (its page cache ticket), serves all its public reads, rather than a query each on Postgres. */
function versionForThisRequest(): number | Promise<number> {
  const ticketVersion = requestContext().pageCache?.version;
  return ticketVersion !== undefined && !Number.isNaN(ticketVersion) ? ticketVersion : publicContentVersion()!;
}

const remembered = new Map<string, { version: number; value: Promise<unknown> }>();

/**
 * A public read, answered from memory while the public content is unchanged. `name` must say everything the read depends on (its arguments too). The version is
 * taken before reading, so a change made during the read is never hidden.
 */
export async function rememberPublicContent<T>(name: string, read: () => Promise<T>): Promise<T> {
  await getDb();
  const version = await versionForThisRequest();
  const kept = remembered.get(name);
  if (kept?.version === version) return kept.value as Promise<T>;
  const value = read();
  remembered.set(name, { version, value });
  // A failed read is not kept: the next request tries again.
  value.catch(() => {
    if (remembered.get(name)?.value === value) remembered.delete(name);
  });
  return value;
}
