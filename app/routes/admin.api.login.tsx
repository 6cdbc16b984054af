import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { SignInCard } from "~/features/staff/sign-in-card";
import { Button } from "~/ui/button";
import { Field, Input } from "~/ui/field";
import { CHANGE_PASSWORD_PATH } from "~/features/staff/admin-navigation";
import type { AdminUser } from "~/features/staff/admin-users";
import { findAdminAccount } from "~/features/staff/admin-sign-in.server";
import { authenticate, getAdminUser } from "~/features/staff/auth.server";
import { ProviderUnavailable, SignInRefused } from "~/features/staff/sign-in-errors.server";
import { localSignInEnabled, oidcEnabled } from "~/platform/env.server";
import { publicFormHeaders } from "~/platform/public-forms.server";
import { consumeClientRateLimit } from "~/platform/rate-limit.server";
import { BodyMalformedError, BodyTooLargeError, readFormWithLimit } from "~/platform/request-body.server";
import { assertWriteAccepted } from "~/platform/write-guard.server";
import { startSession } from "~/features/staff/sessions.server";
import { sessionCookieHeader } from "~/features/staff/session.server";
import { redirectWithToast } from "~/platform/toast.server";
import { logger } from "~/platform/logger.server";
import { ACCOUNT_MESSAGES, SIGN_IN_TEXT } from "~/features/staff/staff-messages";

/** A plain form post renders this page: a refusal's Retry-After is passed on. */
export const headers = publicFormHeaders;

/** An email (254) and a password (200), URL-encoded, fit well within this. */
const MAX_SIGN_IN_BYTES = 4 * 1024;

/** Signed in: to the dashboard, or first to the change-password screen while the password is a temporary one. */
async function signedInAnswer(user: AdminUser) {
  const sessionId = await startSession(user.id);
  const account = await findAdminAccount(user.id);
  return redirectWithToast(
    account?.passwordChangeRequired ? CHANGE_PASSWORD_PATH : "/admin/dashboard",
    account?.passwordChangeRequired ? ACCOUNT_MESSAGES.changeRequired : ACCOUNT_MESSAGES.signedIn(user),
    { headers: { "Set-Cookie": await sessionCookieHeader(sessionId) } },
  );
}

/**
 * `/admin/api/login`: to the provider when one is configured; otherwise the local
 * email + password form.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getAdminUser(request)) return redirect("/admin/dashboard");
  if (oidcEnabled) {
    try {
      const result = await authenticate("oidc", request);
      if (result instanceof Response) return result;
      return signedInAnswer(result);
    } catch (error) {
      // A failed discovery is logged once where it happens, not again for every visitor while it waits to be retried.
      if (!(error instanceof ProviderUnavailable))
        logger.error({ event: "sign_in.provider_start_failed", err: error }, "Starting sign-in with the provider failed");
      return redirectWithToast("/admin", {
        kind: "destructive",
        title: "Sign-in unavailable",
        description: error instanceof ProviderUnavailable ? error.message : SIGN_IN_TEXT.providerUnreachable,
      });
    }
  }
  return null;
}

/**
 * The local sign-in form's post. The body is read within a few kilobytes (413
 * past that) and the strategy is handed a request made from the fields read,
 * never the raw body.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (!localSignInEnabled) return json({ error: "Sign in through your provider.", email: "" }, { status: 404 });
  assertWriteAccepted(request, MAX_SIGN_IN_BYTES);
  // Per client only: a global bucket would let many addresses posting junk shut staff out.
  const limit = await consumeClientRateLimit("sign-in");
  if (!limit.allowed) {
    return json({ error: SIGN_IN_TEXT.tooManyRequests, email: "" }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  }
  let fields: FormData;
  try {
    fields = await readFormWithLimit(request, MAX_SIGN_IN_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json({ error: SIGN_IN_TEXT.tooLarge, email: "" }, { status: 413 });
    if (error instanceof BodyMalformedError) return json({ error: SIGN_IN_TEXT.invalid, email: "" }, { status: 400 });
    throw error;
  }
  const email = fieldText(fields, "email");
  const credentials = new URLSearchParams({ email, password: fieldText(fields, "password") });
  try {
    const result = await authenticate("local", new Request(request.url, { method: "POST", body: credentials }));
    if (result instanceof Response) return result;
    return signedInAnswer(result);
  } catch (error) {
    if (error instanceof SignInRefused) {
      const headers: HeadersInit = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
      return json({ error: error.message, email: email.slice(0, 254) }, { status: error.status, headers });
    }
    throw error;
  }
}

function fieldText(fields: FormData, name: string): string {
  const value = fields.get(name);
  return typeof value === "string" ? value : "";
}

export default function AdminLogin() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = answer && "error" in answer ? answer.error : undefined;
  return (
    <SignInCard title="Sign in">
      <p className="text-center text-slate-600">Only authorised administrators may access this portal.</p>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <Form method="post" className="grid gap-4">
        <Field id="sign-in-email" label="Email" required>
          {(control) => <Input {...control} type="email" name="email" autoComplete="username" defaultValue={answer && "email" in answer ? answer.email : ""} />}
        </Field>
        <Field id="sign-in-password" label="Password" required>
          {(control) => <Input {...control} type="password" name="password" autoComplete="current-password" />}
        </Field>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Signing in..." : "Sign in"}
        </Button>
      </Form>
    </SignInCard>
  );
}
