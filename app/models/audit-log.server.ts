import type { AdminUser } from "~/lib/admin-users";
import { fullName } from "~/lib/admin-users";
import type { Transaction } from "kysely";
import { getDb, nowIso } from "~/infrastructure/db.server";
import type { Database } from "~/lib/database-types";

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  summary: string;
}

/** Records an admin change; pass the transaction that made the change so both land together. Gives the entry's id. */
export async function recordAudit(actor: AdminUser | null, entry: AuditEntry, trx?: Transaction<Database>): Promise<number> {
  const db = trx ?? (await getDb());
  const row = await db
    .insertInto("auditLog")
    .values({
      actorId: actor?.id ?? null,
      actorName: actor ? fullName(actor) : "System",
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      summary: entry.summary,
      createdAt: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ExportAudit {
  action: string;
  entityType: string;
  /** What is exported, plural: "leads". */
  what: string;
  /** The filters in words ("search \"ltd\"", "status New"); none says `unfiltered`. */
  filters: string[];
  /** What no filter means: "all leads". */
  unfiltered: string;
}

/**
 * Records a CSV export of personal data as it starts (so even one cut off by
 * a crash is in the log), and gives the function that finishes the entry
 * with the rows sent when the download ends or is cut off.
 */
export async function recordExport(actor: AdminUser, audit: ExportAudit): Promise<(rows: number, complete: boolean) => Promise<void>> {
  const filters = `(${audit.filters.length > 0 ? audit.filters.join(", ") : audit.unfiltered})`;
  const id = await recordAudit(actor, { action: audit.action, entityType: audit.entityType, summary: `Started exporting ${audit.what} to CSV ${filters}` });
  return async (rows, complete) => {
    const summary = complete ? `Exported ${rows} ${audit.what} to CSV ${filters}` : `Export of ${audit.what} to CSV cut off after ${rows} rows ${filters}`;
    const db = await getDb();
    await db.updateTable("auditLog").set({ summary }).where("id", "=", id).execute();
  };
}
