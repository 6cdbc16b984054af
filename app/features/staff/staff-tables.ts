import type { Generated, Selectable } from "kysely";
import type { AdminRole } from "./admin-roles";

/** The tables this capability adds to the one database type (below). */
export interface StaffTables {
  adminUsers: AdminUsersTable;
  sessions: SessionsTable;
  temporaryPasswordNotices: TemporaryPasswordNoticesTable;
  signInThrottle: SignInThrottleTable;
  auditLog: AuditLogTable;
}

declare module "~/platform/database-types" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges these tables into Database
  interface Database extends StaffTables {}
}

export interface AdminUsersTable {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: AdminRole;
  isActive: 0 | 1;
  profileImageUrl: string | null;
  passwordHash: string | null;
  /** Set while the password is a temporary one (handed out, not chosen): it must be changed, and stops working then. */
  temporaryPasswordExpiresAt: string | null;
  /** The sign-in provider's issuer and subject, bound at the first sign-in through it. */
  providerIssuer: string | null;
  providerSubject: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Failed sign-ins for an account (the email as typed, lower-cased) from one client, or from every client together when clientKey is "*". */
export interface SignInThrottleTable {
  accountKey: string;
  clientKey: string;
  failures: number;
  lastFailedAt: string;
  blockedUntil: string | null;
}

export interface SessionsTable {
  /** The SHA-256 (hex) of the session id; only the browser's cookie carries the id itself. */
  id: string;
  adminUserId: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** A temporary password waiting to be shown once to the session that made it (models/temporary-password-notices.server.ts). */
export interface TemporaryPasswordNoticesTable {
  /** The session's sessions.id (hashed). */
  sessionId: string;
  /** The notice, sealed with a key drawn from the session id the cookie carries (never stored). */
  sealed: string;
  expiresAt: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actorId: string | null;
  actorName: string;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  createdAt: string;
  /** A failed sign-in's typed email, trimmed and lower-cased (migration 0023); null for every other entry. A person is matched by it, never by the summary. */
  signInEmail: Generated<string | null>;
}

export type AdminUserRow = Selectable<AdminUsersTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
