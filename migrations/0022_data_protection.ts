import { sql, type Kysely } from "kysely";
import { autoIdColumn, isPostgres } from "./dialect";

/** The lists of app/features/privacy/data-protection.ts; a landed migration keeps its own copy of a list. */
const REQUEST_KINDS = ["access", "erasure", "objection", "rectification"];
const REQUEST_STATUSES = ["open", "done", "refused"];
const RUN_MODES = ["dry_run", "apply"];
const RUN_TRIGGERS = ["schedule", "operator", "staff"];

function oneOf(column: string, values: string[]) {
  return sql`${sql.ref(column)} IN (${sql.join(values.map((value) => sql.lit(value)))})`;
}

/**
 * Data protection: the privacy policy's retention periods and a person's rights.
 * - `retentionRuns`: each run of the retention job, for the Data protection screen.
 * - `dataRequests`: the register of access, erasure and objection requests.
 * - `leads.anonymisedAt`, `contactEnquiries.anonymisedAt`: when the personal
 *   details were cleared (by retention or erasure); the row and its figures stay.
 * - An index on `leads.updatedAt`, the lead's last activity, that the retention
 *   job selects by, and one on the audit log's entity, so a person's entries
 *   are found without reading the whole log.
 * - SQLite: the lead search index forgets a changed lead's words at once
 *   (FTS5 secure-delete) instead of at its next merge, so an erased person's
 *   details do not linger in the database file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("retentionRuns")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("mode", "text", (col) => col.notNull().check(oneOf("mode", RUN_MODES)))
    .addColumn("trigger", "text", (col) => col.notNull().check(oneOf("trigger", RUN_TRIGGERS)))
    .addColumn("actorName", "text", (col) => col.notNull())
    .addColumn("asOf", "text", (col) => col.notNull())
    .addColumn("startedAt", "text", (col) => col.notNull())
    .addColumn("finishedAt", "text")
    .addColumn("counts", "text")
    .addColumn("error", "text")
    .execute();
  await db.schema.createIndex("retention_runs_started_at").on("retentionRuns").columns(["startedAt desc", "id desc"]).execute();

  await db.schema
    .createTable("dataRequests")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("kind", "text", (col) => col.notNull().check(oneOf("kind", REQUEST_KINDS)))
    .addColumn("status", "text", (col) => col.notNull().defaultTo("open").check(oneOf("status", REQUEST_STATUSES)))
    .addColumn("receivedOn", "text", (col) => col.notNull())
    .addColumn("dueOn", "text", (col) => col.notNull())
    .addColumn("contact", "text")
    .addColumn("contactKey", "text", (col) => col.notNull())
    .addColumn("notes", "text")
    .addColumn("handledBy", "text", (col) => col.references("adminUsers.id").onDelete("set null"))
    .addColumn("handledByName", "text")
    .addColumn("closedOn", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("data_requests_status_due").on("dataRequests").columns(["status", "dueOn"]).execute();
  await db.schema.createIndex("data_requests_contact_key").on("dataRequests").column("contactKey").execute();

  await db.schema.alterTable("leads").addColumn("anonymisedAt", "text").execute();
  await db.schema.alterTable("contactEnquiries").addColumn("anonymisedAt", "text").execute();
  await db.schema.createIndex("leads_updated_at").on("leads").columns(["updatedAt", "id"]).execute();
  await db.schema.createIndex("audit_log_entity").on("auditLog").columns(["entityType", "entityId"]).execute();

  if (!isPostgres(db)) {
    await sql`INSERT INTO leadSearch (leadSearch, rank) VALUES ('secure-delete', 1)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`INSERT INTO leadSearch (leadSearch, rank) VALUES ('secure-delete', 0)`.execute(db);
  }
  await db.schema.dropIndex("audit_log_entity").execute();
  await db.schema.dropIndex("leads_updated_at").execute();
  await db.schema.alterTable("contactEnquiries").dropColumn("anonymisedAt").execute();
  await db.schema.alterTable("leads").dropColumn("anonymisedAt").execute();
  await db.schema.dropTable("dataRequests").execute();
  await db.schema.dropTable("retentionRuns").execute();
}
