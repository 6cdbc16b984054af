import { sql, type Kysely } from "kysely";
import { autoIdColumn, isPostgres } from "./dialect";

/** The lists of app/features/orders/order-lists.ts; a landed migration keeps its own copy of a list. */
const ORDER_STATUSES = ["awaiting_details", "details_received", "submitted", "dispatched", "porting", "live", "on_hold", "cancelled"];
const LINE_STATUSES = ["awaiting_details", "details_received", "submitted", "dispatched", "porting", "live", "cancelled"];
const BUSINESS_KINDS = ["limited_company", "llp", "sole_trader", "partnership", "other"];
const NUMBER_CHOICES = ["keep", "new"];
const SIM_TYPES = ["sim", "esim"];
const ACTIVITY_KINDS = ["note", "status", "assignment", "quote", "order"];

function oneOf(column: string, values: string[]) {
  return sql`${sql.ref(column)} IN (${sql.join(values.map((value) => sql.lit(value)))})`;
}

/**
 * Orders, contracts and renewals (docs/orders.md):
 * - `orders`: one per accepted quote, made when the customer first opens its
 *   order page. The business, delivery and billing details the network asks
 *   for; `version` goes up with every change, so two staff saving one order
 *   at once never lose a change (the second is refused and shown the first's).
 *   `billingEmailNormalised` and `billingPhoneNormalised` tie the order to a
 *   person exactly (written by the app as the leads' columns are computed).
 * - `orderLines`: one per line the customer takes (a tariff line's quantity),
 *   each with its user, number choice, PAC and SIM type, and its own status
 *   and port date. A PAC is cleared (`pac` null, `pacClearedAt` set) when the
 *   line is live or 30 days after its issue; `pacEnding` keeps its last three
 *   characters, all that is shown after submission.
 * - `contracts`: one per line once the order is live, with its start, term
 *   and end; `renewalLeadId` is the renewal lead made 90 days before the end.
 * - `leads.renewalOfOrderId`: the order a renewal lead was made from.
 * - `leadActivity.kind` also takes 'order' (SQLite changes a CHECK only by
 *   rebuilding the table, as migrations 0014 and 0020 did).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("orders")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("quoteId", "integer", (col) => col.notNull().unique().references("quotes.id").onDelete("cascade"))
    .addColumn("leadId", "integer", (col) => col.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("reference", "text", (col) => col.notNull().unique())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("awaiting_details").check(oneOf("status", ORDER_STATUSES)))
    .addColumn("holdReason", "text")
    .addColumn("ownerId", "text", (col) => col.references("adminUsers.id").onDelete("set null"))
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("businessKind", "text", (col) => col.check(oneOf("businessKind", BUSINESS_KINDS)))
    .addColumn("businessName", "text")
    .addColumn("companyNumber", "text")
    .addColumn("deliveryName", "text")
    .addColumn("deliveryLine1", "text")
    .addColumn("deliveryLine2", "text")
    .addColumn("deliveryTown", "text")
    .addColumn("deliveryPostcode", "text")
    .addColumn("billingName", "text")
    .addColumn("billingEmail", "text")
    .addColumn("billingEmailNormalised", "text")
    .addColumn("billingPhone", "text")
    .addColumn("billingPhoneNormalised", "text")
    .addColumn("earliestConnectionDate", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .addColumn("detailsSubmittedAt", "text")
    .addColumn("liveAt", "text")
    .addColumn("anonymisedAt", "text")
    .execute();
  await db.schema.createIndex("orders_status_updated").on("orders").columns(["status", "updatedAt desc", "id desc"]).execute();
  await db.schema.createIndex("orders_updated").on("orders").columns(["updatedAt desc", "id desc"]).execute();
  await db.schema.createIndex("orders_owner").on("orders").columns(["ownerId", "updatedAt desc"]).execute();
  await db.schema.createIndex("orders_lead").on("orders").column("leadId").execute();
  await db.schema.createIndex("orders_billing_email").on("orders").column("billingEmailNormalised").execute();
  await db.schema.createIndex("orders_billing_phone").on("orders").column("billingPhoneNormalised").execute();

  await db.schema
    .createTable("orderLines")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("orderId", "integer", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("tariffName", "text", (col) => col.notNull())
    .addColumn("termMonths", "integer")
    .addColumn("monthlyExVatPence", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("status", "text", (col) => col.notNull().defaultTo("awaiting_details").check(oneOf("status", LINE_STATUSES)))
    .addColumn("userName", "text")
    .addColumn("numberChoice", "text", (col) => col.check(oneOf("numberChoice", NUMBER_CHOICES)))
    .addColumn("mobileNumber", "text")
    .addColumn("pac", "text")
    .addColumn("pacEnding", "text")
    .addColumn("pacIssuedOn", "text")
    .addColumn("pacClearedAt", "text")
    .addColumn("simType", "text", (col) => col.check(oneOf("simType", SIM_TYPES)))
    .addColumn("portDate", "text")
    .addUniqueConstraint("order_lines_order_position", ["orderId", "position"])
    .execute();
  // The PAC clearing job finds the lines still holding one by their issue date.
  await db.schema.createIndex("order_lines_pac_issued").on("orderLines").column("pacIssuedOn").where(sql.ref("pac"), "is not", null).execute();
  await db.schema.createIndex("order_lines_mobile_number").on("orderLines").column("mobileNumber").execute();

  await db.schema
    .createTable("contracts")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("orderId", "integer", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("orderLineId", "integer", (col) => col.notNull().unique().references("orderLines.id").onDelete("cascade"))
    .addColumn("tariffName", "text", (col) => col.notNull())
    .addColumn("termMonths", "integer", (col) => col.notNull())
    .addColumn("monthlyExVatPence", "integer", (col) => col.notNull())
    .addColumn("startDate", "text", (col) => col.notNull())
    .addColumn("endDate", "text", (col) => col.notNull())
    .addColumn("renewalLeadId", "integer", (col) => col.references("leads.id").onDelete("set null"))
    .addColumn("renewalDueAt", "text")
    .execute();
  await db.schema.createIndex("contracts_end_date").on("contracts").columns(["endDate", "id"]).execute();
  await db.schema.createIndex("contracts_order").on("contracts").column("orderId").execute();

  await db.schema
    .alterTable("leads")
    .addColumn("renewalOfOrderId", "integer", (col) => col.references("orders.id").onDelete("set null"))
    .execute();

  if (isPostgres(db)) {
    await sql`ALTER TABLE "leadActivity" DROP CONSTRAINT "leadActivity_kind_check"`.execute(db);
    await sql`ALTER TABLE "leadActivity" ADD CONSTRAINT "leadActivity_kind_check" CHECK (kind IN (${sql.join(ACTIVITY_KINDS.map((kind) => sql.lit(kind)))}))`.execute(
      db,
    );
    return;
  }
  await rebuildSqliteLeadActivity(db, ACTIVITY_KINDS);
}

async function rebuildSqliteLeadActivity(db: Kysely<unknown>, kinds: string[]): Promise<void> {
  const allowed = sql.join(kinds.map((kind) => sql.lit(kind)));
  await sql`CREATE TABLE leadActivityNew (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    leadId INTEGER NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN (${allowed})),
    actorId TEXT REFERENCES adminUsers(id) ON DELETE SET NULL,
    actorName TEXT NOT NULL,
    body TEXT NOT NULL,
    createdAt TEXT NOT NULL
  )`.execute(db);
  await sql`INSERT INTO leadActivityNew (id, leadId, kind, actorId, actorName, body, createdAt)
    SELECT id, leadId, kind, actorId, actorName, body, createdAt FROM leadActivity`.execute(db);
  await sql`DROP TABLE leadActivity`.execute(db);
  await sql`ALTER TABLE leadActivityNew RENAME TO leadActivity`.execute(db);
  await sql`CREATE INDEX lead_activity_lead ON leadActivity (leadId, createdAt)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DELETE FROM "leadActivity" WHERE kind = 'order'`.execute(db);
    await sql`ALTER TABLE "leadActivity" DROP CONSTRAINT "leadActivity_kind_check"`.execute(db);
    await sql`ALTER TABLE "leadActivity" ADD CONSTRAINT "leadActivity_kind_check" CHECK (kind IN ('note', 'status', 'assignment', 'quote'))`.execute(db);
  } else {
    await sql`DELETE FROM leadActivity WHERE kind = 'order'`.execute(db);
    await rebuildSqliteLeadActivity(db, ["note", "status", "assignment", "quote"]);
  }
  await db.schema.alterTable("leads").dropColumn("renewalOfOrderId").execute();
  await db.schema.dropTable("contracts").execute();
  await db.schema.dropTable("orderLines").execute();
  await db.schema.dropTable("orders").execute();
}
