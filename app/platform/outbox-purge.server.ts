import { getDb } from "./db.server";
import { logger } from "./logger.server";
import { addDaysToInstant } from "~/lib/calendar";

/** The outbox's clean-up: a delivery's copy of the lead or enquiry, and its recipient's address, go OUTBOX_KEEP_DAYS after it is sent or given up. */

const purging = { stopped: false, timer: undefined as NodeJS.Timeout | undefined };

/** What a purged row's payload holds. */
export const PURGED_PAYLOAD = "";
/** A delivery sent or given up this long ago loses its copy of the lead or enquiry: long enough to look into a complaint. */
export const OUTBOX_KEEP_DAYS = 30;
const PURGE_EVERY_MS = 60 * 60_000;
/** Rows emptied per statement, so a long backlog never holds the database in one long write. */
const PURGE_BATCH = 500;

/** Empties the payloads of deliveries sent or given up over OUTBOX_KEEP_DAYS ago; returns how many. Rows still waiting to be sent keep theirs, however old. */
export async function purgeOldPayloads(now = Date.now()): Promise<number> {
  const db = await getDb();
  const cutoff = addDaysToInstant(new Date(now), -OUTBOX_KEEP_DAYS).toISOString();
  let purged = 0;
  while (!purging.stopped) {
    const rows = await db
      .selectFrom("outbox")
      .select("id")
      .where("payload", "!=", PURGED_PAYLOAD)
      .where((eb) => eb.or([eb("deliveredAt", "<", cutoff), eb("failedAt", "<", cutoff)]))
      .limit(PURGE_BATCH)
      .execute();
    if (rows.length === 0) break;
    const ids = rows.map((row) => row.id);
    await db.updateTable("outbox").set({ payload: PURGED_PAYLOAD, recipientEmail: null }).where("id", "in", ids).execute();
    purged += rows.length;
    if (rows.length < PURGE_BATCH) break;
  }
  if (purged > 0) {
    logger.info({ event: "outbox.purged", deliveries: purged, keepDays: OUTBOX_KEEP_DAYS }, `Outbox: emptied ${purged} old deliveries' copies of leads`);
  }
  return purged;
}

function purgeInBackground(): void {
  purgeOldPayloads().catch((error) => logger.error({ event: "outbox.purge_failed", err: error }, "Outbox: purging old payloads failed"));
}

/** At start-up and every hour after, until the server stops. */
export function startPurging(): void {
  purgeInBackground();
  purging.timer = setInterval(purgeInBackground, PURGE_EVERY_MS).unref();
}

export function stopPurging(): void {
  purging.stopped = true;
  clearInterval(purging.timer);
}
