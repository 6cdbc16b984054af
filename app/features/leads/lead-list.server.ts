import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { AdminUser } from "~/features/staff";
import { fullName } from "~/features/staff";
import { isOverdue, LEAD_COLUMNS, LEAD_RESPONSE_HOURS, LEADS_PAGE_SIZE, toLead, type LeadAssignee, type StaffLead } from "./leads";
import type { LeadFilters } from "./leads-schema";
import { databaseKind, getDb } from "~/platform/db.server";
import type { Database } from "~/platform/database-types";
import { escapeLike, ftsPhrase, pageNewestFirst, textSearch } from "~/platform/listing.server";
import { LEAD_STATUSES, type LeadStatus } from "./lead-lists";
import type { LeadRow } from "./lead-tables";

/** Staff's list of leads: search, filters, pages and the summary counts. */

/** A filter as the queries take it: the owner filter resolved for the viewer (`assignedTo`: their id for "mine", null "unassigned", undefined anyone). */
interface LeadFilter extends Pick<LeadFilters, "q" | "status"> {
  assignedTo?: string | null;
}

/** The filter a viewer's `?assigned=` means. */
export function leadFilterFor(viewer: Pick<AdminUser, "id">, filters: Pick<LeadFilters, "q" | "status" | "assigned">): LeadFilter {
  const assignedTo = filters.assigned === "mine" ? viewer.id : filters.assigned === "unassigned" ? null : undefined;
  return { q: filters.q, status: filters.status, assignedTo };
}

/** Every column staff see: the lead's, its owner and its first contact. */
export const STAFF_LEAD_COLUMNS = [...LEAD_COLUMNS, "assignedTo", "firstContactedAt"] as const satisfies readonly (keyof LeadRow)[];
type StaffLeadRow = Pick<LeadRow, (typeof STAFF_LEAD_COLUMNS)[number]>;

/** Stored leads as staff see them: owners read in one query, overdue judged now. */
export async function toStaffLeads(db: Kysely<Database>, rows: StaffLeadRow[]): Promise<StaffLead[]> {
  const ownerIds = [...new Set(rows.map((row) => row.assignedTo).filter((id): id is string => id !== null))];
  const owners = new Map<string, LeadAssignee>();
  if (ownerIds.length > 0) {
    const users = await db.selectFrom("adminUsers").select(["id", "firstName", "lastName", "email"]).where("id", "in", ownerIds).execute();
    for (const user of users) owners.set(user.id, { id: user.id, name: fullName(user), email: user.email });
  }
  const now = new Date();
  return rows.map((row) => {
    const lead = { ...toLead(row), firstContactedAt: row.firstContactedAt, assignedTo: row.assignedTo ? (owners.get(row.assignedTo) ?? null) : null };
    return { ...lead, overdue: isOverdue(lead, now, LEAD_RESPONSE_HOURS) };
  });
}

/** Three characters or more (not UTF-16 units: an emoji is one): the trigram index (migration 0005) finds any substring, ignoring case. */
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
 * How a search's page is read. "walk": down the newest-first index, keeping the leads the search matched (cheap when many match). "lookup": each matching lead
 * by id, then sorted (cheap when few match).
 */
type SearchPlan = "walk" | "lookup";

/**
 * Case-insensitive substring match over company, names, email, phone and reference (SPEC section 5), with the status filter. Phone numbers also match when
 * typed without their spaces.
 */
export function whereMatches(filter: LeadFilter, plan: SearchPlan = "lookup") {
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

/** Leads the filter matches: kept counts when there is no search; the search index's own count when only searching (it holds exactly one row per lead). */
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
 * Walking the index reads about (offset + page) x unsearched / matches index entries; looking up reads every match by id and sorts them, which costs about 20
 * times more per lead (measured with 100,000 leads).
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
  const cutoff = new Date(now.getTime() - LEAD_RESPONSE_HOURS * 3_600_000).toISOString();
  const row = await db
    .selectFrom("leads")
    .select(sql<number>`count(*)`.as("count"))
    .where("status", "=", "new")
    .where("createdAt", "<", cutoff)
    .where("firstContactedAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
