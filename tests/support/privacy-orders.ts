import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/platform/database-types";
import type { OrderLineStatus, OrderStatus } from "~/features/orders";
import { addCalendarMonths, addDays } from "~/lib/calendar";
import { normaliseEmail, normalisePhone } from "~/platform/suppression.server";
import { seedQuote } from "./seeded-quotes";

/**
 * Orders written straight into a test server's database for the personal-data paths (Find a person, the access export, erasure, retention), in the states
 * the customer and staff sides make them: billing contact with its normalised columns, lines with users, numbers and PACs, contracts on Live.
 */

export interface SeededOrderLine {
  userName?: string | null;
  /** National digits, "07700900123"; null for a new number. */
  mobileNumber?: string | null;
  /** Three letters and six digits; its last three are kept as pacEnding. */
  pac?: string | null;
  pacIssuedOn?: string | null;
  status?: OrderLineStatus;
  tariffName?: string;
  termMonths?: number;
  monthlyExVatPence?: number;
}

export interface SeededOrder {
  leadId: number;
  /** An accepted quote of the lead; one is made when not given. */
  quoteId?: number;
  status?: OrderStatus;
  businessName?: string | null;
  billingName?: string | null;
  billingEmail?: string | null;
  billingPhone?: string | null;
  deliveryName?: string | null;
  deliveryLine1?: string | null;
  deliveryTown?: string | null;
  deliveryPostcode?: string | null;
  lines?: SeededOrderLine[];
  /** The day it went live (YYYY-MM-DD): each line then has a contract from it for its term. */
  liveOn?: string | null;
  createdAt?: string;
}

const REFERENCE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function reference(): string {
  const bytes = randomBytes(6);
  return `ORD-${[...bytes].map((byte) => REFERENCE_LETTERS[byte % REFERENCE_LETTERS.length]).join("")}`;
}

/** An order with its lines (and contracts when live); its id, reference and line ids in position order. */
export async function seedOrder(
  db: Kysely<Database>,
  order: SeededOrder,
): Promise<{ id: number; reference: string; lineIds: number[]; contractIds: number[] }> {
  const createdAt = order.createdAt ?? new Date().toISOString();
  const quoteId = order.quoteId ?? (await seedQuote(db, { leadId: order.leadId, status: "accepted", acceptedAt: createdAt, createdAt }));
  const live = order.liveOn ?? null;
  const row = await db
    .insertInto("orders")
    .values({
      quoteId,
      leadId: order.leadId,
      reference: reference(),
      status: order.status ?? (live ? "live" : "details_received"),
      holdReason: null,
      ownerId: null,
      businessKind: "limited_company",
      businessName: order.businessName ?? "Seeded Orders Ltd",
      companyNumber: "01234567",
      deliveryName: order.deliveryName ?? null,
      deliveryLine1: order.deliveryLine1 ?? null,
      deliveryLine2: null,
      deliveryTown: order.deliveryTown ?? null,
      deliveryPostcode: order.deliveryPostcode ?? null,
      billingName: order.billingName ?? null,
      billingEmail: order.billingEmail ?? null,
      billingEmailNormalised: order.billingEmail ? normaliseEmail(order.billingEmail) : null,
      billingPhone: order.billingPhone ?? null,
      billingPhoneNormalised: order.billingPhone ? normalisePhone(order.billingPhone) : null,
      earliestConnectionDate: null,
      createdAt,
      updatedAt: createdAt,
      detailsSubmittedAt: createdAt,
      liveAt: live ? `${live}T09:00:00.000Z` : null,
      anonymisedAt: null,
    })
    .returning(["id", "reference"])
    .executeTakeFirstOrThrow();
  const lineIds: number[] = [];
  const contractIds: number[] = [];
  for (const [index, line] of (order.lines ?? [{}]).entries()) {
    const termMonths = line.termMonths ?? 24;
    const monthly = line.monthlyExVatPence ?? 1050;
    const tariffName = line.tariffName ?? "Business SIM 30GB";
    const { id } = await db
      .insertInto("orderLines")
      .values({
        orderId: row.id,
        position: index + 1,
        tariffName,
        termMonths,
        monthlyExVatPence: monthly,
        status: line.status ?? (live ? "live" : "details_received"),
        userName: line.userName ?? null,
        numberChoice: line.mobileNumber ? "keep" : "new",
        mobileNumber: line.mobileNumber ?? null,
        pac: line.pac ?? null,
        pacEnding: line.pac ? line.pac.slice(-3) : null,
        pacIssuedOn: line.pacIssuedOn ?? null,
        pacClearedAt: null,
        simType: "sim",
        portDate: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    lineIds.push(id);
    if (live) {
      const contract = await db
        .insertInto("contracts")
        .values({
          orderId: row.id,
          orderLineId: id,
          tariffName,
          termMonths,
          monthlyExVatPence: monthly,
          startDate: live,
          endDate: addDays(addCalendarMonths(live, termMonths), -1),
          renewalLeadId: null,
          renewalDueAt: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      contractIds.push(contract.id);
    }
  }
  return { ...row, lineIds, contractIds };
}
