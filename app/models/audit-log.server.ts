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

/** Records an admin change; pass the transaction that made the change so both land together. */
export async function recordAudit(actor: AdminUser | null, entry: AuditEntry, trx?: Transaction<Database>): Promise<void> {
  const db = trx ?? (await getDb());
  await db
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
    .execute();
}
