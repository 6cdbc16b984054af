import type { Kysely, Transaction } from "kysely";
import type { AdminUser } from "~/features/staff";
import { actorName, can, fullName } from "~/features/staff";
import { DUPLICATE_WINDOW_DAYS, type LeadAssignee, type PossibleDuplicate, type StaffLead } from "./leads";
import type { LeadMarketing } from "./consent";
import { forChange, getDb, nowIso } from "~/platform/db.server";
import type { Database } from "~/platform/database-types";
import { recordAudit } from "~/features/staff/index.server";
import { leadMarketing } from "./consent-records.server";
import { ModelError } from "~/platform/model-error.server";
import { STAFF_LEAD_COLUMNS, toStaffLeads } from "./lead-list.server";
import { sameEmailIgnoringCase } from "~/platform/listing.server";
import { addDaysToInstant } from "~/lib/calendar";
import { LEAD_STATUS_LABELS, type LeadActivityKind, type LeadStatus } from "./lead-lists";
import type { LeadActivityRow, LeadRow } from "./lead-tables";

/** One lead as staff work it: details, possible duplicates, assignment, status, notes, delete. */

export interface LeadDetails {
  lead: StaffLead;
  activity: LeadActivityRow[];
  possibleDuplicates: PossibleDuplicate[];
  /** Marketing consent (given / not given / withdrawn) and the PECR subscriber kind. */
  marketing: LeadMarketing;
}

/** Other leads from the same email (any case) or phone (last ten digits) within 30 days either side. */
async function possibleDuplicatesOf(db: Kysely<Database>, lead: Pick<LeadRow, "id" | "email" | "phoneKey" | "createdAt">): Promise<PossibleDuplicate[]> {
  const created = new Date(lead.createdAt);
  const from = addDaysToInstant(created, -DUPLICATE_WINDOW_DAYS).toISOString();
  const to = addDaysToInstant(created, DUPLICATE_WINDOW_DAYS).toISOString();
  const rows = await db
    .selectFrom("leads")
    .select(["id", "reference", "companyName", "businessName", "createdAt"])
    .where((eb) => eb.or([sameEmailIgnoringCase("email", lead.email), eb("phoneKey", "=", lead.phoneKey)]))
    .where("createdAt", ">=", from)
    .where("createdAt", "<=", to)
    .where("id", "!=", lead.id)
    .orderBy("createdAt", "desc")
    .limit(20)
    .execute();
  return rows.map((row) => ({ id: row.id, reference: row.reference, companyName: row.companyName || row.businessName, createdAt: row.createdAt }));
}

export async function getLeadDetails(id: number): Promise<LeadDetails> {
  const db = await getDb();
  const row = await db
    .selectFrom("leads")
    .select([...STAFF_LEAD_COLUMNS, "phoneKey"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new ModelError(404, "Lead not found");
  const [activity, possibleDuplicates, [lead], marketing] = await Promise.all([
    db.selectFrom("leadActivity").selectAll().where("leadId", "=", id).orderBy("createdAt", "asc").orderBy("id", "asc").execute(),
    possibleDuplicatesOf(db, row),
    toStaffLeads(db, [row]),
    leadMarketing(db, row),
  ]);
  return { lead, activity, possibleDuplicates, marketing };
}

/** Active staff a lead may be assigned to, by name. */
export async function listAssignableStaff(): Promise<LeadAssignee[]> {
  const db = await getDb();
  const users = await db
    .selectFrom("adminUsers")
    .select(["id", "firstName", "lastName", "email"])
    .where("isActive", "=", 1)
    .orderBy("firstName")
    .orderBy("lastName")
    .execute();
  return users.map((user) => ({ id: user.id, name: fullName(user), email: user.email }));
}

/**
 * Gives a lead to a staff member, or takes it back (null). Admins assign anyone active; a manager may take a lead for themselves, and give back only their own.
 * Recorded in the lead's timeline and the audit log.
 */
export async function assignLead(actor: AdminUser, id: number, assigneeId: string | null): Promise<StaffLead> {
  const db = await getDb();
  const row = await db.transaction().execute(async (trx) => {
    const before = await forChange(trx.selectFrom("leads").select(["reference", "assignedTo"]).where("id", "=", id)).executeTakeFirst();
    if (!before) throw new ModelError(404, "Lead not found");
    if (!can(actor.role, "assignLeads")) {
      // Their own lead, or nobody's: a manager never takes a lead from a colleague.
      const free = before.assignedTo === null || before.assignedTo === actor.id;
      if (!free || (assigneeId !== null && assigneeId !== actor.id)) {
        throw new ModelError(403, "Managers may only take unassigned leads for themselves, and give back their own");
      }
    }
    const assignee = assigneeId
      ? await trx.selectFrom("adminUsers").select(["id", "firstName", "lastName", "isActive"]).where("id", "=", assigneeId).executeTakeFirst()
      : null;
    if (assigneeId && (!assignee || assignee.isActive !== 1)) throw new ModelError(400, "Choose an active staff member", "assignedTo");
    const lead = await trx.selectFrom("leads").select(STAFF_LEAD_COLUMNS).where("id", "=", id).executeTakeFirstOrThrow();
    if (before.assignedTo === assigneeId) return lead;
    const previous = before.assignedTo
      ? await trx.selectFrom("adminUsers").select(["firstName", "lastName"]).where("id", "=", before.assignedTo).executeTakeFirst()
      : undefined;
    const now = nowIso();
    const updated = await trx
      .updateTable("leads")
      .set({ assignedTo: assigneeId, updatedAt: now })
      .where("id", "=", id)
      .returning(STAFF_LEAD_COLUMNS)
      .executeTakeFirstOrThrow();
    const body = assignee ? `Assigned to ${fullName(assignee)}` : `Unassigned${previous ? ` (was ${fullName(previous)})` : ""}`;
    const summary = assignee ? `Assigned lead ${before.reference} to ${fullName(assignee)}` : `Unassigned lead ${before.reference}`;
    await recordAssignment(trx, actor, id, body, summary, now);
    return updated;
  });
  const [lead] = await toStaffLeads(db, [row]);
  return lead;
}

/**
 * A lead nobody owns becomes `actor`'s (read for change in `trx`), with its timeline entry and audit saying why: sending a quote makes
 * the sender its owner, so the customer's view, acceptance and decline reach someone. Returns whether it did.
 */
export async function takeUnownedLead(
  trx: Transaction<Database>,
  actor: AdminUser,
  lead: Pick<LeadRow, "id" | "reference" | "assignedTo">,
  why: string,
  now: string,
): Promise<boolean> {
  if (lead.assignedTo !== null) return false;
  await trx.updateTable("leads").set({ assignedTo: actor.id, updatedAt: now }).where("id", "=", lead.id).execute();
  const name = fullName(actor);
  await recordAssignment(trx, actor, lead.id, `Assigned to ${name} (${why})`, `Assigned lead ${lead.reference} to ${name} (${why})`, now);
  return true;
}

/**
 * One entry on a lead's timeline for a change to what hangs off it (a quote, an order), by `actor` or, for none, System; in the change's transaction, and
 * the lead counts as updated then. The caller writes its own audit entry, in its own words.
 */
export async function addLeadActivity(
  trx: Transaction<Database>,
  actor: AdminUser | null,
  entry: { leadId: number; kind: LeadActivityKind; body: string; now: string },
): Promise<void> {
  await trx
    .insertInto("leadActivity")
    .values({ leadId: entry.leadId, kind: entry.kind, actorId: actor?.id ?? null, actorName: actorName(actor), body: entry.body, createdAt: entry.now })
    .execute();
  await trx.updateTable("leads").set({ updatedAt: entry.now }).where("id", "=", entry.leadId).execute();
}

/** An owner change on the lead's timeline and in the audit log, whoever made it and however. */
async function recordAssignment(trx: Transaction<Database>, actor: AdminUser, leadId: number, body: string, summary: string, now: string): Promise<void> {
  await trx
    .insertInto("leadActivity")
    .values({ leadId, kind: "assignment", actorId: actor.id, actorName: fullName(actor), body, createdAt: now })
    .execute();
  await recordAudit(actor, { action: "lead.assigned", entityType: "lead", entityId: leadId, summary }, trx);
}

export async function updateLeadStatus(actor: AdminUser, id: number, status: LeadStatus): Promise<StaffLead> {
  const db = await getDb();
  return db
    .transaction()
    .execute(async (trx) => {
      const before = await forChange(trx.selectFrom("leads").select(["id", "status", "reference"]).where("id", "=", id)).executeTakeFirst();
      if (!before) throw new ModelError(404, "Lead not found");
      await moveLead(trx, actor, before, status, nowIso());
      return trx.selectFrom("leads").select(STAFF_LEAD_COLUMNS).where("id", "=", id).executeTakeFirstOrThrow();
    })
    .then(async (row) => (await toStaffLeads(db, [row]))[0]);
}

/**
 * Moves a lead (read for change in `trx`) to `status`, with its one timeline entry and audit; to the status it has, nothing. The first move on from New is the lead's
 * response time (dashboard), so it sets firstContactedAt once. Shared by the status control and what moves a lead by itself (sending a quote).
 */
export async function moveLead(
  trx: Transaction<Database>,
  actor: AdminUser | null,
  before: Pick<LeadRow, "id" | "status" | "reference">,
  status: LeadStatus,
  now: string,
): Promise<void> {
  // The status it has already is no change: nothing written, so the timeline shows no change that was not made.
  if (before.status === status) return;
  await trx
    .updateTable("leads")
    .set((eb) => ({ status, updatedAt: now, ...(status === "new" ? {} : { firstContactedAt: eb.fn.coalesce("firstContactedAt", eb.val(now)) }) }))
    .where("id", "=", before.id)
    .execute();
  const body = `Status changed from ${LEAD_STATUS_LABELS[before.status]} to ${LEAD_STATUS_LABELS[status]}`;
  await trx
    .insertInto("leadActivity")
    // No actor: the customer moved it (accepting a quote), which the timeline and audit log show as System.
    .values({ leadId: before.id, kind: "status", actorId: actor?.id ?? null, actorName: actorName(actor), body, createdAt: now })
    .execute();
  const summary = `Moved lead ${before.reference} to ${LEAD_STATUS_LABELS[status]}`;
  await recordAudit(actor, { action: "lead.status_changed", entityType: "lead", entityId: before.id, summary }, trx);
}

export async function addLeadNote(actor: AdminUser, id: number, body: string): Promise<LeadActivityRow> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("leads").select("reference").where("id", "=", id).executeTakeFirst();
    if (!lead) throw new ModelError(404, "Lead not found");
    const now = nowIso();
    const note = await trx
      .insertInto("leadActivity")
      .values({ leadId: id, kind: "note", actorId: actor.id, actorName: fullName(actor), body, createdAt: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.updateTable("leads").set({ updatedAt: now }).where("id", "=", id).execute();
    await recordAudit(actor, { action: "lead.note_added", entityType: "lead", entityId: id, summary: `Added a note to lead ${lead.reference}` }, trx);
    return note;
  });
}

export async function deleteLead(actor: AdminUser, id: number): Promise<void> {
  const db = await getDb();
  await db.transaction().execute(async (trx) => {
    const lead = await trx.deleteFrom("leads").where("id", "=", id).returning(["reference", "businessName", "companyName"]).executeTakeFirst();
    if (!lead) throw new ModelError(404, "Lead not found");
    const summary = `Deleted lead ${lead.reference} (${lead.companyName || lead.businessName})`;
    await recordAudit(actor, { action: "lead.deleted", entityType: "lead", entityId: id, summary }, trx);
  });
}
