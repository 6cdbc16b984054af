import { sql, type Kysely } from "kysely";
import type { RetentionCounts } from "~/features/privacy/data-protection";
import type { Database } from "~/platform/database-types";
import { createAdminUserRow } from "./admin";
import { productTableNames } from "./database";
import { plainQuoteLine } from "./quote-documents";
import { seedQuote, seedQuoteLead } from "./seeded-quotes";
import { seedOrder } from "./privacy-orders";
import { addDays, ukDay } from "~/lib/calendar";

/**
 * Records on each side of every retention period, as of `asOf`, written
 * straight into a database (the retention job's tests move the clock forward
 * with asOf rather than wait years). Default settings: leads 24 months,
 * customers 6 years, sign-ups 7 days, outbox 30 days, audit details 24 months.
 */

const DAY_MS = 24 * 60 * 60_000;

/** `months` calendar months before `asOf` (UTC), as stored. */
export function monthsBefore(asOf: Date, months: number): string {
  const moved = new Date(asOf.getTime());
  moved.setUTCMonth(moved.getUTCMonth() - months);
  return moved.toISOString();
}

export const daysBefore = (asOf: Date, days: number) => new Date(asOf.getTime() - days * DAY_MS).toISOString();

/** What is due of the cases as of their `asOf`, by kind: every kind has some. */
export const DUE_OF_RETENTION_CASES: RetentionCounts = {
  // The PAC issued 30 days before (the one issued 29 days before is kept).
  pacs: 1,
  leads: 1,
  // The old customer's order, live until 7 years before.
  orders: 1,
  customers: 2,
  enquiries: 1,
  unconfirmedNewsletterSignups: 1,
  // Besides the one copy of nobody's: the copies of the lead, enquiry and sign-up anonymised or deleted.
  outboxDeliveries: 4,
  sessions: 1,
  signInThrottle: 1,
  // Besides the two sign-ins: the quote sent to the lead anonymised.
  auditDetails: 3,
};

export interface RetentionCases {
  /** Leads idle 25 months (due) and 23 months (kept). */
  idleLead: number;
  recentLead: number;
  /** Customers whose 12-month contract ended 7 years (due) and 5 years (kept) before asOf. */
  oldCustomer: number;
  recentCustomer: number;
  /** The old customer's order: live from its quote's start for 12 months (due with it). */
  oldOrder: number;
  /** The recent customer's order, porting: its lines hold PACs issued 30 days (due) and 29 days (kept) before asOf. */
  portingOrder: number;
  duePacLine: number;
  keptPacLine: number;
  /** A lead marked converted by hand 7 years ago, no accepted quote (due). */
  convertedLead: number;
  oldEnquiry: number;
  recentEnquiry: number;
  /** Unconfirmed sign-ups 8 days (due) and 6 days (kept) old; a confirmed one 3 years old, unsubscribed (kept). */
  oldUnconfirmed: number;
  recentUnconfirmed: number;
  unsubscribed: number;
  /** Outbox rows delivered 31 days (due) and 29 days (kept) before; failed 40 days before (kept for the dashboard). */
  oldDelivered: number;
  /**
   * Copies delivered 31 days before (due) of the idle lead's webhook, the old enquiry's staff email and the old
   * unconfirmed sign-up's confirmation email: the records' anonymisation or deletion would delete them too.
   */
  dueRecordCopies: number[];
  recentDelivered: number;
  oldFailed: number;
  /** Audit entries 25 months old with an IP address and a sign-in email (due), and one a month old (kept). */
  oldFailedSignIn: number;
  /** The idle lead's quote sent 25 months before, to its email (due; the lead's anonymisation rewrites it too). */
  oldQuoteSent: number;
  oldSignIn: number;
  recentSignIn: number;
  /** Staff sessions expired a day before asOf (due) and expiring a day after (kept). */
  expiredSession: string;
  liveSession: string;
  /** Failed sign-in records last added to 2 days (due) and an hour (kept) before asOf. */
  oldThrottle: string;
  recentThrottle: string;
}

export async function seedRetentionCases(db: Kysely<Database>, asOf: Date): Promise<RetentionCases> {
  const lead = async (name: string, idleMonths: number, status: "contacted" | "converted" = "contacted") => {
    const { id } = await seedQuoteLead(db, {
      businessName: `${name} Ltd`,
      email: `${name.toLowerCase()}@example.co.uk`,
      firstName: name,
      lastName: "Retained",
    });
    const at = monthsBefore(asOf, idleMonths);
    await db.updateTable("leads").set({ status, createdAt: at, updatedAt: at }).where("id", "=", id).execute();
    return id;
  };
  const idleLead = await lead("Idle", 25);
  const recentLead = await lead("Recent", 23);
  const customer = async (name: string, endedYearsAgo: number) => {
    const id = await lead(name, endedYearsAgo * 12 + 12, "converted");
    // A 12-month contract from this start ends endedYearsAgo years before asOf.
    const createdAt = monthsBefore(asOf, endedYearsAgo * 12 + 12);
    await seedQuote(db, {
      leadId: id,
      status: "accepted",
      lines: [plainQuoteLine({ termMonths: 12 })],
      createdAt,
      acceptedAt: createdAt,
      acceptedName: `${name} Retained`,
      acceptedRole: "Owner",
    });
    return id;
  };
  const oldCustomer = await customer("Oldcustomer", 7);
  const recentCustomer = await customer("Recentcustomer", 5);
  const acceptedQuote = async (leadId: number) =>
    await db.selectFrom("quotes").select(["id", "start"]).where("leadId", "=", leadId).where("status", "=", "accepted").executeTakeFirstOrThrow();
  const oldQuote = await acceptedQuote(oldCustomer);
  const oldOrder = (
    await seedOrder(db, {
      leadId: oldCustomer,
      quoteId: oldQuote.id,
      billingName: "Oldbilling Person",
      billingEmail: "oldbilling@example.co.uk",
      billingPhone: "07700 900991",
      lines: [{ userName: "Oldline User", mobileNumber: "07700900992", termMonths: 12 }],
      liveOn: oldQuote.start,
      createdAt: monthsBefore(asOf, 7 * 12 + 12),
    })
  ).id;
  const today = ukDay(asOf);
  const porting = await seedOrder(db, {
    leadId: recentCustomer,
    quoteId: (await acceptedQuote(recentCustomer)).id,
    status: "porting",
    billingName: "Recentbilling Person",
    billingEmail: "recentcustomer@example.co.uk",
    lines: [
      { userName: "Duepac User", mobileNumber: "07700900993", pac: "ABC123456", pacIssuedOn: addDays(today, -30) },
      { userName: "Keptpac User", mobileNumber: "07700900994", pac: "DEF654321", pacIssuedOn: addDays(today, -29) },
    ],
    createdAt: monthsBefore(asOf, 1),
  });
  const convertedLead = await lead("Converted", 7 * 12, "converted");

  const enquiry = async (name: string, months: number) =>
    (
      await db
        .insertInto("contactEnquiries")
        .values({
          firstName: name,
          lastName: "Enquirer",
          email: `${name.toLowerCase()}@example.co.uk`,
          contactNumber: "07700 900123",
          subject: "general-enquiry",
          message: `A message from ${name}`,
          createdAt: monthsBefore(asOf, months),
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const oldEnquiry = await enquiry("Oldenquirer", 25);
  const recentEnquiry = await enquiry("Newenquirer", 23);

  const signup = async (email: string, createdAt: string, confirmedAt: string | null, unsubscribedAt: string | null = null) =>
    (
      await db
        .insertInto("newsletterSignups")
        .values({
          email,
          firstName: null,
          lastName: null,
          sourcePage: "/about",
          createdAt,
          updatedAt: createdAt,
          confirmedAt,
          confirmationTokenHash: confirmedAt ? null : `hash-${email}`,
          confirmationExpiresAt: null,
          unsubscribedAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const oldUnconfirmed = await signup("eight.days@example.co.uk", daysBefore(asOf, 8), null);
  const recentUnconfirmed = await signup("six.days@example.co.uk", daysBefore(asOf, 6), null);
  const unsubscribed = await signup("left@example.co.uk", daysBefore(asOf, 3 * 365), daysBefore(asOf, 3 * 365), daysBefore(asOf, 365));

  const outbox = async (fields: {
    deliveredAt?: string;
    failedAt?: string;
    kind?: "lead.webhook" | "enquiry.staff-email" | "newsletter.confirmation-email";
    leadId?: number;
    enquiryId?: number;
    to?: string;
  }) =>
    (
      await db
        .insertInto("outbox")
        .values({
          kind: fields.kind ?? "lead.webhook",
          leadId: fields.leadId ?? null,
          enquiryId: fields.enquiryId ?? null,
          payload: JSON.stringify({ to: [fields.to ?? "copy@example.co.uk"] }),
          // As the outbox writes it: the person an email to a person goes to.
          recipientEmail: fields.kind === "newsletter.confirmation-email" ? (fields.to ?? null) : null,
          attempts: 1,
          nextAttemptAt: null,
          lastAttemptAt: daysBefore(asOf, 40),
          lastError: fields.failedAt ? "answered 500" : null,
          deliveredAt: fields.deliveredAt ?? null,
          failedAt: fields.failedAt ?? null,
          createdAt: daysBefore(asOf, 40),
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const oldDelivered = await outbox({ deliveredAt: daysBefore(asOf, 31) });
  const recentDelivered = await outbox({ deliveredAt: daysBefore(asOf, 29) });
  const oldFailed = await outbox({ failedAt: daysBefore(asOf, 40) });
  const dueRecordCopies = [
    await outbox({ deliveredAt: daysBefore(asOf, 31), kind: "lead.webhook", leadId: idleLead, to: "idle@example.co.uk" }),
    await outbox({ deliveredAt: daysBefore(asOf, 31), kind: "enquiry.staff-email", enquiryId: oldEnquiry, to: "oldenquirer@example.co.uk" }),
    await outbox({ deliveredAt: daysBefore(asOf, 31), kind: "newsletter.confirmation-email", to: "eight.days@example.co.uk" }),
  ];

  const audit = async (action: string, summary: string, createdAt: string, signInEmail: string | null = null) =>
    (
      await db
        .insertInto("auditLog")
        .values({ actorId: null, actorName: "Visitor", action, entityType: "signIn", entityId: null, summary, createdAt, signInEmail })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const oldFailedSignIn = await audit(
    "sign_in.failed",
    "Failed sign-in as guess@example.co.uk with a password from 203.0.113.7: wrong email or password",
    monthsBefore(asOf, 25),
    "guess@example.co.uk",
  );
  const oldSignIn = await audit("sign_in.succeeded", "Signed in with a password from 198.51.100.4", monthsBefore(asOf, 25));
  // Expired already: the server's own expiry of open quotes would count as the lead's activity.
  const idleQuote = await seedQuote(db, {
    leadId: idleLead,
    status: "expired",
    createdAt: monthsBefore(asOf, 25),
    validUntil: monthsBefore(asOf, 25).slice(0, 10),
  });
  const { reference } = await db.selectFrom("leads").select("reference").where("id", "=", idleLead).executeTakeFirstOrThrow();
  const oldQuoteSent = (
    await db
      .insertInto("auditLog")
      .values({
        actorId: null,
        actorName: "Sam Staff",
        action: "quote.sent",
        entityType: "quote",
        entityId: String(idleQuote),
        summary: `Quote Q1 sent to idle@example.co.uk: 1 line, £10.00 a month and £0.00 one-off ex VAT (${reference}-Q1)`,
        createdAt: monthsBefore(asOf, 25),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  const recentSignIn = await audit("sign_in.succeeded", "Signed in with a password from 198.51.100.5", monthsBefore(asOf, 1));

  const staff = await createAdminUserRow(db, {
    email: `retention.staff.${asOf.getTime()}.${Math.random().toString(36).slice(2)}@example.co.uk`,
    role: "manager",
  });
  const session = async (id: string, expiresAt: string) => {
    await db
      .insertInto("sessions")
      .values({ id, adminUserId: staff.id, createdAt: daysBefore(asOf, 30), lastSeenAt: daysBefore(asOf, 2), expiresAt })
      .execute();
    return id;
  };
  const expiredSession = await session(`expired-${staff.id}`, daysBefore(asOf, 1));
  const liveSession = await session(`live-${staff.id}`, daysBefore(asOf, -1));
  const throttle = async (accountKey: string, lastFailedAt: string) => {
    await db.insertInto("signInThrottle").values({ accountKey, clientKey: "203.0.113.7", failures: 3, lastFailedAt, blockedUntil: null }).execute();
    return accountKey;
  };
  const oldThrottle = await throttle("old.guess@example.co.uk", daysBefore(asOf, 2));
  const recentThrottle = await throttle("new.guess@example.co.uk", new Date(asOf.getTime() - 60 * 60_000).toISOString());

  return {
    expiredSession,
    liveSession,
    oldThrottle,
    recentThrottle,
    idleLead,
    recentLead,
    oldCustomer,
    recentCustomer,
    oldOrder,
    portingOrder: porting.id,
    duePacLine: porting.lineIds[0]!,
    keptPacLine: porting.lineIds[1]!,
    convertedLead,
    oldEnquiry,
    recentEnquiry,
    oldUnconfirmed,
    recentUnconfirmed,
    unsubscribed,
    oldDelivered,
    dueRecordCopies,
    oldQuoteSent,
    recentDelivered,
    oldFailed,
    oldFailedSignIn,
    oldSignIn,
    recentSignIn,
  };
}

/** Every row of every product table, in a stable order: to show that nothing changed. */
export async function everyTableRow(db: Kysely<Database>): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const name of await productTableNames(db)) {
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(db);
    tables[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return tables;
}
