import { useRouteLoaderData } from "@remix-run/react";
import type { AdminUser } from "./admin-users";
import type { Permission } from "./permissions";

interface AdminLayoutData {
  user: AdminUser | null;
  permissions: Record<Permission, boolean> | null;
}

/** The signed-in admin user, or null when signed out or when the admin layout's loader did not finish. */
export function useOptionalAdminUser(): AdminUser | null {
  const data = useRouteLoaderData("routes/admin") as AdminLayoutData | undefined;
  return data?.user ?? null;
}

/** The signed-in admin user and what they may do, from the admin layout's loader. */
export function useAdminUser(): { user: AdminUser; permissions: Record<Permission, boolean> } {
  const data = useRouteLoaderData("routes/admin") as AdminLayoutData | undefined;
  if (!data?.user || !data.permissions) throw new Error("useAdminUser is for signed-in admin pages");
  return { user: data.user, permissions: data.permissions };
}
