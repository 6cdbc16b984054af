import { json } from "@remix-run/node";
import { ModelError } from "~/models/model-error.server";
import { raiseToast, redirectWithToast } from "./toast.server";

interface DeleteStep {
  /** The model's delete, already bound to the signed-in user and the record. */
  remove: () => Promise<void>;
  /** The list the dialog sits on; the answer goes back there with the same search and page. */
  list: string;
  /** The success toast's title. */
  done: string;
  /** The failure toast's text; the model's reason follows it. */
  failed: string;
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
    if (!(error instanceof ModelError)) console.error(`${step.failed}:`, error);
    const description = error instanceof ModelError ? `${step.failed}: ${error.message}` : step.failed;
    return json({ toast: raiseToast({ kind: "destructive", title: "Error", description }) }, { status: error instanceof ModelError ? error.status : 503 });
  }
  return redirectWithToast(`${step.list}${new URL(request.url).search}`, { kind: "success", title: step.done });
}
