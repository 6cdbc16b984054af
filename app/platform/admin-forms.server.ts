import { json } from "@remix-run/node";
import type { z } from "zod";
import { parseWithSchema, type FieldErrors, type FormAnswer } from "~/lib/form-submission";
import type { ToastMessage } from "~/lib/messages";
import { ModelError } from "./model-error.server";
import { raiseToast, redirectWithToast } from "./toast.server";

/** A form shown again: field errors and values as typed, and a toast when there is one. */
export function formAnswer(answer: Omit<FormAnswer, "toast">, toast: ToastMessage | undefined, status: number): Response {
  return json<FormAnswer>(toast ? { ...answer, toast: raiseToast(toast) } : answer, { status });
}

interface ChangeOptions<T> {
  /** Where a saved change lands, the toast it shows there, and any headers the result calls for. */
  success: { redirectTo: string; toast: ToastMessage | ((result: T) => ToastMessage); headers?: (result: T) => Promise<HeadersInit | undefined> };
  /** The toast when the model refuses. */
  failure: ToastMessage | ((error: ModelError) => ToastMessage);
  /** Where the model's reason is shown besides the toast: by its field or above the form ("form"), or in the toast alone ("toast"). Defaults to "form". */
  refusalShownIn?: "form" | "toast";
  /** What was typed, shown again when the model refuses. */
  values?: Record<string, string>;
}

/**
 * Runs a model change from a staff page form: success redirects with a toast; a ModelError answers with its status, the failure toast and its reason. Forms
 * with no fields (deactivate, reset password) call this straight; forms with fields go through submitAdminForm.
 */
export async function changeFromForm<T>(run: () => Promise<T>, options: ChangeOptions<T>): Promise<Response> {
  let result: T;
  try {
    result = await run();
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    const toast = typeof options.failure === "function" ? options.failure(error) : options.failure;
    if (options.refusalShownIn === "toast") return formAnswer({ fieldErrors: {}, values: options.values }, toast, error.status);
    // A refusal about one field is shown by that field; any other above the form.
    const reason = error.field ? { fieldErrors: { [error.field]: error.message } } : { formError: error.message };
    return formAnswer({ ...reason, values: options.values }, toast, error.status);
  }
  const { redirectTo, toast, headers } = options.success;
  return redirectWithToast(redirectTo, typeof toast === "function" ? toast(result) : toast, { headers: await headers?.(result) });
}

interface AdminFormOptions<S extends z.ZodTypeAny, T> extends Omit<ChangeOptions<T>, "values"> {
  /** The form's text fields (readFormFields). */
  values: Record<string, string>;
  schema: S;
  /** The toast when the answers do not pass the schema; without one, the fields' messages say it all. */
  invalid?: ToastMessage | ((refused: { fieldErrors: FieldErrors; missingRequired: boolean }) => ToastMessage);
  save: (input: z.infer<S>) => Promise<T>;
  /** Whether the answers are sent back to be shown again; passwords never are. Defaults to true. */
  keepValues?: boolean;
}

/**
 * The one path a staff page form with fields takes once signed in and allowed: the shared schema, then the model's change (changeFromForm). Answers that do not
 * pass come back with their field errors, what was typed and a toast (400).
 */
export async function submitAdminForm<S extends z.ZodTypeAny, T>({
  values,
  schema,
  invalid,
  save,
  keepValues,
  ...change
}: AdminFormOptions<S, T>): Promise<Response> {
  const shownAgain = keepValues === false ? undefined : values;
  const parsed = parseWithSchema(schema, values);
  if (!parsed.success) {
    const toast = typeof invalid === "function" ? invalid(parsed) : invalid;
    return formAnswer({ fieldErrors: parsed.fieldErrors, values: shownAgain }, toast, 400);
  }
  return changeFromForm(() => save(parsed.data), { ...change, values: shownAgain });
}
