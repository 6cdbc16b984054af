import {
  DELIVERY_KIND_SETTINGS,
  DELIVERY_PROBLEM_STATES,
  isDeliveryKind,
  SUPPRESSED_DELIVERY_REASONS,
  type DeliveryProblemState,
} from "~/platform/outbox-kinds";
import { QUOTE_OPEN_STATUSES } from "~/features/quotes";
import type { QuoteFigures } from "~/features/quotes";
import { getDb } from "~/platform/db.server";
import type { Database } from "~/platform/database-types";
import type { SelectQueryBuilder } from "kysely";
import { countOverdueLeads, FIGURE_DAYS, figuresSince, leadCounts } from "~/features/leads/index.server";
import { quotesAsOf } from "~/features/quotes/index.server";
import { hasDestination } from "~/platform/outbox.server";
import { ukDay } from "~/lib/calendar";
import { LEAD_RESPONSE_HOURS } from "~/features/leads";

export interface DashboardFigures {
  quoteRequests: number;
  activeUsers: number;
  /** Converted leads as a share of all leads, 0 to 1; null when there are no leads. */
  conversionRate: number | null;
  /** New leads not contacted within the response target, and that target in hours. */
  overdueLeads: number;
  responseHours: number;
}

export async function dashboardFigures(): Promise<DashboardFigures> {
  const db = await getDb();
  // The leads screen's per-status counts (kept by triggers), rather than counting every lead again.
  const [leads, users, overdueLeads] = await Promise.all([
    leadCounts(),
    db
      .selectFrom("adminUsers")
      .select((eb) => eb.fn.countAll<number>().as("active"))
      .where("isActive", "=", 1)
      .executeTakeFirstOrThrow(),
    countOverdueLeads(),
  ]);
  return {
    quoteRequests: leads.total,
    activeUsers: Number(users.active),
    conversionRate: leads.total === 0 ? null : leads.converted / leads.total,
    overdueLeads,
    responseHours: LEAD_RESPONSE_HOURS,
  };
}

/** The quote figures, from each quote's own totals (fixed when it was sent) and its status as of today, over the lead charts' period of UK days. */
export async function quoteFigures(now = new Date()): Promise<QuoteFigures> {
  const db = await getDb();
  const since = figuresSince(now);
  const today = ukDay(now);
  // Only the quotes a figure counts: sent or accepted in the period, or open today (from the status index).
  const rows = await db
    .selectFrom("quotes")
    .selectAll()
    .where((eb) =>
      eb.or([eb("sentAt", ">=", since), eb("acceptedAt", ">=", since), eb.and([eb("status", "in", QUOTE_OPEN_STATUSES), eb("validUntil", ">=", today)])]),
    )
    .execute();
  const quotes = quotesAsOf(rows, now);
  const sentInPeriod = quotes.filter((quote) => quote.sentAt !== null && quote.sentAt >= since);
  const accepted = quotes.filter((quote) => quote.acceptedAt !== null && quote.acceptedAt >= since);
  const answered = sentInPeriod.filter((quote) => quote.statusToday === "accepted" || quote.statusToday === "declined" || quote.statusToday === "expired");
  const acceptedOfSent = answered.filter((quote) => quote.statusToday === "accepted").length;
  const open = quotes.filter((quote) => quote.statusToday === "sent" || quote.statusToday === "viewed");
  const sum = (list: typeof quotes, figure: (quote: (typeof quotes)[number]) => number) => list.reduce((total, quote) => total + figure(quote), 0);
  return {
    days: FIGURE_DAYS,
    sent: sentInPeriod.length,
    accepted: accepted.length,
    acceptanceRate: answered.length === 0 ? null : acceptedOfSent / answered.length,
    acceptedMonthlyExVatPence: sum(accepted, (quote) => quote.totals.monthlyExVatPence),
    acceptedMonthlyIncVatPence: sum(accepted, (quote) => quote.totals.monthlyIncVatPence),
    openMonthlyExVatPence: sum(open, (quote) => quote.totals.monthlyExVatPence),
  };
}

/** A delivery still waiting this long past its due time is counted as a problem even before a try failed. */
const OVERDUE_AFTER_MS = 5 * 60_000;
/** Deliveries listed by name on the dashboard. */
const LISTED = 5;

export interface ProblemDelivery {
  id: number;
  kind: string;
  leadId: number | null;
  leadReference: string | null;
  enquiryId: number | null;
  attempts: number;
  state: DeliveryProblemState;
  lastError: string | null;
  /** When it was last tried, or queued if never. */
  at: string;
}

export interface DeliveryProblems {
  /** Given up after every try failed. */
  failed: number;
  /** Still to be tried again after a failed try, or overdue. */
  waiting: number;
  /** Closed unsent because the recipient is on the suppression list: the rule working, shown apart from failures. */
  notSent: number;
  /** Settings no longer set that problem deliveries need (LEAD_WEBHOOK_URL, SMTP_URL): nothing waiting for them is sent. */
  missingSettings: string[];
  /** The most recent problems, newest first. */
  recent: ProblemDelivery[];
}

const SUPPRESSION_REASONS = Object.values(SUPPRESSED_DELIVERY_REASONS);

/**
 * Outbox deliveries (the lead webhook, lead and enquiry emails) that failed, are stuck or were stopped by the suppression list, for the staff dashboard; null
 * when there are none. Each query keeps to a partial index of the outbox, so delivered rows (nearly all of them) are never read.
 */
export async function deliveryProblems(): Promise<DeliveryProblems | null> {
  const db = await getDb();
  const overdue = new Date(Date.now() - OVERDUE_AFTER_MS).toISOString();
  const problems = (state: DeliveryProblemState) => {
    const query = db.selectFrom("outbox");
    if (state === "waiting") {
      return query
        .where("outbox.nextAttemptAt", "is not", null)
        .where((eb) => eb.or([eb("outbox.lastError", "is not", null), eb("outbox.nextAttemptAt", "<", overdue)]));
    }
    const closed = query.where("outbox.failedAt", "is not", null);
    return state === "not_sent"
      ? closed.where("outbox.lastError", "in", SUPPRESSION_REASONS)
      : closed.where((eb) => eb.or([eb("outbox.lastError", "is", null), eb("outbox.lastError", "not in", SUPPRESSION_REASONS)]));
  };
  const [failedByKind, waitingByKind, notSentByKind] = await Promise.all(
    DELIVERY_PROBLEM_STATES.map((state) =>
      problems(state)
        .select(["outbox.kind", (eb) => eb.fn.countAll<number>().as("count")])
        .groupBy("outbox.kind")
        .execute(),
    ),
  );
  const total = (rows: Array<{ count: number }>) => rows.reduce((sum, row) => sum + Number(row.count), 0);
  const [failed, waiting, notSent] = [total(failedByKind!), total(waitingByKind!), total(notSentByKind!)];
  if (failed === 0 && waiting === 0 && notSent === 0) return null;

  const listed = await Promise.all(
    DELIVERY_PROBLEM_STATES.map(async (state) => {
      const rows = await problems(state)
        .leftJoin("leads", "leads.id", "outbox.leadId")
        .select([
          "outbox.id",
          "outbox.kind",
          "outbox.leadId",
          "leads.reference as leadReference",
          "outbox.enquiryId",
          "outbox.attempts",
          "outbox.lastError",
          "outbox.lastAttemptAt",
          "outbox.createdAt",
        ])
        // By the column of the state's own index: no walk through delivered rows.
        .orderBy(state === "waiting" ? "outbox.nextAttemptAt" : "outbox.failedAt", "desc")
        .limit(LISTED)
        .execute();
      return rows.map(({ lastAttemptAt, createdAt, ...row }): ProblemDelivery => ({ ...row, state, at: lastAttemptAt ?? createdAt }));
    }),
  );
  const recent = listed
    .flat()
    .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
    .slice(0, LISTED);
  const waitingKinds = waitingByKind.map((row) => row.kind).filter(isDeliveryKind);
  const missingSettings = [...new Set(waitingKinds.filter((kind) => !hasDestination(kind)).map((kind) => DELIVERY_KIND_SETTINGS[kind]))];
  return { failed, waiting, notSent, missingSettings, recent };
}

/** One line of the dashboard's Recent Activity: something that arrived, or something staff did. */
export interface ActivityEntry {
  key: string;
  at: string;
  /** Who did it: a staff member, "System", or "Website" for what visitors sent. */
  who: string;
  summary: string;
  /** Where to see it, when it has a page. */
  href: string | null;
}

/**
 * The newest of staff's changes (the audit log) and of what visitors sent (quote requests, contact enquiries, newsletter sign-ups), newest first. Each source
 * is read newest first by its own createdAt index, `limit` rows at most.
 */
export async function recentActivity(limit: number): Promise<ActivityEntry[]> {
  const db = await getDb();
  const newest = <TB extends "auditLog" | "leads" | "contactEnquiries" | "newsletterSignups", O>(query: SelectQueryBuilder<Database, TB, O>) =>
    query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).execute();
  const [changes, leads, enquiries, signups] = await Promise.all([
    newest(db.selectFrom("auditLog").selectAll()),
    newest(db.selectFrom("leads").select(["id", "reference", "businessName", "companyName", "createdAt"])),
    newest(db.selectFrom("contactEnquiries").select(["id", "firstName", "lastName", "createdAt"])),
    newest(db.selectFrom("newsletterSignups").select(["id", "email", "createdAt"])),
  ]);
  const website = "Website";
  const entries: ActivityEntry[] = [
    ...changes.map((change) => ({ key: `audit-${change.id}`, at: change.createdAt, who: change.actorName, summary: change.summary, href: null })),
    ...leads.map((lead) => ({
      key: `lead-${lead.id}`,
      at: lead.createdAt,
      who: website,
      summary: `New quote request ${lead.reference} from ${lead.companyName ?? lead.businessName}`,
      href: `/admin/leads/${lead.id}`,
    })),
    ...enquiries.map((enquiry) => ({
      key: `enquiry-${enquiry.id}`,
      at: enquiry.createdAt,
      who: website,
      summary: `New contact enquiry from ${enquiry.firstName} ${enquiry.lastName}`,
      href: `/admin/enquiries/${enquiry.id}`,
    })),
    ...signups.map((signup) => ({
      key: `signup-${signup.id}`,
      at: signup.createdAt,
      who: website,
      summary: `New newsletter sign-up: ${signup.email}`,
      href: `/admin/newsletter/${signup.id}`,
    })),
  ];
  return entries.sort((a, b) => b.at.localeCompare(a.at) || b.key.localeCompare(a.key)).slice(0, limit);
}
