import { emailRule, LIMITS, requiredTextRule } from "~/lib/form-fields";
import type { AdminRole } from "./admin-roles";

/** An admin user as the portal and `GET /admin/api/users` show it (never the password hash). */
export interface AdminUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: AdminRole;
  isActive: boolean;
  profileImageUrl: string | null;
  createdAt: string;
}

/** A temporary password (new user or reset), shown once to the super admin who made it. */
export interface NewUserInvite {
  name: string;
  email: string;
  temporaryPassword: string;
  /** Added just now, or given a new password by a reset. */
  reason?: "added" | "reset";
  /** When the temporary password stops working. */
  expiresAt?: string;
}

/** The name the first super admin is made with (at first start, or from ADMIN_EMAIL): the role's name, not a person's, so no greeting uses it. */
export const FIRST_SUPER_ADMIN_NAME = { firstName: "Site", lastName: "Administrator" } as const;

/** Whether the account holds no person's name: none at all, or the first super admin's "Site Administrator". */
export function lacksPersonalName(user: Pick<AdminUser, "firstName" | "lastName">): boolean {
  const placeholder = user.firstName === FIRST_SUPER_ADMIN_NAME.firstName && user.lastName === FIRST_SUPER_ADMIN_NAME.lastName;
  return placeholder || user.firstName.trim() === "";
}

/**
 * Whom a greeting names ("Welcome back, Priya"). The first name as staff gave it (Add Admin User asks for it; a provider's given name fills an empty one),
 * kept whole: "Mary Jane" is one first name. An account with no person's name (the first super admin, or a provider that gave only an email) is greeted by
 * its address: the part before the @, up to its first dot, dash, underscore or plus, capitalised ("jo.bloggs@..." → "Jo"), as colleagues would call them.
 */
export function greetingName(user: Pick<AdminUser, "firstName" | "lastName" | "email">): string {
  if (!lacksPersonalName(user)) return user.firstName.trim();
  const word =
    user.email
      .split("@")[0]
      .split(/[._+-]/)
      .find(Boolean) ?? "";
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function fullName(user: Pick<AdminUser, "firstName" | "lastName">): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** Who the timeline and the audit log say made a change nobody on the staff made: the customer's answer, a scheduled job. */
export const SYSTEM_ACTOR_NAME = "System";

/** The name the timeline and the audit log give a change's actor: the staff member's, or System for none. */
export function actorName(actor: Pick<AdminUser, "firstName" | "lastName"> | null): string {
  return actor ? fullName(actor) : SYSTEM_ACTOR_NAME;
}

export function initials(user: Pick<AdminUser, "firstName" | "lastName" | "email">): string {
  const letters = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return letters || user.email.charAt(0).toUpperCase();
}

/** `user_` + a timestamp + a random suffix, as the spec's client makes it. */
export function newAdminUserId(now = Date.now()): string {
  const random = Math.random().toString(36).slice(2, 11);
  return `user_${now}_${random}`;
}

/** Add Admin User's text fields (SPEC section 5): email, first and last name, all required. */
export const NEW_ADMIN_USER_FIELDS = {
  email: emailRule(),
  firstName: requiredTextRule("a first name", LIMITS.name),
  lastName: requiredTextRule("a last name", LIMITS.name),
};
