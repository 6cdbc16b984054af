import { json, type HeadersFunction } from "@remix-run/node";
import type { z } from "zod";
import { parseWithSchema, type FormAnswer } from "~/lib/form-submission";
import { MESSAGES, MISSING_INFORMATION, type ToastMessage } from "~/lib/messages";
import { ModelError } from "./model-error.server";
import { admitPublicWrite, admitToStore, PUBLIC_WRITE_STATUS, retryAfterHeaders, type PublicWriteRefusal } from "./public-write.server";
import { raiseToast, redirectWithToast } from "./toast.server";
import { logger } from "./logger.server";

interface PublicFormOptions<S extends z.ZodTypeAny, Saved = unknown> {
  request: Request;
  /** Rate limits are counted per form. */
  scope: string;
  schema: S;
  save: (input: z.infer<S>) => Promise<Saved>;
  /** Or, for a form of several answers, the toast for the answer given and what saving it did (null: a bot's post, answered as if it worked). */
  success: ToastMessage | ((input: z.infer<S> | null, saved: Saved | null) => ToastMessage);
  /** Where the visitor lands after a successful post (a fresh, empty form). */
  redirectTo: string;
}

/** The spec's words for a required answer left empty, heading the form's error summary. */
export function missingInformation(missingRequired: boolean): Pick<FormAnswer, "summary"> {
  return missingRequired ? { summary: MISSING_INFORMATION } : {};
}

function answer(body: FormAnswer, status: number, headers?: HeadersInit) {
  return json(body, { status, headers });
}

/** What a refused public form says. */
export const REFUSAL_TOASTS: Record<PublicWriteRefusal["reason"], ToastMessage> = {
  unreadable: MESSAGES.checkYourDetails,
  tooLarge: MESSAGES.checkYourDetails,
  writesPaused: MESSAGES.writesPaused,
  tooMany: MESSAGES.tooManyRequests,
};

/** A public write the gate refused: the visitor's values kept, and the site's reason in a toast (with Retry-After when it says when). */
export function refusedPublicWrite(refusal: PublicWriteRefusal, values?: Record<string, string>): Response {
  return answer({ values, toast: raiseToast(REFUSAL_TOASTS[refusal.reason]) }, PUBLIC_WRITE_STATUS[refusal.reason], retryAfterHeaders(refusal));
}

/**
 * A public form's save, once admitted: the model's refusal (a quote past its validity) is said by the form with its status; anything else is logged and
 * answered 503 with the visitor's values kept, so what they typed is never lost to a fault.
 */
export async function savePublicForm<Saved>(
  scope: string,
  values: Record<string, string>,
  save: () => Promise<Saved>,
): Promise<{ saved: Saved } | { answer: Response }> {
  try {
    return { saved: await save() };
  } catch (error) {
    if (error instanceof ModelError) return { answer: answer({ values, formError: error.message }, error.status) };
    logger.error({ event: "form.save_failed", scope, err: error }, `Saving a ${scope} submission failed`);
    return { answer: answer({ values, toast: raiseToast(MESSAGES.submissionFailed) }, 503) };
  }
}

/**
 * A public form's post, through the one gate of public writes (public-write.server.ts), then the shared schema, the limit of everyone together and the model's
 * save. Refused answers come back with the visitor's values and the reasons, for the form's error summary (a toast only when the site itself refused: too many
 * posts, writes paused); success redirects with a toast.
 */
export async function handlePublicForm<S extends z.ZodTypeAny, Saved = unknown>(options: PublicFormOptions<S, Saved>): Promise<Response> {
  const { request, scope, schema, save, success, redirectTo } = options;
  const successToast = (input: z.infer<S> | null, saved: Saved | null) => (typeof success === "function" ? success(input, saved) : success);
  const write = await admitPublicWrite(request, scope, "form");
  if (write.outcome === "refused") return refusedPublicWrite(write.refusal, write.body ?? undefined);
  // A bot: answered as if it worked, nothing kept.
  if (write.outcome === "bot") return redirectWithToast(redirectTo, successToast(null, null));
  const values = write.body;

  // Refused answers are said by the form's error summary and each field, not a toast over the form.
  const parsed = parseWithSchema(schema, values);
  if (!parsed.success) return answer({ fieldErrors: parsed.fieldErrors, values, ...missingInformation(parsed.missingRequired) }, 400);
  const overall = await admitToStore(scope);
  if (overall) return refusedPublicWrite(overall, values);

  const result = await savePublicForm(scope, values, () => save(parsed.data));
  if ("answer" in result) return result.answer;
  return redirectWithToast(redirectTo, successToast(parsed.data, result.saved));
}

/**
 * A page's `headers` export for a page with a public form: a plain form post renders the page, and Remix keeps only the headers a route passes on, so the rate
 * limit's Retry-After is passed on here (the action's, or the loader's for a page whose own limit was reached: too many new comparisons).
 */
export const publicFormHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
