import { json } from "@remix-run/node";
import type { AdminFormAnswer } from "~/lib/form-submission";
import type { ToastMessage } from "~/lib/messages";
import { ModelError } from "~/models/model-error.server";
import { raiseToast, redirectWithToast } from "~/route-actions/toast.server";

/** A form shown again: field errors and values as typed, and a toast. */
export function formAnswer(answer: Omit<AdminFormAnswer, "toast">, toast: ToastMessage, status: number): Response {
  return json<AdminFormAnswer>({ ...answer, toast: raiseToast(toast) }, { status });
}

interface ChangeOptions<T> {
  /** Where a successful change lands, the toast it shows there, and any headers the result calls for. */
  success: { redirectTo: string; toast: ToastMessage; headers?: (result: T) => Promise<HeadersInit | undefined> };
  /** The toast when the model refuses; its reason is shown in the form. */
  failure: ToastMessage;
  values?: Record<string, string>;
}

/**
 * Runs a model change from a page form: success redirects with a toast;
 * a ModelError answers with its status, the failure toast and its reason.
 */
export async function changeFromForm<T>(run: () => Promise<T>, options: ChangeOptions<T>): Promise<Response> {
  let result: T;
  try {
    result = await run();
  } catch (error) {
    if (error instanceof ModelError) {
      // A refusal about one field is shown by that field; any other above the form.
      const reason = error.field ? { fieldErrors: { [error.field]: error.message } } : { formError: error.message };
      return formAnswer({ ...reason, values: options.values }, options.failure, error.status);
    }
    throw error;
  }
  const headers = await options.success.headers?.(result);
  return redirectWithToast(options.success.redirectTo, options.success.toast, { headers });
}
