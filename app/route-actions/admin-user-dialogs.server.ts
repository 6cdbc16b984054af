import { json } from "@remix-run/node";
import type { AdminUser } from "~/lib/admin-users";
import { findAdminUserById } from "~/models/admin-users.server";
import { requireAdminPageUser } from "~/route-actions/auth.server";

/** Every Users dialog, loader and action alike: a signed-in super admin. */
export function requireUserManager(request: Request): Promise<AdminUser> {
  return requireAdminPageUser(request, { permission: "manageUsers", signedOut: "user-management" });
}

/** The user a dialog is about; an unknown id is a 404 shown inside the dialog. */
export async function requireDialogSubject(id: string | undefined): Promise<AdminUser> {
  const user = id ? await findAdminUserById(id) : undefined;
  if (!user) throw json({ message: "User not found" }, { status: 404 });
  return user;
}
