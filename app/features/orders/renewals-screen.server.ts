import { sql } from "kysely";
import { fullName } from "~/features/staff";
import { getDb } from "~/platform/db.server";
import { addDays, ukDay } from "~/lib/calendar";
import { RENEWALS_AHEAD_DAYS } from "./order-lists";

/** Customers and end dates a page. */
const RENEWALS_PAGE_SIZE = 50;

/** One customer's contracts ending on one day: a row of the Renewals screen. */
export interface RenewalDue {
  orderId: number;
  orderReference: string;
  businessName: string;
  owner: string | null;
  /** YYYY-MM-DD. */
  endDate: string;
  contracts: number;
  monthlyExVatPence: number;
  /** The renewal lead made for them (90 days before the end); null until then. */
  renewalLeadId: number | null;
}

interface RenewalsPage {
  rows: RenewalDue[];
  /** Across every page: contracts and their monthly value ending in the window. */
  total: { rows: number; contracts: number; monthlyExVatPence: number };
  page: number;
  pageCount: number;
  /** YYYY-MM-DD: the window's last day. */
  until: string;
}

/** Contracts ending from today to RENEWALS_AHEAD_DAYS ahead, by customer and end date, soonest first, with their monthly value ex VAT. */
export async function listRenewalsDue(requestedPage: number, now = new Date()): Promise<RenewalsPage> {
  const db = await getDb();
  const today = ukDay(now);
  const until = addDays(today, RENEWALS_AHEAD_DAYS);
  const ending = db
    .selectFrom("contracts")
    .innerJoin("orders", "orders.id", "contracts.orderId")
    .where("contracts.endDate", ">=", today)
    .where("contracts.endDate", "<=", until)
    .where("orders.anonymisedAt", "is", null);
  const totals = await ending
    .select([
      sql<number>`count(distinct ${sql.ref("contracts.orderId")} || '/' || ${sql.ref("contracts.endDate")})`.as("rows"),
      sql<number>`count(*)`.as("contracts"),
      sql<number>`coalesce(sum(${sql.ref("contracts.monthlyExVatPence")}), 0)`.as("monthly"),
    ])
    .executeTakeFirstOrThrow();
  const total = { rows: Number(totals.rows), contracts: Number(totals.contracts), monthlyExVatPence: Number(totals.monthly) };
  const pageCount = Math.max(1, Math.ceil(total.rows / RENEWALS_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const rows = await ending
    .leftJoin("adminUsers", "adminUsers.id", "orders.ownerId")
    .select([
      "contracts.orderId",
      "orders.reference as orderReference",
      "orders.businessName",
      "contracts.endDate",
      "adminUsers.firstName",
      "adminUsers.lastName",
      sql<number>`count(*)`.as("contracts"),
      sql<number>`sum(${sql.ref("contracts.monthlyExVatPence")})`.as("monthly"),
      sql<number | null>`max(${sql.ref("contracts.renewalLeadId")})`.as("renewalLeadId"),
    ])
    .groupBy(["contracts.orderId", "orders.reference", "orders.businessName", "contracts.endDate", "adminUsers.firstName", "adminUsers.lastName"])
    .orderBy("contracts.endDate")
    .orderBy("contracts.orderId")
    .limit(RENEWALS_PAGE_SIZE)
    .offset((page - 1) * RENEWALS_PAGE_SIZE)
    .execute();
  return {
    rows: rows.map((row) => ({
      orderId: row.orderId,
      orderReference: row.orderReference,
      businessName: row.businessName ?? row.orderReference,
      owner: row.firstName ? fullName({ firstName: row.firstName, lastName: row.lastName ?? "" }) : null,
      endDate: row.endDate,
      contracts: Number(row.contracts),
      monthlyExVatPence: Number(row.monthly),
      renewalLeadId: row.renewalLeadId === null ? null : Number(row.renewalLeadId),
    })),
    total,
    page,
    pageCount,
    until,
  };
}
