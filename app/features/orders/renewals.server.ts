import { insertRenewalLead } from "~/features/leads/index.server";
import { brand } from "~/platform/brand.server";
import { getDb } from "~/platform/db.server";
import { scheduleFleetJob } from "~/platform/fleet-schedule.server";
import { portalUrl } from "~/platform/email-layout";
import { env } from "~/platform/env.server";
import { onStop } from "~/platform/graceful-stop.server";
import { logger } from "~/platform/logger.server";
import { emailEnabled } from "~/platform/mailer.server";
import { addToOutbox, deliverOutboxSoon } from "~/platform/outbox.server";
import { tuned } from "~/platform/tuning.server";
import { SYSTEM_ACTOR_NAME } from "~/features/staff";
import { recordAudit } from "~/features/staff/index.server";
import { addDays, formatCalendarDay, ukDay } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";
import { countOf } from "~/lib/plural";
import { RENEWAL_LEAD_DAYS } from "./order-lists";
import { renewalCustomerEmail, renewalStaffEmail, type RenewalForEmail } from "./renewal-emails";

/**
 * The renewals job (docs/orders.md, "Renewals"): once a day, each live order whose contracts end within RENEWAL_LEAD_DAYS gets one renewal lead (status New,
 * marked as a renewal of the order, owned by the order's owner), its owner an email, and the customer a service message that the contract ends (unless they
 * objected: the outbox's suppression rule). A contract is claimed in the same transaction as the lead is made, so a second run, or a second machine of a fleet
 * running it at the same moment, makes none.
 */

/** Daily, like retention; a test may switch it off (0) or start it at once. */
const RENEWAL_RUN_HOURS = tuned("renewalRunHours", 24);
const RENEWAL_START_DELAY_MS = tuned("renewalStartDelaySeconds", 15) * 1000;
/** pg_try_advisory_lock's key: "renewal" as a number, the same on every machine. */
const RENEWAL_LOCK_KEY = 0x72656e65;
/** Orders renewed per round of reading, so a first run over years of contracts never holds them all in memory. */
const RENEWAL_BATCH = 500;

/** Set as the server stops: a run under way ends after the order it is on. */
let stopping = false;

/** Thrown to undo a transaction whose contracts another run claimed first. */
class ClaimedElsewhere extends Error {}

interface DueContract {
  id: number;
  orderId: number;
  tariffName: string;
  endDate: string;
  monthlyExVatPence: number;
}

/** The contracts due a renewal lead on `today`: ending from today to RENEWAL_LEAD_DAYS ahead, of a live order still holding its customer, not yet claimed. */
async function dueContracts(today: string, afterOrderId: number): Promise<DueContract[]> {
  const db = await getDb();
  const orders = await db
    .selectFrom("contracts")
    .innerJoin("orders", "orders.id", "contracts.orderId")
    .select("contracts.orderId")
    .distinct()
    .where("contracts.renewalDueAt", "is", null)
    .where("contracts.endDate", ">=", today)
    .where("contracts.endDate", "<=", addDays(today, RENEWAL_LEAD_DAYS))
    .where("orders.anonymisedAt", "is", null)
    .where("contracts.orderId", ">", afterOrderId)
    .orderBy("contracts.orderId")
    .limit(RENEWAL_BATCH)
    .execute();
  if (orders.length === 0) return [];
  return db
    .selectFrom("contracts")
    .select(["id", "orderId", "tariffName", "endDate", "monthlyExVatPence"])
    .where(
      "orderId",
      "in",
      orders.map((order) => order.orderId),
    )
    .where("renewalDueAt", "is", null)
    .where("endDate", ">=", today)
    .where("endDate", "<=", addDays(today, RENEWAL_LEAD_DAYS))
    .orderBy("orderId")
    .orderBy("endDate")
    .orderBy("id")
    .execute();
}

/** One order's due contracts renewed in one transaction; whether a lead was made (false: another run claimed them first, or no one is left to contact). */
async function renewOrder(contracts: DueContract[], now: Date): Promise<boolean> {
  const db = await getDb();
  const stamp = now.toISOString();
  const ids = contracts.map((contract) => contract.id);
  const made = await db
    .transaction()
    .execute(async (trx) => {
      const claimed = await trx
        .updateTable("contracts")
        .set({ renewalDueAt: stamp })
        .where("id", "in", ids)
        .where("renewalDueAt", "is", null)
        .executeTakeFirst();
      // Another run took them between the read and now: it makes the lead.
      if (Number(claimed.numUpdatedRows) !== ids.length) throw new ClaimedElsewhere();
      const order = await trx
        .selectFrom("orders")
        .select(["id", "leadId", "reference", "ownerId", "businessName", "billingEmail"])
        .where("id", "=", contracts[0]!.orderId)
        .executeTakeFirstOrThrow();
      const lead = await insertRenewalLead(trx, { fromLeadId: order.leadId, orderId: order.id, ownerId: order.ownerId, businessName: order.businessName, now });
      if (!lead) return null;
      await trx.updateTable("contracts").set({ renewalLeadId: lead.id }).where("id", "in", ids).execute();
      const { first } = lead;
      const renewal: RenewalForEmail = {
        businessName: order.businessName || first.companyName || first.businessName,
        orderReference: order.reference,
        endDate: contracts[0]!.endDate,
        contracts: contracts.map(({ tariffName, endDate, monthlyExVatPence }) => ({ tariffName, endDate, monthlyExVatPence })),
      };
      const monthly = formatPounds(contracts.reduce((total, contract) => total + contract.monthlyExVatPence, 0));
      const body = `Renewal of order ${order.reference}: ${countOf(contracts.length, "contract")} ending from ${formatCalendarDay(renewal.endDate)}, ${monthly} a month ex VAT`;
      await trx
        .insertInto("leadActivity")
        .values([
          { leadId: lead.id, kind: "order", actorId: null, actorName: SYSTEM_ACTOR_NAME, body, createdAt: stamp },
          {
            leadId: order.leadId,
            kind: "order",
            actorId: null,
            actorName: SYSTEM_ACTOR_NAME,
            body: `${body}: renewal lead ${lead.reference} made`,
            createdAt: stamp,
          },
        ])
        .execute();
      await recordAudit(null, { action: "order.renewal_lead", entityType: "order", entityId: order.id, summary: `${body} (${lead.reference})` }, trx);
      let queued = false;
      if (emailEnabled()) {
        const owner = order.ownerId
          ? await trx.selectFrom("adminUsers").select("email").where("id", "=", order.ownerId).where("isActive", "=", 1).executeTakeFirst()
          : undefined;
        const staff = owner ? [owner.email] : env.LEAD_NOTIFY_TO;
        if (staff.length > 0) {
          const content = renewalStaffEmail(renewal, lead.reference, portalUrl(env.APP_URL, `/admin/leads/${lead.id}`), brand);
          await addToOutbox(trx, [{ kind: "renewal.staff-email", leadId: lead.id, payload: { to: staff, ...content } }]);
          queued = true;
        }
        const customer = order.billingEmail || first.email;
        await addToOutbox(trx, [
          { kind: "renewal.customer-email", leadId: lead.id, payload: { to: [customer], replyTo: brand.email, ...renewalCustomerEmail(renewal, brand) } },
        ]);
        queued = true;
      }
      return { queued };
    })
    .catch((error: unknown) => {
      if (error instanceof ClaimedElsewhere) return null;
      throw error;
    });
  if (made?.queued) deliverOutboxSoon();
  return made !== null;
}

/** Makes the renewal leads due `now` (UK day); how many. Safe to run again, and on two machines at once: each contract is claimed once. */
export async function runRenewals(now = new Date()): Promise<number> {
  const started = performance.now();
  const today = ukDay(now);
  let made = 0;
  let afterOrderId = 0;
  while (!stopping) {
    const due = await dueContracts(today, afterOrderId);
    if (due.length === 0) break;
    const byOrder = new Map<number, DueContract[]>();
    for (const contract of due) byOrder.set(contract.orderId, [...(byOrder.get(contract.orderId) ?? []), contract]);
    for (const contracts of byOrder.values()) {
      if (stopping) break;
      if (await renewOrder(contracts, now)) made += 1;
      // SQLite answers at once, so without this the whole run would hold the server's one thread: requests wait at most one order.
      await new Promise((resolve) => setImmediate(resolve));
    }
    afterOrderId = due.at(-1)!.orderId;
  }
  const durationMs = Math.round(performance.now() - started);
  logger.info({ event: "renewal.run_finished", leads: made, durationMs }, `Renewals: ${countOf(made, "renewal lead")} made in ${durationMs} ms`);
  return made;
}

/** Shortly after start-up, then daily, until the server stops (a run under way ends after the order it is on); one machine of a fleet at a time. */
export function startRenewalSchedule(): void {
  onStop(() => {
    stopping = true;
  });
  scheduleFleetJob({
    event: "renewal",
    label: "Renewals",
    lockKey: RENEWAL_LOCK_KEY,
    everyHours: RENEWAL_RUN_HOURS,
    startDelayMs: RENEWAL_START_DELAY_MS,
    run: () => runRenewals(),
  });
}
