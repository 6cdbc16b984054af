import { setTimeout as sleep } from "node:timers/promises";
import { type AdminUser, FIRST_SUPER_ADMIN_NAME, lacksPersonalName } from "./admin-users";
import type { PasswordChangeInput } from "./account-schema";
import { clientKey } from "~/platform/client-address";
import { accountKey } from "./sign-in";
import { getDb, nowIso } from "~/platform/db.server";
import { localSignInEnabled } from "~/platform/env.server";
import { admitSignInCheck, hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from "~/platform/password.server";
import { forgetFirstAdminPassword } from "~/platform/first-admin-password.server";
import { recordAudit } from "./audit-log.server";
import { ModelError } from "~/platform/model-error.server";
import { startSession } from "./sessions.server";
import { claimSignInAttempt, clearClientFailures, recordAccountFailure } from "./sign-in-throttle.server";
import { toAdminUser } from "./admin-users.server";
import type { AdminUserRow, AdminUsersTable } from "./staff-tables";
import { PASSWORD_TEXT, throttledText } from "./staff-messages";
import { LIMITS } from "~/lib/form-fields";

/** Signing in (email and password, or the provider) and changing one's own password. */

export type LocalSignInResult =
  | { ok: true; user: AdminUser }
  | { ok: false; reason: "invalid" | "inactive" | "temporaryPasswordExpired" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Email + password check, slowed by the sign-in throttle (see sign-in-throttle.server.ts): a client that keeps failing for an account waits longer and longer;
 * nobody else is ever refused the right password. The answers never say whether the email exists: an unknown one is throttled the same way and answered after
 * the same time (see verifyAgainstNothing).
 */
export async function verifyLocalSignIn(email: string, password: string, clientAddress: string): Promise<LocalSignInResult> {
  const db = await getDb();
  const row = await db.selectFrom("adminUsers").selectAll().where("email", "=", email.trim()).executeTakeFirst();
  // Before the attempt is counted: a sign-in turned away (PasswordChecksBusy) costs its owner nothing.
  const release = admitSignInCheck(Boolean(row?.passwordHash));
  try {
    return await checkLocalSignIn(row, password, accountKey(email), clientKey(clientAddress));
  } finally {
    release();
  }
}

async function checkLocalSignIn(row: AdminUserRow | undefined, password: string, account: string, client: string): Promise<LocalSignInResult> {
  const claim = await claimSignInAttempt(account, client);
  if (!claim.allowed) return { ok: false, reason: "throttled", retryAfterSeconds: claim.retryAfterSeconds };
  if (claim.delayMs > 0) await sleep(claim.delayMs);

  const db = await getDb();
  const matches = row?.passwordHash ? await verifyPassword(password, row.passwordHash) : await verifyAgainstNothing();
  if (!row?.passwordHash || !matches) {
    await recordAccountFailure(account);
    return { ok: false, reason: "invalid" };
  }
  await clearClientFailures(account, client);
  if (row.isActive !== 1) return { ok: false, reason: "inactive" };
  if (row.temporaryPasswordExpiresAt && Date.parse(row.temporaryPasswordExpiresAt) <= Date.now()) {
    return { ok: false, reason: "temporaryPasswordExpired" };
  }
  if (needsRehash(row.passwordHash)) {
    // Stored with weaker settings than today's: replaced now that the password is at hand.
    await db
      .updateTable("adminUsers")
      .set({ passwordHash: await hashPassword(password) })
      .where("id", "=", row.id)
      .where("passwordHash", "=", row.passwordHash)
      .execute();
  }
  return { ok: true, user: toAdminUser(row) };
}

/** The signed-in user and whether they must still replace a temporary password. */
export interface AdminAccount {
  user: AdminUser;
  passwordChangeRequired: boolean;
  hasLocalPassword: boolean;
  temporaryPasswordExpiresAt: string | null;
}

export async function findAdminAccount(id: string): Promise<AdminAccount | undefined> {
  const db = await getDb();
  const row = await db.selectFrom("adminUsers").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return {
    user: toAdminUser(row),
    // Only where passwords sign anyone in: with the provider alone, a leftover temporary one opens nothing.
    passwordChangeRequired: localSignInEnabled && Boolean(row.passwordHash && row.temporaryPasswordExpiresAt),
    hasLocalPassword: Boolean(row.passwordHash),
    temporaryPasswordExpiresAt: row.passwordHash ? row.temporaryPasswordExpiresAt : null,
  };
}

export interface PasswordChanged {
  user: AdminUser;
  /** The session that replaces the one the change was made from (for its cookie). */
  sessionId: string;
}

/**
 * A signed-in user replaces their own password. The current one is checked (throttled like a sign-in); every session of the user ends, and the one the change
 * came from is replaced by a fresh one (a new id: whoever had learnt the old id, with or without the old password, has nothing); audited.
 */
export async function changeOwnPassword(actor: AdminUser, input: PasswordChangeInput, clientAddress: string): Promise<PasswordChanged> {
  const db = await getDb();
  const row = await db.selectFrom("adminUsers").selectAll().where("id", "=", actor.id).executeTakeFirst();
  if (!row) throw new ModelError(404, "User not found");
  if (!row.passwordHash || !localSignInEnabled) throw new ModelError(409, PASSWORD_TEXT.noLocalPassword);
  const account = accountKey(row.email);
  const client = clientKey(clientAddress);
  const claim = await claimSignInAttempt(account, client);
  if (!claim.allowed) throw new ModelError(429, throttledText(claim.retryAfterSeconds), "currentPassword");
  if (claim.delayMs > 0) await sleep(claim.delayMs);
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
    await recordAccountFailure(account);
    throw new ModelError(400, PASSWORD_TEXT.currentWrong, "currentPassword");
  }
  await clearClientFailures(account, client);
  if (row.temporaryPasswordExpiresAt && Date.parse(row.temporaryPasswordExpiresAt) <= Date.now()) {
    throw new ModelError(400, PASSWORD_TEXT.temporaryPasswordExpired, "currentPassword");
  }
  const passwordHash = await hashPassword(input.newPassword);
  const changed = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("adminUsers")
      .set({ passwordHash, temporaryPasswordExpiresAt: null, updatedAt: nowIso() })
      .where("id", "=", actor.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.deleteFrom("sessions").where("adminUserId", "=", actor.id).execute();
    const sessionId = await startSession(actor.id, trx);
    await recordAudit(actor, { action: "user.password_changed", entityType: "adminUser", entityId: actor.id, summary: "Changed their own password" }, trx);
    return { user: toAdminUser(updated), sessionId };
  });
  forgetFirstAdminPassword(changed.user.email);
  return changed;
}

/**
 * On sign-in through the provider, fill in the name and picture the row lacks. A name staff typed is kept; the first super admin's "Site Administrator" is
 * no one's name, so the provider's replaces it. The given and family names are the provider's own split; a provider that gives only a full name ("name")
 * is split at its first space, the usual first name; one that gives neither leaves the name empty (greetings then use the email, see greetingName).
 */
export async function fillProfileFromProvider(
  user: AdminUser,
  claims: { givenName?: string; familyName?: string; name?: string; picture?: string },
): Promise<AdminUser> {
  const [firstWord = "", ...otherWords] = (claims.name ?? "").trim().split(/\s+/);
  const given = claims.givenName?.trim() || firstWord.slice(0, LIMITS.name);
  const family = claims.familyName?.trim() || (claims.givenName?.trim() ? "" : otherWords.join(" ").slice(0, LIMITS.name));
  const changes: Partial<Pick<AdminUsersTable, "firstName" | "lastName" | "profileImageUrl">> = {};
  if (lacksPersonalName(user) && given) {
    changes.firstName = given;
    changes.lastName = family || (user.lastName === FIRST_SUPER_ADMIN_NAME.lastName ? "" : user.lastName);
  } else if (!user.lastName && family) changes.lastName = family;
  if (!user.profileImageUrl && claims.picture?.startsWith("https://")) changes.profileImageUrl = claims.picture;
  if (Object.keys(changes).length === 0) return user;
  const db = await getDb();
  const row = await db
    .updateTable("adminUsers")
    .set({ ...changes, updatedAt: nowIso() })
    .where("id", "=", user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAdminUser(row);
}

export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string;
}

export type ProviderSignInResult = { ok: true; user: AdminUser } | { ok: false; reason: "not-invited" | "inactive" | "bound-elsewhere" };

/**
 * Who a provider sign-in is: the user already bound to this issuer and subject; otherwise the invited user with this email, bound to them now (the first
 * sign-in). An email already bound to another subject is refused, so a second account at the provider that claims the address gets nowhere.
 */
export async function findUserForProviderSignIn(identity: ProviderIdentity): Promise<ProviderSignInResult> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const bound = await trx
      .selectFrom("adminUsers")
      .selectAll()
      .where("providerIssuer", "=", identity.issuer)
      .where("providerSubject", "=", identity.subject)
      .executeTakeFirst();
    if (bound) return bound.isActive === 1 ? { ok: true, user: toAdminUser(bound) } : { ok: false, reason: "inactive" };

    const invited = await trx.selectFrom("adminUsers").selectAll().where("email", "=", identity.email.trim()).executeTakeFirst();
    if (!invited) return { ok: false, reason: "not-invited" };
    if (invited.providerSubject !== null) return { ok: false, reason: "bound-elsewhere" };
    if (invited.isActive !== 1) return { ok: false, reason: "inactive" };
    const row = await trx
      .updateTable("adminUsers")
      .set({ providerIssuer: identity.issuer, providerSubject: identity.subject, updatedAt: nowIso() })
      .where("id", "=", invited.id)
      .where("providerSubject", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (!row) return { ok: false, reason: "bound-elsewhere" };
    return { ok: true, user: toAdminUser(row) };
  });
}
