import type { Kysely, Selectable, Transaction } from "kysely";
import { fullName, newAdminUserId, type AdminUser } from "./admin-users";
import type { NewAdminUserInput } from "./admin-users-schema";
import { accountKey, temporaryPasswordExpiry } from "./sign-in";
import { forChange, getDb, isUniqueViolation, nowIso } from "~/platform/db.server";
import type { Database } from "~/platform/database-types";
import { localSignInEnabled } from "~/platform/env.server";
import { generatePassword, hashPassword } from "~/platform/password.server";
import { forgetFirstAdminPassword } from "~/platform/first-admin-password.server";
import { recordAudit } from "./audit-log.server";
import { ModelError } from "~/platform/model-error.server";
import { clearAccountFailures } from "./sign-in-throttle.server";
import { ADMIN_ROLE_LABELS, type AdminRole } from "./admin-roles";
import type { AdminUsersTable } from "./staff-tables";
import { PASSWORD_TEXT } from "./staff-messages";

/** Staff accounts as super admins manage them: list, add, role, deactivate, reactivate, password reset. */

export function toAdminUser(row: Selectable<AdminUsersTable>): AdminUser {
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

/** Every active staff member by name, as a list's owner filter offers them (quotes, orders). */
export async function activeStaffChoices(): Promise<Array<{ id: string; name: string }>> {
  const db = await getDb();
  const users = await db.selectFrom("adminUsers").select(["id", "firstName", "lastName"]).where("isActive", "=", 1).execute();
  return users.map((user) => ({ id: user.id, name: fullName(user) })).sort((a, b) => a.name.localeCompare(b.name));
}

export async function findAdminUserById(id: string): Promise<AdminUser | undefined> {
  // An id from a URL holding a NUL names no user (Postgres would refuse the query itself).
  if (id.includes("\u0000")) return undefined;
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
   * With local sign-in: the new user's first password, given to the creator once and never stored in clear; changed at first sign-in, expires after
   * TEMPORARY_PASSWORD_DAYS.
   */
  temporaryPassword?: string;
};

/** The invite: a row for the email; that person can then sign in through the provider. With local sign-in they also get a temporary password. */
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
    const summary = `Added ${fullName(user)} as ${ADMIN_ROLE_LABELS[user.role]}`;
    await recordAudit(actor, { action: "user.created", entityType: "adminUser", entityId: user.id, summary }, trx);
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
    const summary = `Changed ${fullName(user)}'s role to ${ADMIN_ROLE_LABELS[role]}`;
    await recordAudit(actor, { action: "user.role_changed", entityType: "adminUser", entityId: id, summary }, trx);
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

export type PasswordResetResult = AdminUser & { temporaryPassword: string; temporaryPasswordExpiresAt: string };

/**
 * A super admin gives someone else a new temporary password (shown to them once): it must be changed at first sign-in and expires after
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
