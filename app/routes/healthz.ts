import { sql } from "kysely";
import { getDb } from "~/infrastructure/db.server";
import { appReady } from "~/startup.server";

/** 200 when the database answers a query; 503 otherwise. Used by Fly's health check. */
export async function loader() {
  try {
    await appReady;
    const db = await getDb();
    await sql`select 1`.execute(db);
    return new Response("ok", { status: 200, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("Health check failed:", error);
    return new Response("database unavailable", { status: 503, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  }
}
