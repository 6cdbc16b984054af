import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminUserDialogError } from "~/features/staff/admin-user-dialog-error";
import { UserStatusDialog } from "~/features/staff/user-status-dialog";
import { fullName } from "~/features/staff/admin-users";
import { USER_MESSAGES, USERS_PAGE } from "~/features/staff/admin-users-screen";
import { TEMPORARY_PASSWORD_DAYS } from "~/features/staff/sign-in";
import { resetAdminUserPassword } from "~/features/staff/admin-users.server";
import { changeFromForm } from "~/platform/admin-forms.server";
import { loadUserDialog, requireUserManager, showOnceToThisSession } from "~/features/staff/admin-user-dialogs.server";
import { localSignInEnabled } from "~/platform/env.server";
import { PASSWORD_TEXT } from "~/features/staff/staff-messages";
import { countOf } from "~/lib/plural";

export const meta: MetaFunction = () => [{ title: "Reset Password | Administration Portal" }];

export const loader = async ({ request, params }: LoaderFunctionArgs) =>
  json({ ...(await loadUserDialog(request, params.id)), localSignIn: localSignInEnabled });

/** Beyond the spec: a new temporary password, shown once on the Users screen like Add Admin User's. */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUserManager(request);
  const reset = async () => {
    const user = await resetAdminUserPassword(actor, params.id!);
    await showOnceToThisSession(request, {
      name: fullName(user) || user.email,
      email: user.email,
      temporaryPassword: user.temporaryPassword,
      reason: "reset",
      expiresAt: user.temporaryPasswordExpiresAt,
    });
    return user;
  };
  return changeFromForm(reset, {
    success: { redirectTo: USERS_PAGE, toast: USER_MESSAGES.passwordReset },
  });
}

export default function ResetPassword() {
  const { user, localSignIn } = useLoaderData<typeof loader>();
  const name = fullName(user) || user.email;
  return (
    <UserStatusDialog
      user={user}
      title="Reset Password"
      confirmation={`Give ${name} a new temporary password? Their current password stops working and they are signed out. You'll see the new one once, to pass on; they must change it when they sign in, and it expires after ${countOf(TEMPORARY_PASSWORD_DAYS, "day")}.`}
      alreadyDone={PASSWORD_TEXT.providerOnly}
      alreadyDoneWhen={!localSignIn}
      selfMessage="You can't reset your own password here. Use Change password instead."
      submitLabel="Reset password"
      busyLabel="Resetting..."
      destructive
    />
  );
}

export const ErrorBoundary = AdminUserDialogError;
