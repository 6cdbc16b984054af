import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminUserDialogError } from "~/features/staff/admin-user-dialog-error";
import { UserStatusDialog } from "~/features/staff/user-status-dialog";
import { fullName } from "~/features/staff/admin-users";
import { USER_MESSAGES, USERS_PAGE } from "~/features/staff/admin-users-screen";
import { reactivateAdminUser } from "~/features/staff/admin-users.server";
import { changeFromForm } from "~/platform/admin-forms.server";
import { loadUserDialog, requireUserManager } from "~/features/staff/admin-user-dialogs.server";

export const meta: MetaFunction = () => [{ title: "Reactivate User | Administration Portal" }];

export const loader = async ({ request, params }: LoaderFunctionArgs) => json(await loadUserDialog(request, params.id));

/** Beyond the spec: the way back from Deactivate. */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUserManager(request);
  return changeFromForm(() => reactivateAdminUser(actor, params.id!), {
    success: { redirectTo: USERS_PAGE, toast: USER_MESSAGES.reactivated },
  });
}

export default function ReactivateUser() {
  const { user } = useLoaderData<typeof loader>();
  const name = fullName(user) || user.email;
  return (
    <UserStatusDialog
      user={user}
      title="Reactivate User"
      confirmation={`Reactivate ${name}? They will be able to sign in to the admin portal again with their current role.`}
      alreadyDone={`${name} is already active.`}
      alreadyDoneWhen={user.isActive}
      selfMessage="You can't reactivate your own account."
      submitLabel="Reactivate"
      busyLabel="Reactivating..."
    />
  );
}

export const ErrorBoundary = AdminUserDialogError;
