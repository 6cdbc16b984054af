import { json } from "@remix-run/node";
import type { AdminUser, NewUserInvite } from "./admin-users";
import { findAdminUserById } from "./admin-users.server";
import { holdTemporaryPasswordNotice, takeTemporaryPasswordNotice } from "./temporary-password-notices.server";
import { requireAdminPageUser } from "./auth.server";
import { sessionIdFrom } from "./session.server";

/** Every Users dialog, loader and action alike: a signed-in super admin. */
export function requireUserManager(request: Request): Promise<AdminUser> {
  return requireAdminPageUser(request, { permission: "manageUsers", signedOut: "user-management" });
}

/** Every Users dialog's loader: for a signed-in super admin, the user the dialog is about; an unknown id is a 404 shown inside the dialog. */
export async function loadUserDialog(request: Request, id: string | undefined): Promise<{ user: AdminUser }> {
  await requireUserManager(request);
  const user = id ? await findAdminUserById(id) : undefined;
  if (!user) throw json({ message: "User not found" }, { status: 404 });
  return { user };
}

/** A temporary password to show once on the Users screen, to this request's session alone (never in a cookie). */
export async function showOnceToThisSession(request: Request, notice: NewUserInvite): Promise<void> {
  const sessionId = await sessionIdFrom(request);
  if (sessionId) await holdTemporaryPasswordNotice(sessionId, notice);
}

/** The temporary password waiting for this request's session, taken (it is shown this once), or null. */
export async function takeNoticeForThisSession(request: Request): Promise<NewUserInvite | null> {
  const sessionId = await sessionIdFrom(request);
  return sessionId ? takeTemporaryPasswordNotice(sessionId) : null;
}
