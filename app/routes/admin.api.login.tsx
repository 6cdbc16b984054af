import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SignInCard } from "~/components/admin/sign-in-card";
import { Button, buttonClasses } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { authenticate, getAdminUser, SignInRefused } from "~/services/auth.server";
import { localSignInEnabled, oidcEnabled } from "~/services/env.server";
import { consumeRateLimit } from "~/services/rate-limit.server";
import { assertWriteAccepted } from "~/services/write-guard.server";
import { createSession, sessionCookieHeader } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

async function startSession(userId: string, firstName: string) {
  const sessionId = await createSession(userId);
  return redirectWithToast(
    "/admin/dashboard",
    { kind: "success", title: "Signed in", description: `Welcome back, ${firstName}.` },
    { headers: { "Set-Cookie": await sessionCookieHeader(sessionId) } },
  );
}

/**
 * `/admin/api/login`: to the provider when one is configured; otherwise (or
 * with AUTH_LOCAL=true) the local email + password form.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getAdminUser(request)) return redirect("/admin/dashboard");
  const wantsProvider = new URL(request.url).searchParams.get("provider") === "oidc";
  if (oidcEnabled && (!localSignInEnabled || wantsProvider)) {
    try {
      const result = await authenticate("oidc", request);
      if (result instanceof Response) return result;
      return startSession(result.id, result.firstName);
    } catch (error) {
      console.error("Starting sign-in with the provider failed:", error);
      return redirectWithToast("/admin", {
        kind: "destructive",
        title: "Sign-in unavailable",
        description: "We couldn't reach the sign-in provider. Please try again in a moment.",
      });
    }
  }
  return json({ providerAvailable: oidcEnabled });
}

export async function action({ request }: ActionFunctionArgs) {
  if (!localSignInEnabled) return json({ error: "Sign in through your provider." }, { status: 404 });
  assertWriteAccepted(request);
  if (!consumeRateLimit("sign-in").allowed) {
    return json({ error: "Too many sign-in attempts. Please wait a minute and try again." }, { status: 429 });
  }
  const email = String((await request.clone().formData()).get("email") ?? "");
  try {
    const result = await authenticate("local", request);
    if (result instanceof Response) return result;
    return startSession(result.id, result.firstName);
  } catch (error) {
    if (error instanceof SignInRefused) return json({ error: error.message, email }, { status: 401 });
    throw error;
  }
}

export default function AdminLogin() {
  const { providerAvailable } = useLoaderData<typeof loader>();
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
          {(control) => (
            <Input {...control} type="email" name="email" autoComplete="username" defaultValue={answer && "email" in answer ? answer.email : ""} />
          )}
        </Field>
        <Field id="sign-in-password" label="Password" required>
          {(control) => <Input {...control} type="password" name="password" autoComplete="current-password" />}
        </Field>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Signing in..." : "Sign in"}
        </Button>
      </Form>
      {providerAvailable ? (
        <a href="/admin/api/login?provider=oidc" className={buttonClasses("outline", "lg", "w-full")}>
          Sign in with your work account
        </a>
      ) : null}
    </SignInCard>
  );
}
