import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { orderReferenceFrom, pacEndingOf } from "~/features/orders/order-rules";
import { addCalendarMonths, addDays } from "~/lib/calendar";
import type { Database } from "~/platform/database-types";
import type { OrderLineRow, OrderRow } from "~/features/orders";
import { normaliseEmail, normalisePhone } from "~/platform/suppression.server";
import { seedQuote, seedQuoteLead, ukDayFromNow } from "./seeded-quotes";

let seededOrders = 0;

/**
 * Orders written straight into a test server's database, as the customer's side leaves them once submitted (details received, each line with its user,
 * number, PAC and SIM) and the staff side once live (a contract per line). The one way every test seeds an order: the staff screens', the renewals'
 * (tests/support/live-orders.ts), the personal-data paths' (tests/support/privacy-orders.ts) and the Sources report's (tests/support/sourced-leads.ts).
 */

export interface SeededLine {
  userName?: string | null;
  numberChoice?: "keep" | "new" | null;
  mobileNumber?: string | null;
  /** Kept upper case as the customer's side stores it; its ending is stored beside it. */
  pac?: string | null;
  pacIssuedOn?: string | null;
  simType?: "sim" | "esim" | null;
  tariffName?: string;
  termMonths?: number | null;
  monthlyExVatPence?: number;
  status?: OrderLineRow["status"];
  /** The last day of its contract (YYYY-MM-DD) when the order is live; the day before its term from `liveOn` runs out unless said. */
  endsOn?: string;
}

export interface SeededOrder {
  /** The order's lead; a new lead of `businessName` (with `leadEmail`, assigned to `ownerId`) when not given. */
  leadId?: number;
  leadEmail?: string;
  /** The lead's quote the order completes; a new quote of the lead, accepted as the order is made, when not given. */
  quoteId?: number;
  businessName?: string | null;
  ownerId?: string | null;
  /** Details received unless said; live when `liveOn` is given. */
  status?: OrderRow["status"];
  /**
   * The business, delivery and billing details default to a full set a customer would give (a billing email of its own per order); null leaves one
   * empty, as a test of personal data needs when only what it names may be stored.
   */
  businessKind?: OrderRow["businessKind"];
  companyNumber?: string | null;
  deliveryName?: string | null;
  deliveryLine1?: string | null;
  deliveryTown?: string | null;
  deliveryPostcode?: string | null;
  billingName?: string | null;
  billingEmail?: string | null;
  billingPhone?: string | null;
  earliestConnectionDate?: string | null;
  /** Two lines unless said: one keeping a number with a PAC, one new. */
  lines?: SeededLine[];
  /** The day it went live (YYYY-MM-DD): each line then has a contract from it, for its term or to its `endsOn`. */
  liveOn?: string | null;
  /** When made (and its details submitted); `updatedAt` unless said, else now. */
  createdAt?: string;
  updatedAt?: string;
  anonymised?: boolean;
}

export interface SeededOrderIds {
  id: number;
  reference: string;
  leadId: number;
  /** In position order. */
  lineIds: number[];
  /** One per line, in position order, when live. */
  contractIds: number[];
}

/** Lines of an order: one keeping 07700900123 with PAC ABC123456, one new number. */
export const TWO_LINES: SeededLine[] = [
  { userName: "Alex Keeper", numberChoice: "keep", mobileNumber: "07700900123", pac: "ABC123456", pacIssuedOn: ukDayFromNow(-2), simType: "sim" },
  { userName: "Bo Newman", numberChoice: "new", simType: "esim" },
];

/** Given, or the default when left out (undefined); null stays null. */
const given = <T>(value: T | undefined, otherwise: T): T => (value === undefined ? otherwise : value);

/** An order of an accepted quote, with its lines (and their contracts when live); its ids and reference. */
export async function seedOrder(db: Kysely<Database>, order: SeededOrder): Promise<SeededOrderIds> {
  seededOrders += 1;
  const createdAt = order.createdAt ?? order.updatedAt ?? new Date().toISOString();
  const businessName = given(order.businessName, "Seeded Orders Ltd");
  const leadId =
    order.leadId ??
    (await seedQuoteLead(db, { businessName: businessName ?? "Seeded Orders Ltd", email: order.leadEmail, assignedTo: order.ownerId ?? null })).id;
  const quoteId = order.quoteId ?? (await seedQuote(db, { leadId, status: "accepted", acceptedAt: createdAt, acceptedName: "Sam Buyer", createdAt }));
  const liveOn = order.liveOn ?? null;
  const status = order.status ?? (liveOn ? "live" : "details_received");
  const billingEmail = given(order.billingEmail, `billing${seededOrders}@example.co.uk`);
  const billingPhone = given(order.billingPhone, "07700 900999");
  const row = await db
    .insertInto("orders")
    .values({
      quoteId,
      leadId,
      reference: orderReferenceFrom(randomBytes(6)),
      status,
      holdReason: null,
      ownerId: order.ownerId ?? null,
      businessKind: given(order.businessKind, "limited_company"),
      businessName,
      companyNumber: given(order.companyNumber, "01234567"),
      deliveryName: given(order.deliveryName, "Sam Buyer"),
      deliveryLine1: given(order.deliveryLine1, "1 High Street"),
      deliveryLine2: null,
      deliveryTown: given(order.deliveryTown, "London"),
      deliveryPostcode: given(order.deliveryPostcode, "SW1A 1AA"),
      billingName: given(order.billingName, "Sam Buyer"),
      billingEmail,
      billingEmailNormalised: billingEmail ? normaliseEmail(billingEmail) : null,
      billingPhone,
      billingPhoneNormalised: billingPhone ? normalisePhone(billingPhone) : null,
      earliestConnectionDate: given(order.earliestConnectionDate, ukDayFromNow(7)),
      createdAt,
      updatedAt: order.updatedAt ?? createdAt,
      detailsSubmittedAt: createdAt,
      liveAt: liveOn ? `${liveOn}T09:00:00.000Z` : status === "live" ? createdAt : null,
      anonymisedAt: order.anonymised ? createdAt : null,
    })
    .returning(["id", "reference"])
    .executeTakeFirstOrThrow();
  const lineIds: number[] = [];
  const contractIds: number[] = [];
  for (const [index, line] of (order.lines ?? TWO_LINES).entries()) {
    const tariffName = line.tariffName ?? "Vodafone Business Unlimited";
    const termMonths = given(line.termMonths, 24);
    const monthlyExVatPence = line.monthlyExVatPence ?? 1500;
    const { id } = await db
      .insertInto("orderLines")
      .values({
        orderId: row.id,
        position: index + 1,
        tariffName,
        termMonths,
        monthlyExVatPence,
        // On hold is said of the order alone: its lines keep the status before it.
        status: line.status ?? (status === "on_hold" ? "details_received" : status),
        userName: line.userName ?? null,
        numberChoice: line.numberChoice ?? null,
        mobileNumber: line.mobileNumber ?? null,
        pac: line.pac ?? null,
        pacEnding: line.pac ? pacEndingOf(line.pac) : null,
        pacIssuedOn: line.pacIssuedOn ?? null,
        pacClearedAt: null,
        simType: line.simType ?? null,
        portDate: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    lineIds.push(id);
    if (!liveOn) continue;
    const contract = await db
      .insertInto("contracts")
      .values({
        orderId: row.id,
        orderLineId: id,
        tariffName,
        termMonths: termMonths ?? 24,
        monthlyExVatPence,
        startDate: liveOn,
        endDate: line.endsOn ?? addDays(addCalendarMonths(liveOn, termMonths ?? 24), -1),
        renewalLeadId: null,
        renewalDueAt: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    contractIds.push(contract.id);
  }
  return { ...row, leadId, lineIds, contractIds };
}
