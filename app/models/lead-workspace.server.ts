import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { AdminUser } from "~/lib/admin-users";
import { fullName } from "~/lib/admin-users";
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from "~/lib/enums";
import { formatDateTime } from "~/lib/format";
import {
  DUPLICATE_WINDOW_DAYS,
  isOverdue,
  LEAD_COLUMNS,
  LEADS_PAGE_SIZE,
  toLead,
  type LeadAssignee,
  type PossibleDuplicate,
  type StaffLead,
} from "~/lib/leads";
import { can } from "~/lib/permissions";
import type { LeadFilters } from "~/lib/schemas/leads";
import { databaseKind, forChange, getDb, nowIso } from "~/infrastructure/db.server";
import type { Database, LeadActivityRow, LeadRow } from "~/lib/database-types";
import { env } from "~/infrastructure/env.server";
import { recordAudit, recordExport } from "./audit-log.server";
import { csvStreamNewestFirst, escapeLike, ftsPhrase, pageNewestFirst, searchFilterWords, textSearch } from "./listing.server";
import { ModelError } from "./model-error.server";

/** Staff's view of the leads: search, filter, pages, status, notes, delete, export. */

/**
 * A filter as the queries take it: the owner filter resolved for the viewer
 * (`assignedTo`: their id for "mine", null for "unassigned", undefined for anyone).
 */
interface LeadFilter extends Pick<LeadFilters, "q" | "status"> {
  assignedTo?: string | null;
}

/** The filter a viewer's `?assigned=` means. */
export function leadFilterFor(viewer: Pick<AdminUser, "id">, filters: Pick<LeadFilters, "q" | "status" | "assigned">): LeadFilter {
  const assignedTo = filters.assigned === "mine" ? viewer.id : filters.assigned === "unassigned" ? null : undefined;
  return { q: filters.q, status: filters.status, assignedTo };
}

/** Every column staff see: the lead's, its owner and its first contact. */
const STAFF_LEAD_COLUMNS = [...LEAD_COLUMNS, "assignedTo", "firstContactedAt"] as const satisfies readonly (keyof LeadRow)[];
type StaffLeadRow = Pick<LeadRow, (typeof STAFF_LEAD_COLUMNS)[number]>;

/** Stored leads as staff see them: owners read in one query, overdue judged now. */
async function toStaffLeads(db: Kysely<Database>, rows: StaffLeadRow[]): Promise<StaffLead[]> {
  const ownerIds = [...new Set(rows.map((row) => row.assignedTo).filter((id): id is string => id !== null))];
  const owners = new Map<string, LeadAssignee>();
  if (ownerIds.length > 0) {
    const users = await db.selectFrom("adminUsers").select(["id", "firstName", "lastName", "email"]).where("id", "in", ownerIds).execute();
    for (const user of users) owners.set(user.id, { id: user.id, name: fullName(user), email: user.email });
  }
  const now = new Date();
  return rows.map((row) => {
    const lead = { ...toLead(row), firstContactedAt: row.firstContactedAt, assignedTo: row.assignedTo ? (owners.get(row.assignedTo) ?? null) : null };
    return { ...lead, overdue: isOverdue(lead, now, env.LEAD_RESPONSE_HOURS) };
  });
}

/**
 * Three characters or more (not UTF-16 units: an emoji is one): the trigram
 * index (migration 0005) finds any substring, ignoring case.
 */
const indexedSearch = (q: string) => Array.from(q).length >= 3;

/** The whole search is one phrase: the index then finds it as a substring, quotes and all. */
const searchIndexMatch = (q: string) => sql<SqlBool>`leadSearch MATCH ${ftsPhrase(q)}`;

/** Postgres: the generated search text (migration 0005) with its pg_trgm index. */
const searchTextMatch = (q: string) => sql<SqlBool>`${sql.ref("searchText")} ILIKE ${`%${escapeLike(q)}%`} ESCAPE '\\'`;

/** The leads whose search text holds `q` (three characters or more), through the trigram index. */
function indexedSearchMatch(q: string, id: RawBuilder<unknown>) {
  return databaseKind === "postgres" ? searchTextMatch(q) : sql<SqlBool>`${id} IN (SELECT rowid FROM leadSearch WHERE ${searchIndexMatch(q)})`;
}

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
      ? indexedSearchMatch(q, id)
      : textSearch(q, {
          text: ["businessName", "companyName", "firstName", "lastName", "email", "phoneNumber", "reference"],
          phone: ["phoneNumber"],
        });
    const conditions: Expression<SqlBool>[] = [search];
    if (filter.status) conditions.unshift(eb("status", "=", filter.status));
    if (filter.assignedTo !== undefined) conditions.unshift(assignedToMatches(eb, filter.assignedTo));
    return conditions.length === 1 ? search : eb.and(conditions);
  };
}

function assignedToMatches(eb: ExpressionBuilder<Database, "leads">, assignedTo: string | null) {
  return assignedTo === null ? eb("assignedTo", "is", null) : eb("assignedTo", "=", assignedTo);
}

/** Leads of one owner (or none), of one status or all: from the owner index (migration 0014). */
async function countAssigned(db: Kysely<Database>, assignedTo: string | null, status: LeadStatus | undefined): Promise<number> {
  let query = db
    .selectFrom("leads")
    .select(sql<number>`count(*)`.as("count"))
    .where((eb) => assignedToMatches(eb, assignedTo));
  if (status) query = query.where("status", "=", status);
  return Number((await query.executeTakeFirstOrThrow()).count);
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
    indexedSearch(q) && !filter.status && filter.assignedTo === undefined && databaseKind === "sqlite"
      ? db
          .selectFrom(sql`leadSearch`.as("leadSearch"))
          .select(sql<number>`count(*)`.as("count"))
          .where(searchIndexMatch(q))
      : db
          .selectFrom("leads")
          .select(sql<number>`count(*)`.as("count"))
          .where(whereMatches(filter));
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
  leads: StaffLead[];
  /** Leads matching the filter, across all pages. */
  total: number;
  page: number;
  pageCount: number;
}

/** One page of leads, newest first, as `viewer` filtered them ("Assigned to me" is theirs). */
export async function listLeads(viewer: Pick<AdminUser, "id">, filters: LeadFilters): Promise<LeadPage> {
  const db = await getDb();
  const filter = leadFilterFor(viewer, filters);
  const unsearched =
    filter.assignedTo !== undefined
      ? await countAssigned(db, filter.assignedTo, filter.status)
      : await leadsByStatus(db).then((byStatus) => (filter.status ? byStatus[filter.status] : sum(byStatus)));
  const total = await countMatching(db, filter, unsearched);
  const offsetEnd = Math.min(filters.page, Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE))) * LEADS_PAGE_SIZE;
  const plan = searchPlan(offsetEnd, unsearched, total);
  const { rows, ...page } = await pageNewestFirst(
    db.selectFrom("leads").where(whereMatches(filter, plan)),
    (query) => query.select(STAFF_LEAD_COLUMNS),
    filters.page,
    LEADS_PAGE_SIZE,
    { total, rowsFrom: db.selectFrom("leads") },
  );
  return { leads: await toStaffLeads(db, rows), ...page };
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

/** New leads never contacted within LEAD_RESPONSE_HOURS (read from the status index). */
export async function countOverdueLeads(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - env.LEAD_RESPONSE_HOURS * 3_600_000).toISOString();
  const row = await db
    .selectFrom("leads")
    .select(sql<number>`count(*)`.as("count"))
    .where("status", "=", "new")
    .where("createdAt", "<", cutoff)
    .where("firstContactedAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface LeadDetails {
  lead: StaffLead;
  activity: LeadActivityRow[];
  possibleDuplicates: PossibleDuplicate[];
}

const DAY_MS = 86_400_000;

/** Through the email index of migration 0014: NOCASE on SQLite, lower(email) on Postgres. */
const sameEmailIgnoringCase = (email: string) =>
  databaseKind === "postgres" ? sql<SqlBool>`lower(email) = lower(${email})` : sql<SqlBool>`email = ${email} COLLATE NOCASE`;

/** Other leads from the same email (any case) or phone (last ten digits) within 30 days either side. */
async function possibleDuplicatesOf(db: Kysely<Database>, lead: Pick<LeadRow, "id" | "email" | "phoneKey" | "createdAt">): Promise<PossibleDuplicate[]> {
  const created = Date.parse(lead.createdAt);
  const from = new Date(created - DUPLICATE_WINDOW_DAYS * DAY_MS).toISOString();
  const to = new Date(created + DUPLICATE_WINDOW_DAYS * DAY_MS).toISOString();
  const rows = await db
    .selectFrom("leads")
    .select(["id", "reference", "companyName", "businessName", "createdAt"])
    .where((eb) => eb.or([sameEmailIgnoringCase(lead.email), eb("phoneKey", "=", lead.phoneKey)]))
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
  const [activity, possibleDuplicates, [lead]] = await Promise.all([
    db.selectFrom("leadActivity").selectAll().where("leadId", "=", id).orderBy("createdAt", "asc").orderBy("id", "asc").execute(),
    possibleDuplicatesOf(db, row),
    toStaffLeads(db, [row]),
  ]);
  return { lead, activity, possibleDuplicates };
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
 * Gives a lead to a staff member, or takes it back (null). Admins assign
 * anyone active; a manager may take a lead for themselves, and give back
 * only their own. Recorded in the lead's timeline and the audit log.
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
    await trx
      .insertInto("leadActivity")
      .values({ leadId: id, kind: "assignment", actorId: actor.id, actorName: fullName(actor), body, createdAt: now })
      .execute();
    await recordAudit(
      actor,
      {
        action: "lead.assigned",
        entityType: "lead",
        entityId: id,
        summary: assignee ? `Assigned lead ${before.reference} to ${fullName(assignee)}` : `Unassigned lead ${before.reference}`,
      },
      trx,
    );
    return updated;
  });
  const [lead] = await toStaffLeads(db, [row]);
  return lead;
}

export async function updateLeadStatus(actor: AdminUser, id: number, status: LeadStatus): Promise<StaffLead> {
  const db = await getDb();
  return db
    .transaction()
    .execute(async (trx) => {
      const before = await forChange(trx.selectFrom("leads").select(["status", "reference"]).where("id", "=", id)).executeTakeFirst();
      if (!before) throw new ModelError(404, "Lead not found");
      const now = nowIso();
      const row = await trx
        .updateTable("leads")
        // The first move on from New is the lead's response time (dashboard).
        .set((eb) => ({ status, updatedAt: now, ...(status === "new" ? {} : { firstContactedAt: eb.fn.coalesce("firstContactedAt", eb.val(now)) }) }))
        .where("id", "=", id)
        .returning(STAFF_LEAD_COLUMNS)
        .executeTakeFirstOrThrow();
      if (before.status !== status) {
        const body = `Status changed from ${LEAD_STATUS_LABELS[before.status]} to ${LEAD_STATUS_LABELS[status]}`;
        await trx
          .insertInto("leadActivity")
          .values({ leadId: id, kind: "status", actorId: actor.id, actorName: fullName(actor), body, createdAt: now })
          .execute();
        await recordAudit(
          actor,
          { action: "lead.status_changed", entityType: "lead", entityId: id, summary: `Moved lead ${before.reference} to ${LEAD_STATUS_LABELS[status]}` },
          trx,
        );
      }
      return row;
    })
    .then(async (row) => (await toStaffLeads(db, [row]))[0]);
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
    await recordAudit(
      actor,
      { action: "lead.deleted", entityType: "lead", entityId: id, summary: `Deleted lead ${lead.reference} (${lead.companyName || lead.businessName})` },
      trx,
    );
  });
}

/** The spec's export columns first (SPEC section 2), then every other field, the owner and the first contact. */
export const LEAD_CSV_COLUMNS = [
  "Date",
  "Company",
  "Contact",
  "Email",
  "Phone",
  "Team Size",
  "Contract Length",
  "Status",
  "Reference",
  "Job Title",
  "Business Name",
  "Business Type",
  "Contract Ends",
  "Postcode",
  "Requirements",
  "Came From",
  "Assigned To",
  "Assignee Email",
  "First Contacted",
  "Overdue",
  "Updated",
];

/** The leads `viewer` filtered, as CSV, streamed newest first a chunk at a time; the export is in the audit log. */
export async function leadsCsvStream(viewer: AdminUser, filters: Pick<LeadFilters, "q" | "status" | "assigned">): Promise<ReadableStream<Uint8Array>> {
  const filter = leadFilterFor(viewer, filters);
  const onFinish = await recordExport(viewer, {
    action: "leads.exported",
    entityType: "lead",
    what: "leads",
    filters: [
      ...searchFilterWords(filters.q),
      ...(filters.status ? [`status ${LEAD_STATUS_LABELS[filters.status]}`] : []),
      ...(filters.assigned ? [filters.assigned === "mine" ? "assigned to them" : "unassigned"] : []),
    ],
    unfiltered: "all leads",
  });
  // Every staff member once (a short list), rather than a join in each chunk.
  const db = await getDb();
  const staff = new Map(
    (await db.selectFrom("adminUsers").select(["id", "firstName", "lastName", "email"]).execute()).map((user) => [
      user.id,
      { name: fullName(user), email: user.email },
    ]),
  );
  const now = new Date();
  return csvStreamNewestFirst({
    onFinish,
    header: LEAD_CSV_COLUMNS,
    query: (db) => db.selectFrom("leads").select(STAFF_LEAD_COLUMNS).where(whereMatches(filter)),
    cells: (row) => {
      const owner = row.assignedTo ? staff.get(row.assignedTo) : undefined;
      const lead = toLead(row);
      return [
        formatDateTime(row.createdAt),
        lead.companyName,
        `${row.firstName} ${row.lastName}`,
        row.email,
        row.phoneNumber,
        row.teamSize,
        row.contractLength || row.contractExpiry,
        LEAD_STATUS_LABELS[lead.status],
        row.reference,
        row.jobTitle,
        row.businessName,
        row.businessType,
        row.contractExpiry,
        row.postcode,
        row.requirements,
        row.sourcePage,
        owner?.name,
        owner?.email,
        row.firstContactedAt ? formatDateTime(row.firstContactedAt) : "",
        isOverdue({ ...lead, firstContactedAt: row.firstContactedAt }, now, env.LEAD_RESPONSE_HOURS) ? "Yes" : "No",
        formatDateTime(row.updatedAt),
      ];
    },
  });
}
