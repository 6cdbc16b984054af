import { Badge, type BadgeTone } from "~/ui/badge";
import type { AdminRole } from "./admin-roles";

/** The list's short role names (SPEC section 2); dialogs use the full labels. */
const ROLE_BADGES: Record<AdminRole, { label: string; tone: BadgeTone }> = {
  super_admin: { label: "Super Admin", tone: "purple" },
  manager: { label: "Manager", tone: "amber" },
  admin: { label: "Admin", tone: "brand" },
};

export function RoleBadge({ role }: { role: AdminRole }) {
  const { label, tone } = ROLE_BADGES[role];
  return <Badge tone={tone}>{label}</Badge>;
}

export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return isActive ? <Badge tone="green">Active</Badge> : <Badge tone="neutral">Inactive</Badge>;
}
