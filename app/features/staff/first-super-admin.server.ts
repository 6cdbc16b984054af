import { FIRST_SUPER_ADMIN_NAME, newAdminUserId } from "./admin-users";
import { TEMPORARY_PASSWORD_DAYS, temporaryPasswordExpiry } from "./sign-in";
import { getDb, nowIso } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { generatePassword, hashPassword, verifyPassword } from "~/platform/password.server";
import { forgetFirstAdminPassword, keepFirstAdminPassword, readFirstAdminPassword } from "~/platform/first-admin-password.server";
import { logger } from "~/platform/logger.server";
import { findAdminUserByEmail } from "./admin-users.server";
import { countOf } from "~/lib/plural";

/**
 * At start-up: ADMIN_EMAIL + ADMIN_PASSWORD create that super admin when no such account exists; an existing one is left as it is (its role, whether it is
 * active and its password are the portal's to change, not undone at every start). With neither set and no users at all, a first super admin is made with a
 * temporary password, kept in a file only the server's user can read (the log says where): it must be changed at first sign-in and expires after
 * TEMPORARY_PASSWORD_DAYS. A file left from before whose password no longer signs that account in (changed or reset on another machine) is deleted.
 */
export async function ensureBootstrapAdmin(): Promise<void> {
  const db = await getDb();
  const now = nowIso();
  const firstSuperAdmin = {
    ...FIRST_SUPER_ADMIN_NAME,
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
      `it must be changed at first sign-in and expires in ${countOf(TEMPORARY_PASSWORD_DAYS, "day")})`,
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
