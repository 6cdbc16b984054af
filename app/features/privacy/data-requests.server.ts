import type { Kysely, Selectable, SelectQueryBuilder } from "kysely";
import { type AdminUser, can, fullName } from "~/features/staff";
import {
  DATA_REQUEST_KIND_NOUNS,
  DATA_REQUEST_STATUS_LABELS,
  DATA_REQUEST_TEXT as TEXT,
  DATA_REQUESTS_PAGE_SIZE,
  dataRequestDueOn,
  isDataRequestOverdue,
  type DataRequest,
} from "./data-protection";
import type { DataRequestsTable } from "./privacy-tables";
import type { Database } from "~/platform/database-types";
import { isEmailContact, type DataRequestChanges, type DataRequestInput, type DataRequestListFilters } from "./data-requests-schema";
import { getDb, nowIso } from "~/platform/db.server";
import { suppressionKey } from "~/platform/suppression.server";
import { recordAudit } from "~/features/staff/index.server";
import { pageNewestFirst } from "~/platform/listing.server";
import { ModelError } from "~/platform/model-error.server";
import { ukDay } from "~/lib/calendar";

/**
 * The register of a person's requests (access, erasure, objection, correction): when each arrived, its due day (one calendar month), who handles it and whether
 * it is done. Every change is audited without the person's contact details, so the audit log does not copy them.
 */

type Executor = Pick<Kysely<Database>, "selectFrom">;

function toDataRequest(row: Selectable<DataRequestsTable>, today: string): DataRequest {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    receivedOn: row.receivedOn,
    dueOn: row.dueOn,
    contact: row.contact,
    notes: row.notes,
    handledBy: row.handledBy,
    handledByName: row.handledByName,
    closedOn: row.closedOn,
    overdue: isDataRequestOverdue(row, today),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The staff who may handle a request: active admins and super admins, by name. */
export async function dataRequestHandlerChoices(): Promise<Array<{ id: string; name: string }>> {
  const db = await getDb();
  const users = await db.selectFrom("adminUsers").select(["id", "firstName", "lastName", "role"]).where("isActive", "=", 1).execute();
  return users
    .filter((user) => can(user.role, "manageDataProtection"))
    .map((user) => ({ id: user.id, name: fullName(user) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The handler's name as the register keeps it; refused unless they are active staff who may handle data protection. */
async function handlerName(db: Executor, id: string | null): Promise<string | null> {
  if (id === null) return null;
  const user = await db.selectFrom("adminUsers").select(["firstName", "lastName", "role", "isActive"]).where("id", "=", id).executeTakeFirst();
  if (!user || user.isActive !== 1 || !can(user.role, "manageDataProtection")) throw new ModelError(400, TEXT.handlerInvalid, "handledBy");
  return fullName(user);
}

export async function getDataRequest(id: number, now = new Date()): Promise<DataRequest> {
  const db = await getDb();
  const row = await db.selectFrom("dataRequests").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new ModelError(404, TEXT.notFound);
  return toDataRequest(row, ukDay(now));
}

/** Records a request as it arrived; due one calendar month after the day received. */
export async function recordDataRequest(actor: AdminUser, input: DataRequestInput, now = new Date()): Promise<DataRequest> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const handledByName = await handlerName(trx, input.handledBy);
    const stamp = nowIso();
    const dueOn = dataRequestDueOn(input.receivedOn);
    const row = await trx
      .insertInto("dataRequests")
      .values({
        kind: input.kind,
        receivedOn: input.receivedOn,
        dueOn,
        contact: input.contact,
        contactKey: suppressionKey(isEmailContact(input.contact) ? "email" : "phone", input.contact),
        notes: input.notes,
        handledBy: input.handledBy,
        handledByName,
        closedOn: null,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const summary = `Recorded ${DATA_REQUEST_KIND_NOUNS[row.kind]} (due ${dueOn})`;
    await recordAudit(actor, { action: "dataRequest.recorded", entityType: "dataRequest", entityId: row.id, summary }, trx);
    return toDataRequest(row, ukDay(now));
  });
}

/** Changes a request's status, handler or notes. Done or refused sets the day it was closed (the UK's today); reopening clears it. */
export async function updateDataRequest(actor: AdminUser, id: number, changes: DataRequestChanges, now = new Date()): Promise<DataRequest> {
  const db = await getDb();
  const today = ukDay(now);
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("dataRequests").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw new ModelError(404, TEXT.notFound);
    const said: string[] = [];
    const set: Partial<Selectable<DataRequestsTable>> = { updatedAt: nowIso() };
    if (changes.status !== undefined && changes.status !== before.status) {
      set.status = changes.status;
      set.closedOn = changes.status === "open" ? null : today;
      said.push(`status ${DATA_REQUEST_STATUS_LABELS[changes.status]}`);
    }
    if (changes.handledBy !== undefined && changes.handledBy !== before.handledBy) {
      set.handledBy = changes.handledBy;
      set.handledByName = await handlerName(trx, changes.handledBy);
      said.push(`handled by ${set.handledByName ?? "nobody"}`);
    }
    if (changes.notes !== undefined && changes.notes !== before.notes) {
      set.notes = changes.notes;
      said.push("notes changed");
    }
    const row = await trx.updateTable("dataRequests").set(set).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
    if (said.length > 0) {
      const summary = `Updated ${DATA_REQUEST_KIND_NOUNS[row.kind]} (due ${row.dueOn}): ${said.join(", ")}`;
      await recordAudit(actor, { action: "dataRequest.updated", entityType: "dataRequest", entityId: id, summary }, trx);
    }
    return toDataRequest(row, today);
  });
}

/** Requests still open past their due day on `today` (YYYY-MM-DD): isDataRequestOverdue as a query. */
function overdueOnly<O>(query: SelectQueryBuilder<Database, "dataRequests", O>, today: string) {
  return query.where("status", "=", "open").where("dueOn", "<", today);
}

export interface DataRequestPage {
  entries: DataRequest[];
  total: number;
  page: number;
  pageCount: number;
}

/** One page of the register, newest first, by status and/or overdue only. */
export async function listDataRequests(filters: Pick<DataRequestListFilters, "status" | "overdue" | "page">, now = new Date()): Promise<DataRequestPage> {
  const db = await getDb();
  const today = ukDay(now);
  let query = db.selectFrom("dataRequests");
  if (filters.status) query = query.where("status", "=", filters.status);
  if (filters.overdue) query = overdueOnly(query, today);
  const { rows, ...page } = await pageNewestFirst(query, (q) => q.selectAll(), filters.page, DATA_REQUESTS_PAGE_SIZE);
  return { entries: rows.map((row) => toDataRequest(row, today)), ...page };
}

/** How many requests are open past their due day on `today` (YYYY-MM-DD): the dashboard's flag. */
export async function countOverdueDataRequests(today: string): Promise<number> {
  const db = await getDb();
  const row = await overdueOnly(db.selectFrom("dataRequests"), today)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
