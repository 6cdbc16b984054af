import type { AdminUser } from "./admin-users";
import { fullName, SYSTEM_ACTOR_NAME } from "./admin-users";
import { accountKey } from "./sign-in";
import type { Transaction } from "kysely";
import { getDb, nowIso } from "~/platform/db.server";
import type { Database } from "~/platform/database-types";
import { countOf } from "~/lib/plural";

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  summary: string;
  /** Who, when there is no signed-in actor (default System). */
  actorName?: string;
  /** A failed sign-in's typed email, normalised: the person the entry is tied to. */
  signInEmail?: string | null;
}

/** Records an admin change; pass the transaction that made the change so both land together. Gives the entry's id. */
export async function recordAudit(actor: AdminUser | null, entry: AuditEntry, trx?: Transaction<Database>): Promise<number> {
  const db = trx ?? (await getDb());
  const row = await db
    .insertInto("auditLog")
    .values({
      actorId: actor?.id ?? null,
      actorName: actor ? fullName(actor) : (entry.actorName ?? SYSTEM_ACTOR_NAME),
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      summary: entry.summary,
      signInEmail: entry.signInEmail ?? null,
      createdAt: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ExportAudit {
  action: string;
  entityType: string;
  /** What is exported, plural: "leads". */
  what: string;
  /** One of them: "lead". */
  one: string;
  /** The filters in words ("search \"ltd\"", "status New"); none says `unfiltered`. */
  filters: string[];
  /** What no filter means: "all leads". */
  unfiltered: string;
}

/**
 * Records a CSV export of personal data as it starts (so even one cut off by a crash is in the log), and gives the function that finishes the entry with the
 * rows sent when the download ends or is cut off.
 */
export async function recordExport(actor: AdminUser, audit: ExportAudit): Promise<(rows: number, complete: boolean) => Promise<void>> {
  const filters = `(${audit.filters.length > 0 ? audit.filters.join(", ") : audit.unfiltered})`;
  const id = await recordAudit(actor, { action: audit.action, entityType: audit.entityType, summary: `Started exporting ${audit.what} to CSV ${filters}` });
  return async (rows, complete) => {
    const summary = complete
      ? `Exported ${countOf(rows, audit.one, audit.what)} to CSV ${filters}`
      : `Export of ${audit.what} to CSV cut off after ${countOf(rows, "row")} ${filters}`;
    const db = await getDb();
    await db.updateTable("auditLog").set({ summary }).where("id", "=", id).execute();
  };
}

export type SignInMethod = "password" | "provider";

const SIGN_IN_METHODS: Record<SignInMethod, string> = { password: "with a password", provider: "through the sign-in provider" };

/** Why a checked sign-in was refused; a wrong password and an unknown email are one reason, as the visitor is told. */
export type FailedSignInReason = "invalid" | "inactive" | "temporaryPasswordExpired" | "not-invited" | "bound-elsewhere" | "unverifiedEmail";

const FAILED_SIGN_IN_REASONS: Record<FailedSignInReason, string> = {
  invalid: "wrong email or password",
  inactive: "the account is deactivated",
  temporaryPasswordExpired: "the temporary password has expired",
  "not-invited": "no admin account has this email",
  "bound-elsewhere": "the account is linked to another sign-in at the provider",
  unverifiedEmail: "the provider did not confirm the email",
};

/** An IPv4 client as itself, not as the IPv6 form Node gives it ("::ffff:203.0.113.7"). */
const shownAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

/** A staff sign-in, with where it came from. */
export async function recordSignIn(user: AdminUser, method: SignInMethod, clientAddress: string): Promise<void> {
  await recordAudit(user, {
    action: "sign_in.succeeded",
    // The actor is the user; no entity, so a user's own record lists the changes made to it, not every sign-in.
    entityType: "signIn",
    summary: `Signed in ${SIGN_IN_METHODS[method]} from ${shownAddress(clientAddress)}`,
  });
}

/** A sign-in that was checked and refused: the email tried (never the password) and where it came from. */
export async function recordFailedSignIn(attempt: { email: string; method: SignInMethod; reason: FailedSignInReason; clientAddress: string }): Promise<void> {
  const typed = attempt.email.trim().slice(0, 254);
  const email = typed || "(no email)";
  await recordAudit(null, {
    action: "sign_in.failed",
    entityType: "signIn",
    actorName: "Visitor",
    // The person the entry is about, as the sign-in throttle keys them: matched exactly, never by the summary's text.
    signInEmail: typed ? accountKey(typed) : null,
    summary: `Failed sign-in as ${email} ${SIGN_IN_METHODS[attempt.method]} from ${shownAddress(attempt.clientAddress)}: ${FAILED_SIGN_IN_REASONS[attempt.reason]}`,
  });
}
