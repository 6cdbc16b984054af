/** The staff roles, once. The database CHECK constraints, the zod schemas and the UI are built from these. */

export const ADMIN_ROLES = ["admin", "super_admin", "manager"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  admin: "Administrator",
  super_admin: "Super Administrator",
  manager: "Manager",
};
