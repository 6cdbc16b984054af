import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database, OutboxRow } from "./database-types";
import { DELIVERY_KIND_AUDIENCE, SUPPRESSED_DELIVERY_REASONS, type DeliveryKind } from "./outbox-kinds";
import { getDb, nowIso } from "./db.server";
import { env } from "./env.server";
import type { SuppressionKind, SuppressionReason } from "./suppression-kinds";

/**
 * The suppression list: email addresses and phone numbers never to be contacted again (they unsubscribed, objected or were erased). Only a keyed hash is stored
 * (HMAC-SHA256 with SUPPRESSION_KEY, see docs/decisions/011-suppression-hash.md): the table alone does not say who is on it, and a plain hash could be reversed
 * by hashing guessed addresses.
 *
 * The rule (docs/privacy-operations.md): the list is checked before any email that is not the direct answer to a request; the outbox asks
 * `deliverySuppressedReason` as it delivers each one.
 */

type Executor = Kysely<Database> | Transaction<Database>;

/** SUPPRESSION_KEY, else one derived from SESSION_SECRET (so a development server needs no setting). */
function hashKey(): string {
  return env.SUPPRESSION_KEY ?? crypto.createHmac("sha256", env.SESSION_SECRET).update("suppression-key").digest("hex");
}

/** The key of unsubscribe links (`/unsubscribe/{token}`): derived from the suppression key, so links keep working as long as the list does. */
export function unsubscribeLinkKey(): string {
  return crypto.createHmac("sha256", hashKey()).update("unsubscribe-link").digest("hex");
}

/** An email compared as its owner means it: trimmed, lower case. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * A phone number as digits in the UK's national form: "+44 (0)7700 900123", "0044 7700 900123" and "07700 900123" are all "07700900123". Other countries'
 * numbers (00 then not 44) keep their digits.
 */
export function normalisePhone(value: string): string {
  let digits = value.replace(/\D/g, "");
  if (digits.startsWith("0044")) digits = digits.slice(4);
  else if (digits.startsWith("44") && !value.trim().startsWith("0")) digits = digits.slice(2);
  else return digits;
  return digits.startsWith("0") ? digits : `0${digits}`;
}

/** The stored key of an email or phone number: HMAC-SHA256 (hex) of its kind and normalised value. */
export function suppressionKey(kind: SuppressionKind, value: string): string {
  const normalised = kind === "email" ? normaliseEmail(value) : normalisePhone(value);
  return crypto.createHmac("sha256", hashKey()).update(`${kind}:${normalised}`).digest("hex");
}

/** Puts an email and/or phone number on the list, in the caller's transaction. Already listed: kept as it was (the first reason and date stay). */
export async function suppress(
  trx: Executor,
  { email, phone, reason }: { email?: string | null; phone?: string | null; reason: SuppressionReason },
): Promise<void> {
  const createdAt = nowIso();
  const entries: Array<{ hash: string; kind: SuppressionKind; reason: SuppressionReason; createdAt: string }> = [];
  if (email?.trim()) entries.push({ hash: suppressionKey("email", email), kind: "email", reason, createdAt });
  if (phone && normalisePhone(phone)) entries.push({ hash: suppressionKey("phone", phone), kind: "phone", reason, createdAt });
  if (entries.length === 0) return;
  await trx
    .insertInto("suppressions")
    .values(entries)
    .onConflict((conflict) => conflict.column("hash").doNothing())
    .execute();
}

/** Whether an email address is on the list. */
export async function isSuppressed(email: string, db?: Executor): Promise<boolean> {
  return (await suppressedSince(email, db)) !== null;
}

/** When an email address was put on the list, or null when it is not on it. */
export async function suppressedSince(email: string, db?: Executor): Promise<string | null> {
  const executor = db ?? (await getDb());
  const row = await executor.selectFrom("suppressions").select("createdAt").where("hash", "=", suppressionKey("email", email)).executeTakeFirst();
  return row?.createdAt ?? null;
}

/** The address in "Name <address>" or a bare address. */
export const emailAddressOf = (recipient: string) => /<([^>]+)>\s*$/.exec(recipient)?.[1] ?? recipient;

/**
 * Why the list stops a queued email now, or null when it may go (DELIVERY_KIND_AUDIENCE): an email to staff, never; a marketing email, when any recipient is
 * listed; the direct answer to a request, only when a recipient was listed after it was queued (they objected or were erased since).
 */
export async function deliverySuppressedReason(kind: DeliveryKind, delivery: Pick<OutboxRow, "payload" | "createdAt">, db?: Executor): Promise<string | null> {
  const audience = DELIVERY_KIND_AUDIENCE[kind];
  if (audience === "staff") return null;
  const { to = [] } = JSON.parse(delivery.payload) as { to?: string[] };
  for (const recipient of to) {
    const since = await suppressedSince(emailAddressOf(recipient), db);
    if (since !== null && (audience === "marketing" || since > delivery.createdAt)) return SUPPRESSED_DELIVERY_REASONS[audience];
  }
  return null;
}
