import { json, type HeadersFunction } from "@remix-run/node";
import type { z } from "zod";
import { formValues, HONEYPOT_FIELD, isHoneypotFilled, parseWithSchema, type FormAnswer } from "~/lib/form-submission";
import { errorToast, MESSAGES, type ToastMessage } from "~/lib/messages";
import { ModelError } from "~/models/model-error.server";
import { diskSpaceLow } from "~/infrastructure/disk-space.server";
import { consumeClientRateLimit, consumeGlobalRateLimit, type RateLimitResult } from "~/infrastructure/rate-limit.server";
import { BODY_LIMITS, BodyTooLargeError, readFormWithLimit } from "~/infrastructure/request-body.server";
import { assertWriteAccepted } from "~/route-actions/write-guard.server";
import { raiseToast, redirectWithToast } from "~/route-actions/toast.server";
import { logger } from "~/infrastructure/logger.server";

interface PublicFormOptions<S extends z.ZodTypeAny> {
  request: Request;
  /** Rate limits are counted per form. */
  scope: string;
  schema: S;
  save: (input: z.infer<S>) => Promise<unknown>;
  /** Or, for a form of several answers, the toast for the answer given (null: a bot's post, answered as if it worked). */
  success: ToastMessage | ((input: z.infer<S> | null) => ToastMessage);
  /** Where the visitor lands after a successful post (a fresh, empty form). */
  redirectTo: string;
}

function answer(body: FormAnswer, status: number, headers?: HeadersInit) {
  return json(body, { status, headers });
}

/**
 * The one path every public form post takes: size bound, free disk space, the
 * per-client rate limit (every post counts), honeypot, the shared schema, the
 * rate limit from everyone together (only posts about to be stored count), then
 * the model's save. Errors come back with the visitor's values and a toast;
 * success redirects with one.
 */
export async function handlePublicForm<S extends z.ZodTypeAny>(options: PublicFormOptions<S>): Promise<Response> {
  const { request, scope, schema, save, success, redirectTo } = options;
  assertWriteAccepted(request);

  let formData: FormData;
  try {
    formData = await readFormWithLimit(request, BODY_LIMITS.form);
  } catch (error) {
    return answer({ toast: raiseToast(MESSAGES.checkYourDetails) }, error instanceof BodyTooLargeError ? 413 : 400);
  }
  const values = formValues(formData);
  const tooMany = (limit: RateLimitResult) =>
    answer({ values, toast: raiseToast(MESSAGES.tooManyRequests) }, 429, { "Retry-After": String(limit.retryAfterSeconds) });

  if (await diskSpaceLow()) return answer({ values, toast: raiseToast(MESSAGES.writesPaused) }, 503);
  const clientLimit = await consumeClientRateLimit(scope);
  if (!clientLimit.allowed) return tooMany(clientLimit);

  // A filled honeypot is a bot: answer as if it worked, keep nothing.
  if (isHoneypotFilled(formData.get(HONEYPOT_FIELD))) return redirectWithToast(redirectTo, typeof success === "function" ? success(null) : success);

  const parsed = parseWithSchema(schema, values);
  if (!parsed.success) {
    const toast = raiseToast(parsed.missingRequired ? MESSAGES.missingInformation : MESSAGES.checkYourDetails);
    return answer({ fieldErrors: parsed.fieldErrors, values, toast }, 400);
  }

  const globalLimit = await consumeGlobalRateLimit(scope);
  if (!globalLimit.allowed) return tooMany(globalLimit);

  try {
    await save(parsed.data);
  } catch (error) {
    // A business rule said no (a quote past its validity): the visitor is told why, by the form.
    if (error instanceof ModelError) return answer({ values, formError: error.message, toast: raiseToast(errorToast(error.message)) }, error.status);
    logger.error({ event: "form.save_failed", scope, err: error }, `Saving a ${scope} submission failed`);
    return answer({ values, toast: raiseToast(MESSAGES.submissionFailed) }, 503);
  }
  return redirectWithToast(redirectTo, typeof success === "function" ? success(parsed.data) : success);
}

/**
 * A page's `headers` export for a page with a public form: a plain form post
 * renders the page, and Remix keeps only the headers a route passes on, so the
 * rate limit's Retry-After is passed on here (the action's, or the loader's for a
 * page whose own limit was reached: too many new comparisons).
 */
export const publicFormHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
