import { json } from "@remix-run/node";
import type { z } from "zod";
import { parseWithSchema, type FieldErrors, type FormAnswer } from "~/lib/form-submission";
import type { SummaryHeading } from "~/lib/form-fields";
import type { ToastMessage } from "~/lib/messages";
import { ModelError } from "./model-error.server";
import { raiseToast, redirectWithToast } from "./toast.server";

/** A form shown again: field errors and values as typed, and a toast when there is one (a refusal shown on the form has none). */
export function formAnswer(answer: Omit<FormAnswer, "toast">, toast: ToastMessage | undefined, status: number): Response {
  return json<FormAnswer>(toast ? { ...answer, toast: raiseToast(toast) } : answer, { status });
}

interface ChangeOptionsBase<T> {
  /** Where a saved change lands, the toast it shows there, and any headers the result calls for. */
  success: { redirectTo: string; toast: ToastMessage | ((result: T) => ToastMessage); headers?: (result: T) => Promise<HeadersInit | undefined> };
  /** What was typed, shown again when the model refuses. */
  values?: Record<string, string>;
  /** Where the spec words a refusal (SPEC section 8: "Validation Error", "Failed to create admin user"): the error summary's heading for each kind. */
  headings?: RefusalHeadings;
}

export interface RefusalHeadings {
  /** A required answer left empty. */
  missing?: SummaryHeading;
  /** Any other answer the schema refuses. */
  invalid?: SummaryHeading;
  /** The model refused the change. */
  failure?: SummaryHeading;
}

/**
 * Where the model's reason is shown: by its field or at the top of the form (the default: the form's error summary says it, so no toast covers the form's
 * buttons), or, for an action with no form of its own to show it (a row's button), in a toast alone.
 */
type RefusalShownIn = { refusalShownIn?: "form" } | { refusalShownIn: "toast"; failure: ToastMessage | ((error: ModelError) => ToastMessage) };

type ChangeOptions<T> = ChangeOptionsBase<T> & RefusalShownIn;

/**
 * Runs a model change from a staff page form: success redirects with a toast; a ModelError answers with its status and its reason, shown on the form (or in
 * the failure toast). Forms with no fields (deactivate, reset password) call this straight; forms with fields go through submitAdminForm.
 */
export async function changeFromForm<T>(run: () => Promise<T>, options: ChangeOptions<T>): Promise<Response> {
  let result: T;
  try {
    result = await run();
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    if (options.refusalShownIn === "toast") {
      const toast = typeof options.failure === "function" ? options.failure(error) : options.failure;
      return formAnswer({ fieldErrors: {}, values: options.values }, toast, error.status);
    }
    // A refusal about one field is shown by that field; any other at the top of the form.
    const reason = error.field ? { fieldErrors: { [error.field]: error.message } } : { formError: error.message };
    return formAnswer({ ...reason, values: options.values, summary: options.headings?.failure }, undefined, error.status);
  }
  const { redirectTo, toast, headers } = options.success;
  return redirectWithToast(redirectTo, typeof toast === "function" ? toast(result) : toast, { headers: await headers?.(result) });
}

type AdminFormOptions<S extends z.ZodTypeAny, T> = Omit<ChangeOptionsBase<T>, "values"> & {
  /** The form's text fields (readFormFields). */
  values: Record<string, string>;
  schema: S;
  save: (input: z.infer<S>) => Promise<T>;
  /** Whether the answers are sent back to be shown again; passwords never are. Defaults to true. */
  keepValues?: boolean;
} & (
    | { refusalShownIn?: "form" }
    | {
        refusalShownIn: "toast";
        failure: ToastMessage | ((error: ModelError) => ToastMessage);
        /** The toast when the answers do not pass the schema; without one, the fields' messages say it all. */
        invalid?: ToastMessage | ((refused: { fieldErrors: FieldErrors; missingRequired: boolean }) => ToastMessage);
      }
  );

/**
 * The one path a staff page form with fields takes once signed in and allowed: the shared schema, then the model's change (changeFromForm). Answers that do not
 * pass come back with their field errors and what was typed (400), for the form's error summary (and a toast only where the refusal is shown in one).
 */
export async function submitAdminForm<S extends z.ZodTypeAny, T>({ values, schema, save, keepValues, ...change }: AdminFormOptions<S, T>): Promise<Response> {
  const shownAgain = keepValues === false ? undefined : values;
  const parsed = parseWithSchema(schema, values);
  if (!parsed.success) {
    const invalid = change.refusalShownIn === "toast" ? change.invalid : undefined;
    const summary = (parsed.missingRequired && change.headings?.missing) || change.headings?.invalid;
    return formAnswer({ fieldErrors: parsed.fieldErrors, values: shownAgain, summary }, typeof invalid === "function" ? invalid(parsed) : invalid, 400);
  }
  return changeFromForm(() => save(parsed.data), { ...change, values: shownAgain });
}
