import type { Kysely, Transaction } from "kysely";
import { personFound, type PersonErasure, type PersonQuery, type PersonRecord, type StaffPersonRecord } from "./person-data";
import type { Database } from "~/platform/database-types";
import { suppressionKey } from "~/platform/suppression.server";

/**
 * Whether, and when, a person was erased: their page, its dialogs and downloads say so instead of offering what an erasure left nothing for (Download,
 * Erase, Object).
 */

type Executor = Kysely<Database> | Transaction<Database>;

/** The keyed hashes the searched email and phone are kept under, as the suppression list, the register and an erasure's audit entry hold them. */
export function personKeys(query: PersonQuery): string[] {
  return [...(query.email ? [suppressionKey("email", query.email)] : []), ...(query.phone ? [suppressionKey("phone", query.phone)] : [])];
}

/**
 * The person's latest erasure: its audit entry (`person.erased`, kept under the keyed hash of the email or phone it was asked for), who and when; else the
 * suppression list's entry made by an erasure, when only. Null when they were never erased.
 */
export async function latestErasure(db: Executor, query: PersonQuery): Promise<PersonErasure | null> {
  const keys = personKeys(query);
  if (keys.length === 0) return null;
  const audited = await db
    .selectFrom("auditLog")
    .select(["createdAt", "actorName"])
    .where("action", "=", "person.erased")
    .where("entityType", "=", "person")
    .where("entityId", "in", keys)
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
  if (audited) return { at: audited.createdAt, by: audited.actorName };
  const listed = await db
    .selectFrom("suppressions")
    .select("createdAt")
    .where("hash", "in", keys)
    .where("reason", "=", "erased")
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
  return listed ? { at: listed.createdAt, by: null } : null;
}

/** The erasure to tell of instead of a record: when the person was erased and nothing personal has been held since; else null. */
export async function erasureWithNothingHeld(db: Executor, record: PersonRecord | StaffPersonRecord): Promise<PersonErasure | null> {
  return personFound(record) ? null : latestErasure(db, record.query);
}
