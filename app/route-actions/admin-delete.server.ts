import { json } from "@remix-run/node";
import { ModelError } from "~/models/model-error.server";
import { raiseToast, redirectWithToast } from "~/route-actions/toast.server";
import { logger } from "~/infrastructure/logger.server";

interface DeleteStep {
  /** The model's delete, already bound to the signed-in user and the record. */
  remove: () => Promise<void>;
  /** The list the dialog sits on; the answer goes back there with the same search and page. */
  list: string;
  /** The success toast's title. */
  done: string;
  /** The failure toast's text, before the model's reason (the spec's "Failed to delete lead"); without it, the reason alone. */
  failed?: string;
  /** The failure toast's title: "Error" unless the spec names another ("Delete Failed" for images). */
  failedTitle?: string;
}

/**
 * A delete dialog's action: back to the list with a success toast, or the
 * dialog again with an "Error" toast carrying the model's refusal.
 */
export async function deleteAndReturn(request: Request, step: DeleteStep) {
  try {
    await step.remove();
  } catch (error) {
    // A refusal says why; a fault (the database failing) is logged and still answered with the toast.
    const reason = error instanceof ModelError ? error.message : null;
    if (!reason) logger.error({ event: "admin.delete_failed", err: error }, step.failed ?? "Deleting failed");
    const description = step.failed ? (reason ? `${step.failed}: ${reason}` : step.failed) : (reason ?? "It could not be deleted. Please try again.");
    const title = step.failedTitle ?? "Error";
    return json({ toast: raiseToast({ kind: "destructive", title, description }) }, { status: error instanceof ModelError ? error.status : 503 });
  }
  return redirectWithToast(`${step.list}${new URL(request.url).search}`, { kind: "success", title: step.done });
}
