import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { AdminUser } from "~/lib/admin-users";
import { fullName } from "~/lib/admin-users";
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from "~/lib/enums";
import { formatDateTime } from "~/lib/format";
import { LEAD_COLUMNS, LEADS_PAGE_SIZE, toLead, type Lead } from "~/lib/leads";
import type { LeadFilters } from "~/lib/schemas/leads";
import { getDb, nowIso } from "~/services/db.server";
import type { Database, LeadActivityRow, LeadRow } from "~/services/database-types";
import { recordAudit } from "./audit-log.server";
import { csvStreamNewestFirst, pageNewestFirst, textSearch } from "./listing.server";
import { ModelError } from "./model-error.server";

/** Staff's view of the leads: search, filter, pages, status, notes, delete, export. */

type LeadFilter = Pick<LeadFilters, "q" | "status">;

/** Three characters or more: the trigram index (migration 0005) finds any substring, ignoring case. */
const indexedSearch = (q: string) => q.length >= 3;

const searchIndexMatch = (q: string) => sql<SqlBool>`leadSearch MATCH ${`"${q.replaceAll('"', '""')}"`}`;

/**
 * How a search's page is read. "walk": down the newest-first index, keeping
 * the leads the search matched (cheap when many match). "lookup": each
 * matching lead by id, then sorted (cheap when few match).
 */
type SearchPlan = "walk" | "lookup";

/**
 * Case-insensitive substring match over company, names, email, phone and
 * reference (SPEC section 5), with the status filter. Phone numbers also
 * match when typed without their spaces.
 */
function whereMatches(filter: LeadFilter, plan: SearchPlan = "lookup") {
  return (eb: ExpressionBuilder<Database, "leads">) => {
    const q = filter.q.trim();
    // The unary + keeps SQLite from reading the matches by id, so it walks the ordered index instead.
    const id = plan === "walk" ? sql`+id` : sql`id`;
    // Shorter searches are too short for the trigram index, so the columns are scanned.
    const search = indexedSearch(q)
      ? sql<SqlBool>`${id} IN (SELECT rowid FROM leadSearch WHERE ${searchIndexMatch(q)})`
      : textSearch(q, {
          text: ["businessName", "companyName", "firstName", "lastName", "email", "phoneNumber", "reference"],
          phone: ["phoneNumber"],
        });
    return filter.status ? eb.and([eb("status", "=", filter.status), search]) : search;
  };
}

/** Leads of each status, from the counts the database keeps (migration 0010). */
async function leadsByStatus(db: Kysely<Database>): Promise<Record<LeadStatus, number>> {
  const rows = await db.selectFrom("leadStatusCounts").select(["status", "count"]).execute();
  const counts = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

const sum = (counts: Record<LeadStatus, number>) => Object.values(counts).reduce((total, count) => total + count, 0);

/**
 * Leads the filter matches: kept counts when there is no search; the search
 * index's own count when only searching (it holds exactly one row per lead).
 */
async function countMatching(db: Kysely<Database>, filter: LeadFilter, unsearched: number): Promise<number> {
  const q = filter.q.trim();
  if (!q) return unsearched;
  const counted =
    indexedSearch(q) && !filter.status
      ? db.selectFrom(sql`leadSearch`.as("leadSearch")).select(sql<number>`count(*)`.as("count")).where(searchIndexMatch(q))
      : db.selectFrom("leads").select(sql<number>`count(*)`.as("count")).where(whereMatches(filter));
  return Number((await counted.executeTakeFirstOrThrow()).count);
}

/**
 * Walking the index reads about (offset + page) x unsearched / matches index
 * entries; looking up reads every match by id and sorts them, which costs
 * about 20 times more per lead (measured with 100,000 leads).
 */
function searchPlan(offsetEnd: number, unsearched: number, matches: number): SearchPlan {
  return offsetEnd * unsearched < 20 * matches * matches ? "walk" : "lookup";
}

export interface LeadPage {
  leads: Lead[];
  /** Leads matching the filter, across all pages. */
  total: number;
  page: number;
  pageCount: number;
}

/** One page of leads, newest first. */
export async function listLeads(filters: LeadFilters): Promise<LeadPage> {
  const db = await getDb();
  const byStatus = await leadsByStatus(db);
  const unsearched = filters.status ? byStatus[filters.status] : sum(byStatus);
  const total = await countMatching(db, filters, unsearched);
  const offsetEnd = Math.min(filters.page, Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE))) * LEADS_PAGE_SIZE;
  const plan = searchPlan(offsetEnd, unsearched, total);
  const { rows, ...page } = await pageNewestFirst(
    db.selectFrom("leads").where(whereMatches(filters, plan)),
    (query) => query.select(LEAD_COLUMNS),
    filters.page,
    LEADS_PAGE_SIZE,
    { total, rowsFrom: db.selectFrom("leads") },
  );
  return { leads: rows.map(toLead), ...page };
}

export interface LeadCounts {
  total: number;
  new: number;
  qualified: number;
  converted: number;
}

/** The summary cards: across all leads, whatever the filter. */
export async function leadCounts(): Promise<LeadCounts> {
  const byStatus = await leadsByStatus(await getDb());
  return { total: sum(byStatus), new: byStatus.new, qualified: byStatus.qualified, converted: byStatus.converted };
}

export interface LeadDetails {
  lead: Lead;
  activity: LeadActivityRow[];
}

export async function getLeadDetails(id: number): Promise<LeadDetails> {
  const db = await getDb();
  const row = await db.selectFrom("leads").select(LEAD_COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) throw new ModelError(404, "Lead not found");
  const activity = await db.selectFrom("leadActivity").selectAll().where("leadId", "=", id).orderBy("createdAt", "asc").orderBy("id", "asc").execute();
  return { lead: toLead(row), activity };
}

export async function updateLeadStatus(actor: AdminUser, id: number, status: LeadStatus): Promise<Lead> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("leads").select(["status", "reference"]).where("id", "=", id).executeTakeFirst();
    if (!before) throw new ModelError(404, "Lead not found");
    const now = nowIso();
    const row = await trx
      .updateTable("leads")
      // The first move on from New is the lead's response time (dashboard).
      .set((eb) => ({ status, updatedAt: now, ...(status === "new" ? {} : { firstContactedAt: eb.fn.coalesce("firstContactedAt", eb.val(now)) }) }))
      .where("id", "=", id)
      .returning(LEAD_COLUMNS)
      .executeTakeFirstOrThrow();
    if (before.status !== status) {
      const body = `Status changed from ${LEAD_STATUS_LABELS[before.status]} to ${LEAD_STATUS_LABELS[status]}`;
      await trx.insertInto("leadActivity").values({ leadId: id, kind: "status", actorId: actor.id, actorName: fullName(actor), body, createdAt: now }).execute();
      await recordAudit(actor, { action: "lead.status_changed", entityType: "lead", entityId: id, summary: `Moved lead ${before.reference} to ${LEAD_STATUS_LABELS[status]}` }, trx);
    }
    return toLead(row);
  });
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
    await recordAudit(actor, { action: "lead.deleted", entityType: "lead", entityId: id, summary: `Deleted lead ${lead.reference} (${lead.companyName || lead.businessName})` }, trx);
  });
}

export const LEAD_CSV_COLUMNS = ["Date", "Company", "Contact", "Email", "Phone", "Team Size", "Contract Length", "Status"];

/** The leads of a filter as CSV, streamed newest first a chunk at a time. */
export function leadsCsvStream(filter: LeadFilter): ReadableStream<Uint8Array> {
  return csvStreamNewestFirst({
    header: LEAD_CSV_COLUMNS,
    query: (db) =>
      db
        .selectFrom("leads")
        .select(["id", "createdAt", "businessName", "companyName", "firstName", "lastName", "email", "phoneNumber", "teamSize", "contractLength", "contractExpiry", "status"])
        .where(whereMatches(filter)),
    cells: (row) => [
      formatDateTime(row.createdAt),
      row.companyName || row.businessName,
      `${row.firstName} ${row.lastName}`,
      row.email,
      row.phoneNumber,
      row.teamSize,
      row.contractLength || row.contractExpiry,
      LEAD_STATUS_LABELS[row.status ?? "new"],
    ],
  });
}
