import type { ToastMessage } from "~/lib/messages";

/** The Users screen: where its dialogs close to and land after a change. */
export const USERS_PAGE = "/admin/users";

/** The Users screen's notifications (SPEC sections 5 and 8); reactivation and password resets are beyond the spec. */
export const USER_MESSAGES = {
  missingFields: { kind: "destructive", title: "Validation Error", description: "Please fill in all required fields" },
  invalidFields: { kind: "destructive", title: "Validation Error", description: "Please correct the highlighted fields" },
  created: { kind: "success", title: "Success", description: "Admin user created successfully" },
  createFailed: { kind: "destructive", title: "Error", description: "Failed to create admin user" },
  roleUpdated: { kind: "success", title: "Success", description: "User role updated successfully" },
  roleUpdateFailed: { kind: "destructive", title: "Error", description: "Failed to update user role" },
  deactivated: { kind: "success", title: "Success", description: "User deactivated successfully" },
  deactivateFailed: { kind: "destructive", title: "Error", description: "Failed to deactivate user" },
  reactivated: { kind: "success", title: "Success", description: "User reactivated successfully" },
  reactivateFailed: { kind: "destructive", title: "Error", description: "Failed to reactivate user" },
  passwordReset: { kind: "success", title: "Success", description: "Password reset successfully" },
  passwordResetFailed: { kind: "destructive", title: "Error", description: "Failed to reset password" },
} as const satisfies Record<string, ToastMessage>;
