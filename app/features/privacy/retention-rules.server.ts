import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import { addMonthsToInstant } from "~/lib/calendar";
import { REMOVED_WORDS, RETENTION_KINDS, type RetentionKind } from "./data-protection";
import type { Database } from "~/platform/database-types";
import { AUDIT_REWRITE_ACTIONS, auditSummaryWithoutDetails, customerContractEnd } from "./retention";
import { env } from "~/platform/env.server";
import { anonymiseEnquiries, anonymiseLeads, deleteNewsletterSignups } from "./anonymisation.server";
import { latestContractEnds } from "~/features/orders/index.server";
import { nextOf, RETENTION_BATCH, type Cutoffs, type Rule } from "./retention-rule.server";
import { ordersRule, pacsRule } from "./retention-order-rules.server";

/**
 * The privacy policy's retention periods, kept by the product itself: what a run anonymises or deletes, worked out from `asOf` and the settings
 * (LEAD_RETENTION_MONTHS ...; docs/privacy-operations.md, Retention). A run works in batches of RETENTION_BATCH records, one transaction each, pausing in
 * between, so it never holds the database for long. A dry run reads and counts only.
 */

type Db = Kysely<Database>;

/** The records of one table due by `due`'s filter, read by id in batches, or counted in one statement. */
function idRule<TB extends "leads" | "contactEnquiries" | "newsletterSignups" | "outbox">(
  kind: RetentionKind,
  due: (db: Db, cutoffs: Cutoffs) => SelectQueryBuilder<Database, TB, object>,
  apply: Rule<number>["apply"],
): Rule<number> {
  const id = sql.ref<number>("id");
  return {
    kind,
    async due(db, cutoffs, after) {
      const rows = await due(db, cutoffs)
        .select(id.as("id"))
        .$if(after !== null, (query) => query.where(id, ">", after!))
        .orderBy(id)
        .limit(RETENTION_BATCH)
        .execute();
      return { ids: rows.map((row) => Number(row.id)), next: nextOf(rows.map((row) => ({ id: Number(row.id) }))) };
    },
    async count(db, cutoffs) {
      const row = await due(db, cutoffs)
        .select(sql<number>`count(*)`.as("count"))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    apply,
  };
}

const leadsRule = idRule(
  "leads",
  (db, cutoffs) =>
    db
      .selectFrom("leads")
      .where("anonymisedAt", "is", null)
      .where("updatedAt", "<", cutoffs.leads)
      .where("status", "!=", "converted")
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("quotes").select("quotes.id").whereRef("quotes.leadId", "=", "leads.id").where("quotes.status", "=", "accepted"))),
      ),
  (trx, batch, now) => anonymiseLeads(trx, batch.ids, { now }),
);

const customersRule: Rule<number> = {
  kind: "customers",
  async due(db, cutoffs, after) {
    const customers = await db
      .selectFrom("leads")
      .select(["id", "updatedAt"])
      .where("anonymisedAt", "is", null)
      .where((eb) =>
        eb.or([
          eb("status", "=", "converted"),
          eb.exists(eb.selectFrom("quotes").select("quotes.id").whereRef("quotes.leadId", "=", "leads.id").where("quotes.status", "=", "accepted")),
        ]),
      )
      .$if(after !== null, (query) => query.where("id", ">", after!))
      .orderBy("id")
      .limit(RETENTION_BATCH)
      .execute();
    if (customers.length === 0) return { ids: [], next: null };
    const customerIds = customers.map((customer) => customer.id);
    const quotes = await db
      .selectFrom("quotes")
      .select(["leadId", "start", "lines"])
      .where("status", "=", "accepted")
      .where("leadId", "in", customerIds)
      .execute();
    const quotesOf = (leadId: number) => quotes.filter((quote) => quote.leadId === leadId);
    // An order that went live runs to its contracts' end, which may be later than its quote's.
    const contractEnds = await latestContractEnds(db, customerIds);
    const ids = customers
      .filter((customer) => {
        const end = customerContractEnd(customer, quotesOf(customer.id), contractEnds.get(customer.id) ?? null);
        // Kept for CUSTOMER_RETENTION_YEARS whole years after the contract's end.
        return addMonthsToInstant(end, env.CUSTOMER_RETENTION_YEARS * 12) < cutoffs.asOf;
      })
      .map((customer) => customer.id);
    return { ids, next: nextOf(customers) };
  },
  apply: (trx, batch, now) => anonymiseLeads(trx, batch.ids, { now }),
};

// An enquiry's last contact is its arrival: replies are made outside the product.
const enquiriesRule = idRule(
  "enquiries",
  (db, cutoffs) => db.selectFrom("contactEnquiries").where("anonymisedAt", "is", null).where("createdAt", "<", cutoffs.enquiries),
  (trx, batch, now) => anonymiseEnquiries(trx, batch.ids, { now }),
);

// Never confirmed: not a subscriber. Counted from the latest sign-up, so signing up again keeps the
// sign-up as long as its new link works. A confirmed address that later unsubscribed is not touched here.
const newsletterRule = idRule(
  "unconfirmedNewsletterSignups",
  (db, cutoffs) =>
    db
      .selectFrom("newsletterSignups")
      .where("confirmedAt", "is", null)
      .where((eb) => eb(eb.fn.coalesce("lastSignedUpAt", "createdAt"), "<", cutoffs.newsletter)),
  (trx, batch) => deleteNewsletterSignups(trx, batch.ids),
);

// Delivered only: a given-up delivery stays for the dashboard's failures (its copy of the lead is emptied
// after the same OUTBOX_KEEP_DAYS: outbox-purge.server.ts) until its lead or enquiry is anonymised.
const outboxRule = idRule(
  "outboxDeliveries",
  (db, cutoffs) => db.selectFrom("outbox").where("deliveredAt", "<", cutoffs.outbox),
  async (trx, batch) => Number((await trx.deleteFrom("outbox").where("id", "in", batch.ids).executeTakeFirst()).numDeletedRows),
);

const sessionsRule: Rule<string> = {
  kind: "sessions",
  async due(db, cutoffs, after) {
    const rows = await db
      .selectFrom("sessions")
      .select("id")
      .where("expiresAt", "<", cutoffs.asOf.toISOString())
      .$if(after !== null, (query) => query.where("id", ">", after!))
      .orderBy("id")
      .limit(RETENTION_BATCH)
      .execute();
    return { ids: rows.map((row) => row.id), next: nextOf(rows) };
  },
  async apply(trx, batch, _now, cutoffs) {
    // Still expired as the batch is written (a session's expiry moves on as it is used).
    const deleted = await trx.deleteFrom("sessions").where("id", "in", batch.ids).where("expiresAt", "<", cutoffs.asOf.toISOString()).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  },
};

/** A throttle row lives while it blocks, and for a day after its last failure (app/features/staff/sign-in-throttle.server.ts). Its id here: JSON [accountKey, clientKey]. */
const signInThrottleRule: Rule<string> = {
  kind: "signInThrottle",
  async due(db, cutoffs, after) {
    const [account, client] = after === null ? [null, null] : (JSON.parse(after) as [string, string]);
    const rows = await db
      .selectFrom("signInThrottle")
      .select(["accountKey", "clientKey"])
      .where("lastFailedAt", "<", cutoffs.signInThrottle)
      .where((eb) => eb.or([eb("blockedUntil", "is", null), eb("blockedUntil", "<", cutoffs.asOf.toISOString())]))
      .$if(account !== null, (query) =>
        query.where((eb) => eb.or([eb("accountKey", ">", account!), eb.and([eb("accountKey", "=", account!), eb("clientKey", ">", client!)])])),
      )
      .orderBy("accountKey")
      .orderBy("clientKey")
      .limit(RETENTION_BATCH)
      .execute();
    const ids = rows.map((row) => JSON.stringify([row.accountKey, row.clientKey]));
    return { ids, next: rows.length < RETENTION_BATCH ? null : ids[ids.length - 1]! };
  },
  async apply(trx, batch) {
    let deleted = 0;
    for (const id of batch.ids) {
      const [account, client] = JSON.parse(id) as [string, string];
      const result = await trx.deleteFrom("signInThrottle").where("accountKey", "=", account).where("clientKey", "=", client).executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  },
};

const auditDetailsRule: Rule<number> = {
  kind: "auditDetails",
  async due(db, cutoffs, after) {
    const rows = await db
      .selectFrom("auditLog")
      .select(["id", "action", "summary"])
      .where("createdAt", "<", cutoffs.auditDetails)
      .where("action", "in", AUDIT_REWRITE_ACTIONS)
      .where("summary", "not like", `%${REMOVED_WORDS}%`)
      .$if(after !== null, (query) => query.where("id", ">", after!))
      .orderBy("id")
      .limit(RETENTION_BATCH)
      .execute();
    const summaries = new Map<number, string>();
    for (const row of rows) {
      const rewritten = auditSummaryWithoutDetails(row.action, row.summary);
      if (rewritten !== null) summaries.set(row.id, rewritten);
    }
    return { ids: [...summaries.keys()], summaries, next: nextOf(rows) };
  },
  async apply(trx, batch) {
    for (const [id, summary] of batch.summaries ?? []) {
      // A failed sign-in's typed email goes with its details: the entry then names no one.
      await trx.updateTable("auditLog").set({ summary, signInEmail: null }).where("id", "=", id).execute();
    }
    return batch.summaries?.size ?? 0;
  },
};

/**
 * The order a run goes through the rules: the two that delete or rewrite what the anonymisations also touch come first. Anonymising a lead, an enquiry or a
 * sign-up deletes its outbox copies, sent ones included, and rewrites its audit entries; run before the outbox and audit rules, it would leave them less to do
 * than they had counted, and a dry run (which changes nothing, so runs in any order) would say more than the apply did. No other rule changes what a later one
 * finds.
 */
const RULES_FIRST: RetentionKind[] = ["outboxDeliveries", "auditDetails"];
export const RUN_ORDER: RetentionKind[] = [...RULES_FIRST, ...RETENTION_KINDS.filter((kind) => !RULES_FIRST.includes(kind))];

export { cutoffsFor, RETENTION_BATCH, type Batch, type Rule } from "./retention-rule.server";

export const RULES: Record<RetentionKind, Rule<number> | Rule<string>> = {
  pacs: pacsRule,
  orders: ordersRule,
  leads: leadsRule,
  customers: customersRule,
  enquiries: enquiriesRule,
  unconfirmedNewsletterSignups: newsletterRule,
  outboxDeliveries: outboxRule,
  sessions: sessionsRule,
  signInThrottle: signInThrottleRule,
  auditDetails: auditDetailsRule,
};
