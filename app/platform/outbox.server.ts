import { sql, type Kysely, type Transaction } from "kysely";
import { DELIVERY_KIND_AUDIENCE, isDeliveryKind, retryDelayMs, type DeliveryKind } from "./outbox-kinds";
import type { Database, OutboxRow } from "./database-types";
import { getDb } from "./db.server";
import { env } from "./env.server";
import { onStop } from "./graceful-stop.server";
import { logger } from "./logger.server";
import { recordDelivery } from "./metrics.server";
import { emailEnabled, sendEmail, type QueuedEmail } from "./mailer.server";
import { standardWebhookHeaders } from "./webhook-signature.server";
import { ERROR_TEXT_LIMIT, OUTBOX_ATTEMPTS, OUTBOX_FIRST_RETRY_SECONDS, OUTBOX_LONGEST_RETRY_SECONDS, postJson, timeoutMs } from "./outbox-post.server";
import { PURGED_PAYLOAD, startPurging, stopPurging } from "./outbox-purge.server";
import { deliverySuppressedReason, emailAddressOf, normaliseEmail } from "./suppression.server";

/**
 * The outbox: anything sent because of a stored row (the lead webhook, the lead and enquiry emails) is a row in `outbox`, written in the same transaction as
 * the row that caused it, then delivered from there: just after it is written, at start-up (deliveries left over from before a restart) and on a timer. A
 * failed try is retried after a doubling wait (30 s up to an hour) until OUTBOX_ATTEMPTS, then marked failed with its last error for the staff dashboard. No
 * request waits for a delivery, and a failing receiver never loses or holds back the row that caused it.
 *
 * Delivery is at least once: a try cut off by a crash is made again, so each carries an Idempotency-Key (the same on every try of one delivery).
 *
 * A row's payload is a copy of the lead or enquiry; once the delivery is sent or given up, nothing reads it again, so it is emptied OUTBOX_KEEP_DAYS later (at
 * start-up and every hour) and the outbox stops growing with every lead. The row itself stays, small, for the dashboard's failures and the history.
 *
 * The suppression list is checked as each email to a person is delivered (DELIVERY_KIND_AUDIENCE): one it stops is closed unsent, with the reason as its last
 * error, and its copy emptied at once; it is never tried again.
 */

type Executor = Kysely<Database> | Transaction<Database>;

interface Destination {
  /** Whether deliveries of this kind have somewhere to go now; none configured leaves them waiting. */
  configured(): boolean;
  /** One try: resolves once the receiver has accepted it, rejects with a short reason otherwise. */
  send(delivery: OutboxRow, signal: AbortSignal): Promise<void>;
  /** Writes, in the same transaction as the delivery's own row, what a delivery means for the row that caused it. */
  recordDelivery?(trx: Transaction<Database>, delivery: OutboxRow, deliveredAt: string): Promise<unknown>;
}

const byEmail: Destination = {
  configured: emailEnabled,
  send: (delivery, signal) => sendEmail(JSON.parse(delivery.payload) as QueuedEmail, delivery.id, signal),
};

const DESTINATIONS: Record<DeliveryKind, Destination> = {
  "lead.webhook": {
    configured: () => Boolean(env.LEAD_WEBHOOK_URL),
    send: (delivery, signal) => {
      const id = `outbox-${delivery.id}`;
      const signed = standardWebhookHeaders(id, delivery.payload, env.LEAD_WEBHOOK_SECRET);
      return postJson(env.LEAD_WEBHOOK_URL!, delivery.payload, { "Idempotency-Key": id, ...signed }, signal);
    },
    recordDelivery: async (trx, delivery, deliveredAt) => {
      if (delivery.leadId === null) return;
      await trx.updateTable("leads").set({ webhookDeliveredAt: deliveredAt }).where("id", "=", delivery.leadId).execute();
    },
  },
  "lead.staff-email": byEmail,
  "lead.confirmation-email": byEmail,
  "enquiry.staff-email": byEmail,
  "quote.customer-email": byEmail,
  "quote.staff-email": byEmail,
  "newsletter.confirmation-email": byEmail,
  "order.customer-email": byEmail,
  "renewal.staff-email": byEmail,
  "renewal.customer-email": byEmail,
};

/** Deliveries tried side by side in one round. */
const BATCH_SIZE = 20;
/** The timer looks at least this often, for rows it was not told about (written by another process). */
const POLL_MS = 60_000;
/** A claimed try may run this long before another worker may take the row again (after a crash). */
const claimMs = () => timeoutMs() + 5_000;

/**
 * The one person an email is sent to, trimmed and lower-cased: what ties the row to them (docs/privacy-operations.md,
 * "How a person is matched"). Null for what goes to staff or the webhook, and for a copy with no single recipient.
 */
export function recipientEmailOf(kind: DeliveryKind, payload: unknown): string | null {
  if (DELIVERY_KIND_AUDIENCE[kind] === "staff") return null;
  const to = (payload as { to?: unknown } | null)?.to;
  if (!Array.isArray(to) || to.length !== 1 || typeof to[0] !== "string") return null;
  return normaliseEmail(emailAddressOf(to[0])) || null;
}

/** Queues deliveries (in one statement). Pass the transaction that stores the rows causing them, so both are kept or neither. */
export async function addToOutbox(
  db: Executor,
  deliveries: Array<{ kind: DeliveryKind; leadId: number | null; enquiryId?: number; payload: unknown }>,
): Promise<void> {
  if (deliveries.length === 0) return;
  const now = new Date().toISOString();
  await db
    .insertInto("outbox")
    .values(
      deliveries.map((delivery) => ({
        kind: delivery.kind,
        leadId: delivery.leadId,
        enquiryId: delivery.enquiryId ?? null,
        payload: JSON.stringify(delivery.payload),
        recipientEmail: recipientEmailOf(delivery.kind, delivery.payload),
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .execute();
}

/** Whether deliveries of this kind have somewhere to go now. */
export function hasDestination(kind: DeliveryKind): boolean {
  return DESTINATIONS[kind].configured();
}

const worker = {
  running: false,
  /** Asked to look again while a round was running. */
  again: false,
  stopped: false,
  timer: undefined as NodeJS.Timeout | undefined,
  /** Tries under way, cut off when the server stops. */
  inFlight: new Set<AbortController>(),
};

/** Starts delivering what is due, in the background (never awaited by a request). Called after a delivery is queued, at start-up and by the timer. */
export function deliverOutboxSoon(): void {
  if (worker.stopped) return;
  if (worker.running) {
    worker.again = true;
    return;
  }
  worker.running = true;
  clearTimeout(worker.timer);
  void (async () => {
    let nextDue: string | null = null;
    try {
      do {
        worker.again = false;
        nextDue = await deliverDue();
      } while (worker.again && !worker.stopped);
    } catch (error) {
      logger.error({ event: "outbox.delivery_failed", err: error }, "Outbox: delivering failed");
    } finally {
      worker.running = false;
      if (worker.again) deliverOutboxSoon();
      else scheduleNextLook(nextDue);
    }
  })();
}

function scheduleNextLook(nextDue: string | null): void {
  if (worker.stopped) return;
  const wait = nextDue === null ? POLL_MS : Math.min(POLL_MS, Math.max(0, Date.parse(nextDue) - Date.now()));
  clearTimeout(worker.timer);
  // Unref'd: a waiting retry never keeps the process alive.
  worker.timer = setTimeout(deliverOutboxSoon, wait).unref();
}

/** Starts the outbox at server start: what was left before a restart goes now, the rest when due. */
export function startOutbox(): void {
  onStop(stopOutbox);
  deliverOutboxSoon();
  startPurging();
}

/** Stops the timer and cuts off tries under way (they are tried again at the next start). */
function stopOutbox(): void {
  worker.stopped = true;
  clearTimeout(worker.timer);
  stopPurging();
  for (const controller of worker.inFlight) controller.abort();
}

function configuredKinds(): DeliveryKind[] {
  return (Object.keys(DESTINATIONS) as DeliveryKind[]).filter(hasDestination);
}

/** Delivers every row due now; returns when the next waiting one is due (null when none waits). */
async function deliverDue(): Promise<string | null> {
  const kinds = configuredKinds();
  if (kinds.length === 0) return null;
  const db = await getDb();
  while (!worker.stopped) {
    const due = await db
      .selectFrom("outbox")
      .selectAll()
      .where("nextAttemptAt", "<=", new Date().toISOString())
      .where("kind", "in", kinds)
      .orderBy("nextAttemptAt")
      .limit(BATCH_SIZE)
      .execute();
    if (due.length === 0) break;
    const tries = await Promise.allSettled(due.map((delivery) => attempt(db, delivery)));
    for (const tried of tries)
      if (tried.status === "rejected") logger.error({ event: "outbox.record_failed", err: tried.reason }, "Outbox: recording a try failed");
  }
  const next = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.min<string>("nextAttemptAt").as("due"))
    .where("nextAttemptAt", "is not", null)
    .where("kind", "in", kinds)
    .executeTakeFirst();
  return next?.due ?? null;
}

async function attempt(db: Kysely<Database>, due: OutboxRow): Promise<void> {
  if (!isDeliveryKind(due.kind)) return;
  const destination = DESTINATIONS[due.kind];
  if (!destination.configured()) return;
  const startedAt = new Date();
  // Claim the row: only the worker whose update matched may send it; the claim lapses after a crash.
  const claimed = await db
    .updateTable("outbox")
    .set({
      attempts: sql<number>`attempts + 1`,
      nextAttemptAt: new Date(startedAt.getTime() + claimMs()).toISOString(),
      lastAttemptAt: startedAt.toISOString(),
    })
    .where("id", "=", due.id)
    .where("nextAttemptAt", "<=", startedAt.toISOString())
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return;

  const suppressed = await deliverySuppressedReason(due.kind, claimed, db);
  if (suppressed !== null) {
    logger.info(
      { event: "outbox.suppressed", kind: due.kind, deliveryId: claimed.id },
      `Outbox: ${due.kind} delivery ${claimed.id} not sent (suppression list)`,
    );
    await db
      .updateTable("outbox")
      .set({ failedAt: new Date().toISOString(), nextAttemptAt: null, lastError: suppressed, payload: PURGED_PAYLOAD })
      .where("id", "=", claimed.id)
      .execute();
    return;
  }

  const controller = new AbortController();
  worker.inFlight.add(controller);
  let failure: string | null = null;
  try {
    await destination.send(claimed, controller.signal);
  } catch (error) {
    failure = (error as Error).message || String(error);
  } finally {
    worker.inFlight.delete(controller);
  }

  const now = new Date().toISOString();
  if (failure === null) {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("outbox").set({ deliveredAt: now, nextAttemptAt: null }).where("id", "=", claimed.id).execute();
      await destination.recordDelivery?.(trx, claimed, now);
    });
    recordDelivery(due.kind, "sent");
    return;
  }
  if (controller.signal.aborted) {
    // Cut off because the server is stopping: not the receiver's fault, and due again at the next start.
    await db
      .updateTable("outbox")
      .set({ attempts: claimed.attempts - 1, nextAttemptAt: now })
      .where("id", "=", claimed.id)
      .execute();
    return;
  }
  const lastError = failure.slice(0, ERROR_TEXT_LIMIT);
  if (claimed.attempts >= OUTBOX_ATTEMPTS) {
    recordDelivery(due.kind, "failed");
    logger.error(
      { event: "outbox.given_up", kind: due.kind, deliveryId: claimed.id, attempts: claimed.attempts, error: lastError },
      `Outbox: ${due.kind} delivery ${claimed.id} failed ${claimed.attempts} times; giving up`,
    );
    await db.updateTable("outbox").set({ failedAt: now, nextAttemptAt: null, lastError }).where("id", "=", claimed.id).execute();
    return;
  }
  const wait = retryDelayMs(claimed.attempts, OUTBOX_FIRST_RETRY_SECONDS * 1000, OUTBOX_LONGEST_RETRY_SECONDS * 1000);
  recordDelivery(due.kind, "retry");
  logger.warn(
    { event: "outbox.retry", kind: due.kind, deliveryId: claimed.id, attempt: claimed.attempts, retryInSeconds: wait / 1000, error: lastError },
    `Outbox: ${due.kind} delivery ${claimed.id} try ${claimed.attempts} failed; trying again in ${wait / 1000} s`,
  );
  await db
    .updateTable("outbox")
    .set({ nextAttemptAt: new Date(Date.now() + wait).toISOString(), lastError })
    .where("id", "=", claimed.id)
    .execute();
}
