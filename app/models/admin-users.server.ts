import type { Kysely, Selectable, Transaction } from "kysely";
import { fullName, newAdminUserId, type AdminUser } from "~/lib/admin-users";
import { ADMIN_ROLE_LABELS, type AdminRole } from "~/lib/enums";
import { PASSWORD_TEXT, throttledText } from "~/lib/messages";
import type { PasswordChangeInput } from "~/lib/schemas/account";
import type { NewAdminUserInput } from "~/lib/schemas/admin-users";
import { clientKey } from "~/lib/client-address";
import { accountKey, TEMPORARY_PASSWORD_DAYS, temporaryPasswordExpiry } from "~/lib/sign-in";
import { forChange, getDb, isUniqueViolation, nowIso } from "~/infrastructure/db.server";
import type { AdminUsersTable, Database } from "~/lib/database-types";
import { env, localSignInEnabled } from "~/infrastructure/env.server";
import { generatePassword, hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from "~/infrastructure/password.server";
import { forgetFirstAdminPassword, keepFirstAdminPassword, readFirstAdminPassword } from "~/infrastructure/first-admin-password.server";
import { recordAudit } from "./audit-log.server";
import { ModelError } from "./model-error.server";
import { startSession } from "./sessions.server";
import { claimSignInAttempt, clearAccountFailures, clearClientFailures, recordAccountFailure } from "./sign-in-throttle.server";
import { logger } from "~/infrastructure/logger.server";

function toAdminUser(row: Selectable<AdminUsersTable>): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    isActive: row.isActive === 1,
    profileImageUrl: row.profileImageUrl,
    createdAt: row.createdAt,
  };
}

export async function listAdminUsers(): Promise<AdminUser[]> {
  const db = await getDb();
  const rows = await db.selectFrom("adminUsers").selectAll().orderBy("createdAt", "asc").orderBy("id", "asc").execute();
  return rows.map(toAdminUser);
}

export async function findAdminUserById(id: string): Promise<AdminUser | undefined> {
  const db = await getDb();
  const row = await db.selectFrom("adminUsers").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toAdminUser(row);
}

export async function findAdminUserByEmail(email: string): Promise<AdminUser | undefined> {
  const db = await getDb();
  const row = await db.selectFrom("adminUsers").selectAll().where("email", "=", email.trim()).executeTakeFirst();
  return row && toAdminUser(row);
}

async function requireOtherUser(actor: AdminUser, id: string, doing: string): Promise<AdminUser> {
  if (id === actor.id) throw new ModelError(403, `You cannot ${doing} your own account`);
  const user = await findAdminUserById(id);
  if (!user) throw new ModelError(404, "User not found");
  return user;
}

/** Counted inside the change's own transaction, locked (forChange), so two changes at once cannot both pass the check. */
async function countActiveSuperAdmins(db: Kysely<Database> | Transaction<Database>): Promise<number> {
  const activeSuperAdmins = db.selectFrom("adminUsers").select("id").where("role", "=", "super_admin").where("isActive", "=", 1);
  return (await forChange(activeSuperAdmins).execute()).length;
}

export type CreatedAdminUser = AdminUser & {
  /**
   * With local sign-in: the new user's first password, given to the creator
   * once and never stored in clear; changed at first sign-in, expires after
   * TEMPORARY_PASSWORD_DAYS.
   */
  temporaryPassword?: string;
};

/**
 * The invite: a row for the email; that person can then sign in through the
 * provider. With local sign-in they also get a temporary password.
 */
export async function createAdminUser(actor: AdminUser, input: NewAdminUserInput): Promise<CreatedAdminUser> {
  if (await findAdminUserByEmail(input.email)) throw new ModelError(409, "An admin user with this email already exists");
  const db = await getDb();
  const now = nowIso();
  const temporaryPassword = localSignInEnabled ? generatePassword() : undefined;
  const passwordHash = temporaryPassword ? await hashPassword(temporaryPassword) : null;
  const temporaryPasswordExpiresAt = temporaryPassword ? temporaryPasswordExpiry() : null;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("adminUsers")
      .values({
        id: input.id ?? newAdminUserId(),
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        isActive: input.isActive === false ? 0 : 1,
        profileImageUrl: input.profileImageUrl ?? null,
        passwordHash,
        temporaryPasswordExpiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        if (isUniqueViolation(error, "adminUsers", "email")) throw new ModelError(409, "An admin user with this email already exists");
        if (isUniqueViolation(error, "adminUsers", "id")) throw new ModelError(409, "An admin user with this id already exists");
        throw error;
      });
    const user = toAdminUser(row);
    await recordAudit(
      actor,
      { action: "user.created", entityType: "adminUser", entityId: user.id, summary: `Added ${fullName(user)} as ${ADMIN_ROLE_LABELS[user.role]}` },
      trx,
    );
    return temporaryPassword ? { ...user, temporaryPassword } : user;
  });
}

export async function changeAdminUserRole(actor: AdminUser, id: string, role: AdminRole): Promise<AdminUser> {
  const user = await requireOtherUser(actor, id, "change the role of");
  if (user.role === role) return user;
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    if (user.role === "super_admin" && user.isActive && (await countActiveSuperAdmins(trx)) <= 1) {
      throw new ModelError(409, "The last active super admin cannot be given another role");
    }
    const row = await trx.updateTable("adminUsers").set({ role, updatedAt: nowIso() }).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
    await recordAudit(
      actor,
      { action: "user.role_changed", entityType: "adminUser", entityId: id, summary: `Changed ${fullName(user)}'s role to ${ADMIN_ROLE_LABELS[role]}` },
      trx,
    );
    return toAdminUser(row);
  });
}

/** Deactivating signs the user out at once: their sessions are deleted. */
export async function deactivateAdminUser(actor: AdminUser, id: string): Promise<AdminUser> {
  const user = await requireOtherUser(actor, id, "deactivate");
  if (!user.isActive) return user;
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    if (user.role === "super_admin" && (await countActiveSuperAdmins(trx)) <= 1) {
      throw new ModelError(409, "The last active super admin cannot be deactivated");
    }
    const row = await trx.updateTable("adminUsers").set({ isActive: 0, updatedAt: nowIso() }).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
    await trx.deleteFrom("sessions").where("adminUserId", "=", id).execute();
    await recordAudit(actor, { action: "user.deactivated", entityType: "adminUser", entityId: id, summary: `Deactivated ${fullName(user)}` }, trx);
    return toAdminUser(row);
  });
}

export async function reactivateAdminUser(actor: AdminUser, id: string): Promise<AdminUser> {
  const user = await requireOtherUser(actor, id, "reactivate");
  if (user.isActive) return user;
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const row = await trx.updateTable("adminUsers").set({ isActive: 1, updatedAt: nowIso() }).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
    await recordAudit(actor, { action: "user.reactivated", entityType: "adminUser", entityId: id, summary: `Reactivated ${fullName(user)}` }, trx);
    return toAdminUser(row);
  });
}

export type LocalSignInResult =
  | { ok: true; user: AdminUser }
  | { ok: false; reason: "invalid" | "inactive" | "temporaryPasswordExpired" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Email + password check, slowed by the sign-in throttle (see
 * sign-in-throttle.server.ts): a client that keeps failing for an account
 * waits longer and longer; nobody else is ever refused the right password.
 * The answers never say whether the email exists: an unknown one is
 * throttled the same way and costs the same hashing work.
 */
export async function verifyLocalSignIn(email: string, password: string, clientAddress: string): Promise<LocalSignInResult> {
  const account = accountKey(email);
  const client = clientKey(clientAddress);
  const claim = await claimSignInAttempt(account, client);
  if (!claim.allowed) return { ok: false, reason: "throttled", retryAfterSeconds: claim.retryAfterSeconds };
  if (claim.delayMs > 0) await sleep(claim.delayMs);

  const db = await getDb();
  const row = await db.selectFrom("adminUsers").selectAll().where("email", "=", email.trim()).executeTakeFirst();
  const matches = row?.passwordHash ? await verifyPassword(password, row.passwordHash) : await verifyAgainstNothing(password);
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
 * A signed-in user replaces their own password. The current one is checked
 * (throttled like a sign-in); every session of the user ends, and the one the
 * change came from is replaced by a fresh one (a new id: whoever had learnt the
 * old id, with or without the old password, has nothing); audited.
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

export type PasswordResetResult = AdminUser & { temporaryPassword: string; temporaryPasswordExpiresAt: string };

/**
 * A super admin gives someone else a new temporary password (shown to them
 * once): it must be changed at first sign-in and expires after
 * TEMPORARY_PASSWORD_DAYS. The user's sessions end; audited.
 */
export async function resetAdminUserPassword(actor: AdminUser, id: string): Promise<PasswordResetResult> {
  const user = await requireOtherUser(actor, id, "reset the password of");
  if (!localSignInEnabled) throw new ModelError(409, PASSWORD_TEXT.providerOnly);
  const temporaryPassword = generatePassword();
  const passwordHash = await hashPassword(temporaryPassword);
  const expiresAt = temporaryPasswordExpiry();
  const db = await getDb();
  const updated = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("adminUsers")
      .set({ passwordHash, temporaryPasswordExpiresAt: expiresAt, updatedAt: nowIso() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.deleteFrom("sessions").where("adminUserId", "=", id).execute();
    await recordAudit(actor, { action: "user.password_reset", entityType: "adminUser", entityId: id, summary: `Reset ${fullName(user)}'s password` }, trx);
    return toAdminUser(row);
  });
  await clearAccountFailures(accountKey(updated.email));
  forgetFirstAdminPassword(updated.email);
  return { ...updated, temporaryPassword, temporaryPasswordExpiresAt: expiresAt };
}

/** On sign-in through the provider, fill in the name and picture the row lacks. */
export async function fillProfileFromProvider(user: AdminUser, claims: { givenName?: string; familyName?: string; picture?: string }): Promise<AdminUser> {
  const changes: Partial<Pick<AdminUsersTable, "firstName" | "lastName" | "profileImageUrl">> = {};
  if (!user.firstName && claims.givenName) changes.firstName = claims.givenName;
  if (!user.lastName && claims.familyName) changes.lastName = claims.familyName;
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

/**
 * At start-up: ADMIN_EMAIL + ADMIN_PASSWORD create that super admin when no
 * such account exists; an existing one is left as it is (its role, whether it
 * is active and its password are the portal's to change, not undone at every
 * start). With neither set and no users at all, a first super admin is made
 * with a temporary password, kept in a file only the server's user can read
 * (the log says where): it must be changed at first sign-in and expires after
 * TEMPORARY_PASSWORD_DAYS. A file left from before whose password no longer
 * signs that account in (changed or reset on another machine) is deleted.
 */
export async function ensureBootstrapAdmin(): Promise<void> {
  const db = await getDb();
  const now = nowIso();
  const firstSuperAdmin = {
    firstName: "Site",
    lastName: "Administrator",
    role: "super_admin",
    isActive: 1,
    profileImageUrl: null,
    createdAt: now,
    updatedAt: now,
  } as const;
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    if (await findAdminUserByEmail(env.ADMIN_EMAIL)) return;
    await db
      .insertInto("adminUsers")
      .values({
        ...firstSuperAdmin,
        id: newAdminUserId(),
        email: env.ADMIN_EMAIL,
        passwordHash: await hashPassword(env.ADMIN_PASSWORD),
        temporaryPasswordExpiresAt: null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    logger.info({ event: "admin.super_admin_created" }, `Super admin ${env.ADMIN_EMAIL} created from ADMIN_EMAIL and ADMIN_PASSWORD.`);
    return;
  }
  const { count } = await db
    .selectFrom("adminUsers")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) {
    await forgetUselessFirstAdminPassword();
    return;
  }
  const email = `admin@${env.BRAND_EMAIL.split("@")[1]}`;
  const password = generatePassword();
  const expiresAt = temporaryPasswordExpiry();
  // The file first: a user whose only password went nowhere could never be signed in to.
  const file = keepFirstAdminPassword({ email, password, expiresAt });
  await db
    .insertInto("adminUsers")
    .values({
      ...firstSuperAdmin,
      id: newAdminUserId(),
      email,
      passwordHash: await hashPassword(password),
      temporaryPasswordExpiresAt: expiresAt,
    })
    .execute();
  logger.info(
    { event: "admin.first_super_admin_created", passwordFile: file },
    `First super admin created. Sign in at /admin with ${email} and the one-time password in ${file} (readable by this server's user only; ` +
      `it must be changed at first sign-in and expires in ${TEMPORARY_PASSWORD_DAYS} days)`,
  );
}

/** Deletes the first super admin's password file once its password no longer signs that account in. */
async function forgetUselessFirstAdminPassword(): Promise<void> {
  const kept = readFirstAdminPassword();
  if (!kept) return;
  const db = await getDb();
  const row = kept.email ? await db.selectFrom("adminUsers").selectAll().where("email", "=", kept.email).executeTakeFirst() : undefined;
  const stillWorks = Boolean(row?.passwordHash && row.temporaryPasswordExpiresAt && kept.password && (await verifyPassword(kept.password, row.passwordHash)));
  if (!stillWorks) forgetFirstAdminPassword();
}

export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string;
}

export type ProviderSignInResult = { ok: true; user: AdminUser } | { ok: false; reason: "not-invited" | "inactive" | "bound-elsewhere" };

/**
 * Who a provider sign-in is: the user already bound to this issuer and
 * subject; otherwise the invited user with this email, bound to them now (the
 * first sign-in). An email already bound to another subject is refused, so a
 * second account at the provider that claims the address gets nowhere.
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
