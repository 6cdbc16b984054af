import type { Kysely, Selectable, Transaction } from "kysely";
import { fullName, newAdminUserId, type AdminUser } from "~/lib/admin-users";
import { ADMIN_ROLE_LABELS, type AdminRole } from "~/lib/enums";
import type { NewAdminUserInput } from "~/lib/schemas/admin-users";
import { getDb, nowIso } from "~/services/db.server";
import type { AdminUsersTable, Database } from "~/services/database-types";
import { env, localSignInEnabled } from "~/services/env.server";
import { generatePassword, hashPassword, verifyPassword } from "~/services/password.server";
import { recordAudit } from "./audit-log.server";
import { ModelError } from "./model-error.server";

const MAX_FAILED_SIGN_INS = 5;
const LOCK_MINUTES = 15;

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

/** Counted inside the change's own transaction, so two changes at once cannot both pass the check. */
async function countActiveSuperAdmins(db: Kysely<Database> | Transaction<Database>): Promise<number> {
  const { count } = await db
    .selectFrom("adminUsers")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("role", "=", "super_admin")
    .where("isActive", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export type CreatedAdminUser = AdminUser & {
  /** With local sign-in: the new user's first password, given to the creator once and never stored in clear. */
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
        createdAt: now,
        updatedAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((error: { code?: string; message?: string }) => {
        if (error.code === "SQLITE_CONSTRAINT_PRIMARYKEY" || error.code === "SQLITE_CONSTRAINT_UNIQUE") {
          throw new ModelError(409, error.message?.includes("email") ? "An admin user with this email already exists" : "An admin user with this id already exists");
        }
        throw error;
      });
    const user = toAdminUser(row);
    await recordAudit(actor, { action: "user.created", entityType: "adminUser", entityId: user.id, summary: `Added ${fullName(user)} as ${ADMIN_ROLE_LABELS[user.role]}` }, trx);
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
    await recordAudit(actor, { action: "user.role_changed", entityType: "adminUser", entityId: id, summary: `Changed ${fullName(user)}'s role to ${ADMIN_ROLE_LABELS[role]}` }, trx);
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
    const row = await trx
      .updateTable("adminUsers")
      .set({ isActive: 1, failedSignInCount: 0, lockedUntil: null, updatedAt: nowIso() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(actor, { action: "user.reactivated", entityType: "adminUser", entityId: id, summary: `Reactivated ${fullName(user)}` }, trx);
    return toAdminUser(row);
  });
}

export type LocalSignInResult =
  | { ok: true; user: AdminUser }
  | { ok: false; reason: "invalid" | "locked" | "inactive"; lockedUntil?: string };

/**
 * Email + password check with a lock: five wrong passwords in a row lock the
 * account for fifteen minutes. The answer never says whether the email exists.
 */
export async function verifyLocalSignIn(email: string, password: string): Promise<LocalSignInResult> {
  const db = await getDb();
  const row = await db.selectFrom("adminUsers").selectAll().where("email", "=", email.trim()).executeTakeFirst();
  if (!row?.passwordHash) {
    // Same work as a real check, so timing does not tell which emails exist.
    await hashPassword(password);
    return { ok: false, reason: "invalid" };
  }
  const now = new Date();
  if (row.lockedUntil && new Date(row.lockedUntil) > now) return { ok: false, reason: "locked", lockedUntil: row.lockedUntil };
  const matches = await verifyPassword(password, row.passwordHash);
  if (!matches) {
    const failures = row.failedSignInCount + 1;
    const lockedUntil = failures >= MAX_FAILED_SIGN_INS ? new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString() : null;
    await db
      .updateTable("adminUsers")
      .set({ failedSignInCount: lockedUntil ? 0 : failures, lockedUntil })
      .where("id", "=", row.id)
      .execute();
    return lockedUntil ? { ok: false, reason: "locked", lockedUntil } : { ok: false, reason: "invalid" };
  }
  if (row.isActive !== 1) return { ok: false, reason: "inactive" };
  if (row.failedSignInCount > 0 || row.lockedUntil) {
    await db.updateTable("adminUsers").set({ failedSignInCount: 0, lockedUntil: null }).where("id", "=", row.id).execute();
  }
  return { ok: true, user: toAdminUser(row) };
}

/** On sign-in through the provider, fill in the name and picture the row lacks. */
export async function fillProfileFromProvider(
  user: AdminUser,
  claims: { givenName?: string; familyName?: string; picture?: string },
): Promise<AdminUser> {
  const changes: Partial<Pick<AdminUsersTable, "firstName" | "lastName" | "profileImageUrl">> = {};
  if (!user.firstName && claims.givenName) changes.firstName = claims.givenName;
  if (!user.lastName && claims.familyName) changes.lastName = claims.familyName;
  if (!user.profileImageUrl && claims.picture?.startsWith("https://")) changes.profileImageUrl = claims.picture;
  if (Object.keys(changes).length === 0) return user;
  const db = await getDb();
  const row = await db.updateTable("adminUsers").set({ ...changes, updatedAt: nowIso() }).where("id", "=", user.id).returningAll().executeTakeFirstOrThrow();
  return toAdminUser(row);
}

/**
 * At start-up: ADMIN_EMAIL + ADMIN_PASSWORD make sure that super admin exists,
 * is active and has that password. With neither set and no users at all, a
 * first super admin is made and its password printed once to the log.
 */
export async function ensureBootstrapAdmin(): Promise<void> {
  const db = await getDb();
  const now = nowIso();
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const passwordHash = await hashPassword(env.ADMIN_PASSWORD);
    const existing = await findAdminUserByEmail(env.ADMIN_EMAIL);
    if (existing) {
      await db
        .updateTable("adminUsers")
        .set({ role: "super_admin", isActive: 1, passwordHash, failedSignInCount: 0, lockedUntil: null, updatedAt: now })
        .where("id", "=", existing.id)
        .execute();
    } else {
      await db
        .insertInto("adminUsers")
        .values({ id: newAdminUserId(), email: env.ADMIN_EMAIL, firstName: "Site", lastName: "Administrator", role: "super_admin", isActive: 1, profileImageUrl: null, passwordHash, createdAt: now, updatedAt: now })
        .execute();
    }
    return;
  }
  const { count } = await db.selectFrom("adminUsers").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  if (Number(count) > 0) return;
  const email = `admin@${env.BRAND_EMAIL.split("@")[1]}`;
  const password = generatePassword();
  await db
    .insertInto("adminUsers")
    .values({ id: newAdminUserId(), email, firstName: "Site", lastName: "Administrator", role: "super_admin", isActive: 1, profileImageUrl: null, passwordHash: await hashPassword(password), createdAt: now, updatedAt: now })
    .execute();
  console.info(`First super admin created. Sign in at /admin with ${email} and this one-time password: ${password}`);
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
