import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "~/platform/database-types";
import type { ContractRow, OrderRow } from "./order-tables";
import type { OrderLineWithoutPac, PersonalOrder } from "./order-privacy";

/**
 * An order's personal data, as the privacy capability (Find a person, the access export, erasure, retention; app/features/privacy) asks for it: the SQL that
 * knows the orders' tables. The privacy capability decides when; this says how. docs/privacy-operations.md, Orders.
 *
 * Whose is what: an order belongs to the customer it was made for (its lead), and to whoever its billing contact is (matched exactly by
 * billingEmailNormalised / billingPhoneNormalised). A line's user is only in the order as that line (their name and mobile number): matched by the number
 * alone, they are given and erased that line, never the business's billing and delivery contacts, who are someone else.
 */

type Executor = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

/** The most of each kind one search reads (as the privacy search's own cap): a person has a handful; a shared office number could have many. */
const MAX_PER_KIND = 500;

/**
 * The order's columns that reach the customer's people: its contacts, address and notes. A line's user is not given them in their export, and erasure and
 * retention clear them; the business's name too (ORDER_PERSONAL_COLUMNS). One list, so a column added here is cleared everywhere.
 */
const ORDER_CONTACT_COLUMNS = [
  "companyNumber",
  "holdReason",
  "deliveryName",
  "deliveryLine1",
  "deliveryLine2",
  "deliveryTown",
  "deliveryPostcode",
  "billingName",
  "billingEmail",
  "billingPhone",
] as const satisfies ReadonlyArray<keyof OrderRow>;
const ORDER_PERSONAL_COLUMNS = ["businessName", ...ORDER_CONTACT_COLUMNS] as const;

/** Each of `columns` set to null, as an update or a shown copy takes it. */
const cleared = <C extends string>(columns: readonly C[]) => Object.fromEntries(columns.map((column) => [column, null])) as Record<C, null>;

/** The columns of a line anyone may be shown: everything but the PAC. */
const LINE_COLUMNS = [
  "id",
  "orderId",
  "position",
  "tariffName",
  "termMonths",
  "monthlyExVatPence",
  "status",
  "userName",
  "numberChoice",
  "mobileNumber",
  "pacEnding",
  "pacIssuedOn",
  "pacClearedAt",
  "simType",
  "portDate",
] as const;

/**
 * The orders of a person: those of their leads, those whose billing email or phone is theirs (exactly), and the lines whose user's mobile number is one of
 * theirs (national digits, as normalisePhone gives). Anonymised orders, and lines whose number was cleared, are no one's and are not found.
 */
export async function ordersOfPerson(
  db: Executor,
  { leadIds, emails, phones }: { leadIds: number[]; emails: string[]; phones: string[] },
): Promise<{ orders: PersonalOrder[]; contracts: ContractRow[] }> {
  const byLead = leadIds.length
    ? db.selectFrom("orders").selectAll().where("leadId", "in", leadIds).where("anonymisedAt", "is", null).limit(MAX_PER_KIND).execute()
    : [];
  const byEmail = emails.length
    ? db.selectFrom("orders").selectAll().where("billingEmailNormalised", "in", emails).where("anonymisedAt", "is", null).limit(MAX_PER_KIND).execute()
    : [];
  const byPhone = phones.length
    ? db.selectFrom("orders").selectAll().where("billingPhoneNormalised", "in", phones).where("anonymisedAt", "is", null).limit(MAX_PER_KIND).execute()
    : [];
  const byNumber = phones.length ? db.selectFrom("orderLines").select(LINE_COLUMNS).where("mobileNumber", "in", phones).limit(MAX_PER_KIND).execute() : [];
  const [ofLeads, ofEmail, ofPhone, theirLines] = await Promise.all([byLead, byEmail, byPhone, byNumber]);

  const whole = new Map<number, OrderRow>();
  for (const order of [...ofLeads, ...ofEmail, ...ofPhone]) whole.set(order.id, order);
  const lineOnlyIds = [...new Set(theirLines.map((line) => line.orderId))].filter((id) => !whole.has(id));
  const lineOnly = lineOnlyIds.length
    ? await db.selectFrom("orders").selectAll().where("id", "in", lineOnlyIds).where("anonymisedAt", "is", null).execute()
    : [];
  const wholeIds = [...whole.keys()];
  const wholeLines = wholeIds.length ? await db.selectFrom("orderLines").select(LINE_COLUMNS).where("orderId", "in", wholeIds).execute() : [];

  const orders: PersonalOrder[] = [
    ...[...whole.values()].map((order) => personalOrder(order, wholeLines, false)),
    ...lineOnly.map((order) => personalOrder(order, theirLines, true)),
  ].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);

  // Contracts of whole orders; of a line user's lines, only theirs.
  const lineIds = orders.flatMap((order) => order.lines.map((line) => line.id));
  const contracts = lineIds.length
    ? await db.selectFrom("contracts").selectAll().where("orderLineId", "in", lineIds).orderBy("startDate").orderBy("id").limit(MAX_PER_KIND).execute()
    : [];
  return { orders, contracts };
}

function personalOrder(order: OrderRow, lines: OrderLineWithoutPac[], onlyTheirLines: boolean): PersonalOrder {
  const { billingEmailNormalised: _email, billingPhoneNormalised: _phone, ...rest } = order;
  const own = lines.filter((line) => line.orderId === order.id).sort((a, b) => a.position - b.position);
  if (!onlyTheirLines) return { ...rest, lines: own, onlyTheirLines };
  return { ...rest, ...cleared(ORDER_CONTACT_COLUMNS), lines: own, onlyTheirLines };
}

/** The orders of these leads that still hold personal details. */
export async function orderIdsOfLeads(db: Executor, leadIds: number[]): Promise<number[]> {
  if (leadIds.length === 0) return [];
  const rows = await db.selectFrom("orders").select("id").where("leadId", "in", leadIds).where("anonymisedAt", "is", null).execute();
  return rows.map((row) => row.id);
}

/** Each order's lead and the personal words it holds (names, contacts, address, line users and numbers), to rub out wherever they were repeated. */
export async function orderWords(db: Executor, orderIds: number[]): Promise<Array<{ orderId: number; leadId: number; values: Array<string | null> }>> {
  if (orderIds.length === 0) return [];
  const [orders, lines] = await Promise.all([
    db
      .selectFrom("orders")
      .select(["id", "leadId", ...ORDER_PERSONAL_COLUMNS])
      .where("id", "in", orderIds)
      .execute(),
    db.selectFrom("orderLines").select(["orderId", "userName", "mobileNumber", "pac"]).where("orderId", "in", orderIds).execute(),
  ]);
  return orders.map((order) => ({
    orderId: order.id,
    leadId: order.leadId,
    values: [
      ...ORDER_PERSONAL_COLUMNS.map((column) => order[column]),
      ...lines.filter((line) => line.orderId === order.id).flatMap((line) => [line.userName, line.mobileNumber, line.pac]),
    ],
  }));
}

/**
 * Clears the personal details of these orders and of all their lines, keeping what names no one: status, dates, business kind, and each line's tariff, term,
 * price, status, number choice, SIM type and port date; contracts keep all their figures. The postcode goes whole, as a lead's does. Returns how many orders
 * were anonymised (those already anonymised are left).
 */
export async function anonymiseOrderRows(trx: Trx, orderIds: number[], now: string): Promise<number> {
  if (orderIds.length === 0) return 0;
  const orders = await trx.selectFrom("orders").select("id").where("id", "in", orderIds).where("anonymisedAt", "is", null).execute();
  if (orders.length === 0) return 0;
  const ids = orders.map((order) => order.id);
  await trx
    .updateTable("orders")
    .set({
      ...cleared([...ORDER_PERSONAL_COLUMNS, "billingEmailNormalised", "billingPhoneNormalised"]),
      anonymisedAt: now,
      // A change of the order, as every change is: a copy open on a staff screen is refused rather than saved back over this.
      version: sql<number>`${sql.ref("version")} + 1`,
      updatedAt: now,
    })
    .where("id", "in", ids)
    .execute();
  const lines = await trx.selectFrom("orderLines").select("id").where("orderId", "in", ids).execute();
  await clearLines(
    trx,
    lines.map((line) => line.id),
    now,
  );
  return ids.length;
}

/**
 * Clears a line user's own details from these lines (their name, number and PAC), leaving the order and its other lines: for a person found by their number
 * only. Returns how many lines changed.
 */
export async function anonymiseOrderLines(trx: Trx, lineIds: number[], now: string): Promise<number> {
  if (lineIds.length === 0) return 0;
  const changed = await clearLines(trx, lineIds, now);
  const orderIds = (await trx.selectFrom("orderLines").select("orderId").distinct().where("id", "in", lineIds).execute()).map((row) => row.orderId);
  if (orderIds.length) {
    await trx
      .updateTable("orders")
      .set({ version: sql<number>`${sql.ref("version")} + 1`, updatedAt: now })
      .where("id", "in", orderIds)
      .execute();
  }
  return changed;
}

async function clearLines(trx: Trx, ids: number[], now: string): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await trx
    .updateTable("orderLines")
    .set({
      userName: null,
      mobileNumber: null,
      pac: null,
      pacEnding: null,
      // When a PAC was held: the moment it went (an existing clearing is kept).
      pacClearedAt: sql<string | null>`CASE WHEN ${sql.ref("pac")} IS NOT NULL THEN ${now} ELSE ${sql.ref("pacClearedAt")} END`,
    })
    .where("id", "in", ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
