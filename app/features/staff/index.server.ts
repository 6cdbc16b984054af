// What the other capabilities may use of staff (server code); everything else in this folder is its own.
// Lint refuses an import of any other file here from outside the folder (docs/decisions/017-one-folder-per-capability.md).
export { recordAudit, recordExport } from "./audit-log.server";
export { getAdminUser, requireAdminPageUser, requireDataProtectionUser } from "./auth.server";
export { activeStaffChoices } from "./admin-users.server";
