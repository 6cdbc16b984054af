import { sql } from "kysely";
import { getDb, readAgainOnLostConnection } from "~/platform/db.server";
import { appReady } from "~/startup.server";
import { logger } from "~/platform/logger.server";

/**
 * 200 when the database answers a query; 503 otherwise. Used by Fly's health check. A connection
 * Postgres has just closed is not the database being down: the query goes again on a fresh one.
 */
export async function loader() {
  try {
    await appReady;
    const db = await getDb();
    await readAgainOnLostConnection(() => sql`select 1`.execute(db));
    return new Response("ok", { status: 200, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ event: "health.check_failed", err: error }, "Health check failed");
    return new Response("database unavailable", { status: 503, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  }
}
