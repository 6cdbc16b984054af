import type { AdminRole } from "./admin-roles";

/**
 * What each role may do (DESIGN.md, Access): everyone views everything and works leads (a manager may take a lead, assigning it to themselves); admins and
 * super admins also assign leads to anyone, delete leads, contact enquiries and newsletter subscribers, and manage images, testimonials, the tariff
 * catalogue and the marketing spend, and handle data protection (retention, a person's requests); only super admins manage users.
 */
export const PERMISSIONS = {
  view: ["manager", "admin", "super_admin"],
  workLeads: ["manager", "admin", "super_admin"],
  assignLeads: ["admin", "super_admin"],
  deleteLeads: ["admin", "super_admin"],
  deleteInboxEntries: ["admin", "super_admin"],
  manageImages: ["admin", "super_admin"],
  manageTestimonials: ["admin", "super_admin"],
  manageTariffs: ["admin", "super_admin"],
  /** The marketing spend the Sources report shares over leads and wins (issue 41); everyone sees it. */
  manageSpend: ["admin", "super_admin"],
  manageUsers: ["super_admin"],
  /** Retention, a person's access/erasure/objection requests and their register (issue: privacy policy's promises). */
  manageDataProtection: ["admin", "super_admin"],
} as const satisfies Record<string, readonly AdminRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: AdminRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly AdminRole[]).includes(role);
}
