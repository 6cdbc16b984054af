import type { SummaryHeading } from "~/lib/form-fields";
import type { ToastMessage } from "~/lib/messages";

/** The Users screen: where its dialogs close to and land after a change. */
export const USERS_PAGE = "/admin/users";

/** The Users screen's notifications (SPEC sections 5 and 8): a refused dialog says why in its error summary, not a toast; reactivation and password resets are beyond the spec. */
export const USER_MESSAGES = {
  created: { kind: "success", title: "Success", description: "Admin user created successfully" },
  roleUpdated: { kind: "success", title: "Success", description: "User role updated successfully" },
  deactivated: { kind: "success", title: "Success", description: "User deactivated successfully" },
  reactivated: { kind: "success", title: "Success", description: "User reactivated successfully" },
  passwordReset: { kind: "success", title: "Success", description: "Password reset successfully" },
} as const satisfies Record<string, ToastMessage>;

/** The spec's words for the Users dialogs' refusals (SPEC sections 5 and 8), heading each dialog's error summary (where the spec had a toast). */
export const USER_REFUSALS = {
  create: {
    missing: { title: "Validation Error", description: "Please fill in all required fields" },
    invalid: { title: "Validation Error", description: "Please correct the highlighted fields" },
    failure: { title: "Error", description: "Failed to create admin user" },
  },
  role: { failure: { title: "Error", description: "Failed to update user role" } },
  deactivate: { failure: { title: "Error", description: "Failed to deactivate user" } },
} as const satisfies Record<string, Record<string, SummaryHeading>>;
