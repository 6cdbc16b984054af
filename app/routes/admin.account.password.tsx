import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { KeyRound } from "~/ui/icons";
import { Button } from "~/ui/button";
import { Field, Input } from "~/ui/field";
import { ErrorSummary } from "~/ui/error-summary";
import { passwordChangeSchema } from "~/features/staff/account-schema";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/features/staff/sign-in";
import { changeOwnPassword } from "~/features/staff/admin-sign-in.server";
import type { FormAnswer } from "~/lib/form-fields";
import { submitAdminForm } from "~/platform/admin-forms.server";
import { readFormFields } from "~/platform/request-body.server";
import { requireAdminPageAccount } from "~/features/staff/auth.server";
import { isCommonPassword } from "~/platform/common-passwords.server";
import { localSignInEnabled } from "~/platform/env.server";
import { sessionCookieHeader } from "~/features/staff/session.server";
import { formatDateTime } from "~/lib/calendar";
import { ACCOUNT_MESSAGES, PASSWORD_TEXT } from "~/features/staff/staff-messages";
import { requestContext } from "~/platform/request-store.server";

export const meta: MetaFunction = () => [{ title: "Change your password | Administration Portal" }];

/** The one admin page open while a temporary password is still unchanged. */
const ACCESS = { signedOut: "admin-panel", allowTemporaryPassword: true } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const account = await requireAdminPageAccount(request, ACCESS);
  return json(
    {
      canChange: localSignInEnabled && account.hasLocalPassword,
      temporary: account.passwordChangeRequired,
      temporaryPasswordExpiresAt: account.temporaryPasswordExpiresAt,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireAdminPageAccount(request, ACCESS);
  return submitAdminForm({
    values: await readFormFields(request),
    schema: passwordChangeSchema(user.email, isCommonPassword),
    save: (input) => changeOwnPassword(user, input, requestContext().clientAddress),
    success: {
      redirectTo: "/admin/dashboard",
      toast: ACCOUNT_MESSAGES.passwordChanged,
      // Signed in still, under the new session's id.
      headers: async ({ sessionId }) => ({ "Set-Cookie": await sessionCookieHeader(sessionId) }),
    },
    // Passwords are never sent back to the page: the form is shown again empty.
    keepValues: false,
  });
}

/** The form's controls by field, in its order. */
const PASSWORD_CONTROLS = { currentPassword: "current-password", newPassword: "new-password", confirmPassword: "confirm-password" };

export default function ChangePassword() {
  const { canChange, temporary, temporaryPasswordExpiresAt } = useLoaderData<typeof loader>();
  const answer = useActionData<FormAnswer<"currentPassword" | "newPassword" | "confirmPassword">>();
  const busy = useNavigation().state === "submitting";
  const errors = answer?.fieldErrors ?? {};

  return (
    <div className="grid max-w-xl gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Change your password</h1>
        <p className="mt-1 text-slate-600">Changing it signs you out everywhere else.</p>
      </div>

      {temporary ? (
        <section
          aria-labelledby="temporary-password-heading"
          className="rounded-xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950"
          data-testid="temporary-password-notice"
        >
          <h2 id="temporary-password-heading" className="flex items-center gap-2 font-semibold">
            <KeyRound className="size-5" aria-hidden /> Choose your own password to continue
          </h2>
          <p className="mt-1">
            You signed in with a temporary password. The rest of the portal opens once you have replaced it.
            {temporaryPasswordExpiresAt ? (
              <>
                {" "}
                It stops working on <time dateTime={temporaryPasswordExpiresAt}>{formatDateTime(temporaryPasswordExpiresAt)}</time>.
              </>
            ) : null}
          </p>
        </section>
      ) : null}

      {canChange ? (
        <Form method="post" className="grid gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <ErrorSummary answer={answer} fields={PASSWORD_CONTROLS} />
          <Field id="current-password" label={temporary ? "Current (temporary) password" : "Current password"} required error={errors.currentPassword}>
            {(control) => (
              <Input {...control} type="password" name="currentPassword" autoComplete="current-password" maxLength={MAX_PASSWORD_LENGTH} autoFocus />
            )}
          </Field>
          <Field
            id="new-password"
            label="New password"
            required
            error={errors.newPassword}
            hint={`At least ${MIN_PASSWORD_LENGTH} characters, and not your email address. A few unrelated words make a strong one.`}
          >
            {(control) => (
              <Input
                {...control}
                type="password"
                name="newPassword"
                autoComplete="new-password"
                minLength={MIN_PASSWORD_LENGTH}
                maxLength={MAX_PASSWORD_LENGTH}
              />
            )}
          </Field>
          <Field id="confirm-password" label="Confirm new password" required error={errors.confirmPassword}>
            {(control) => (
              <Input
                {...control}
                type="password"
                name="confirmPassword"
                autoComplete="new-password"
                minLength={MIN_PASSWORD_LENGTH}
                maxLength={MAX_PASSWORD_LENGTH}
              />
            )}
          </Field>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Changing..." : "Change password"}
            </Button>
          </div>
        </Form>
      ) : (
        <p className="rounded-xl bg-white p-5 text-slate-700 shadow-sm ring-1 ring-slate-200">{PASSWORD_TEXT.noLocalPassword}</p>
      )}
    </div>
  );
}
