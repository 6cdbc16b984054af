import type { AdminUser } from "~/lib/admin-users";
import { fullName } from "~/lib/admin-users";
import type { Transaction } from "kysely";
import { getDb, nowIso } from "~/infrastructure/db.server";
import type { Database } from "~/lib/database-types";

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  summary: string;
  /** Who, when there is no signed-in actor (default "System"). */
  actorName?: string;
}

/** Records an admin change; pass the transaction that made the change so both land together. */
export async function recordAudit(actor: AdminUser | null, entry: AuditEntry, trx?: Transaction<Database>): Promise<void> {
  const db = trx ?? (await getDb());
  await db
    .insertInto("auditLog")
    .values({
      actorId: actor?.id ?? null,
      actorName: actor ? fullName(actor) : (entry.actorName ?? "System"),
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      summary: entry.summary,
      createdAt: nowIso(),
    })
    .execute();
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
  const email = attempt.email.trim().slice(0, 254) || "(no email)";
  await recordAudit(null, {
    action: "sign_in.failed",
    entityType: "signIn",
    actorName: "Visitor",
    summary: `Failed sign-in as ${email} ${SIGN_IN_METHODS[attempt.method]} from ${shownAddress(attempt.clientAddress)}: ${FAILED_SIGN_IN_REASONS[attempt.reason]}`,
  });
}
