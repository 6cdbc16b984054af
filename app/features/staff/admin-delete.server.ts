import { json } from "@remix-run/node";
import type { AdminUser } from "./admin-users";
import { DELETE_DIALOGS, type DeleteDialog, type DeletedRecord } from "./delete-dialogs";
import type { Permission } from "./permissions";
import { ModelError } from "~/platform/model-error.server";
import { requireAdminPageUser, type SignedOutDestination } from "./auth.server";
import { raiseToast, redirectWithToast } from "~/platform/toast.server";
import { logger } from "~/platform/logger.server";

/** Who may open each delete dialog and delete, and where a signed-out visitor is sent (SPEC section 8). */
const DELETE_ACCESS: Record<DeletedRecord, { permission: Permission; signedOut: SignedOutDestination }> = {
  lead: { permission: "deleteLeads", signedOut: "login" },
  enquiry: { permission: "deleteInboxEntries", signedOut: "admin-panel" },
  subscriber: { permission: "deleteInboxEntries", signedOut: "admin-panel" },
  image: { permission: "manageImages", signedOut: "login" },
  testimonial: { permission: "manageTestimonials", signedOut: "login" },
  tariff: { permission: "manageTariffs", signedOut: "login" },
  spend: { permission: "manageSpend", signedOut: "login" },
};

/** A delete dialog's loader: what the dialog names the record by, or null (a 404) once it is gone. */
export async function loadDeleteDialog<Shown>(request: Request, record: DeletedRecord, find: () => Promise<Shown | null>) {
  await requireAdminPageUser(request, DELETE_ACCESS[record]);
  const shown = await find();
  return json({ record: shown }, { status: shown ? 200 : 404 });
}

/** A delete dialog's action: the user's delete, then back to the list with a success toast, or the dialog again with an "Error" toast carrying the refusal. */
export async function deleteAndReturn(request: Request, record: DeletedRecord, remove: (user: AdminUser) => Promise<void>) {
  const user = await requireAdminPageUser(request, DELETE_ACCESS[record]);
  const dialog: DeleteDialog = DELETE_DIALOGS[record];
  try {
    await remove(user);
  } catch (error) {
    // A refusal says why; a fault (the database failing) is logged and still answered with the toast.
    const reason = error instanceof ModelError ? error.message : null;
    if (!reason) logger.error({ event: "admin.delete_failed", err: error }, dialog.failed ?? "Deleting failed");
    const description = dialog.failed ? (reason ? `${dialog.failed}: ${reason}` : dialog.failed) : (reason ?? "It could not be deleted. Please try again.");
    const title = dialog.failedTitle ?? "Error";
    return json({ toast: raiseToast({ kind: "destructive", title, description }) }, { status: error instanceof ModelError ? error.status : 503 });
  }
  return redirectWithToast(`${dialog.list}${new URL(request.url).search}`, { kind: "success", title: dialog.done });
}
