// What the other capabilities may use of staff (rules, types and components); everything else in this folder is its own.
// Lint refuses an import of any other file here from outside the folder (docs/decisions/017-one-folder-per-capability.md).
export { actorName, fullName, SYSTEM_ACTOR_NAME } from "./admin-users";
export type { AdminUser } from "./admin-users";
export { can } from "./permissions";
export { CLIENT_FAILURES_FORGOTTEN_AFTER_HOURS } from "./sign-in";
export type { AuditLogRow } from "./staff-tables";
