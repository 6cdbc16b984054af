import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminUserDialogError } from "~/features/staff/admin-user-dialog-error";
import { UserStatusDialog } from "~/features/staff/user-status-dialog";
import { fullName } from "~/features/staff/admin-users";
import { USER_MESSAGES, USER_REFUSALS, USERS_PAGE } from "~/features/staff/admin-users-screen";
import { deactivateAdminUser } from "~/features/staff/admin-users.server";
import { changeFromForm } from "~/platform/admin-forms.server";
import { loadUserDialog, requireUserManager } from "~/features/staff/admin-user-dialogs.server";

export const meta: MetaFunction = () => [{ title: "Deactivate User | Administration Portal" }];

export const loader = async ({ request, params }: LoaderFunctionArgs) => json(await loadUserDialog(request, params.id));

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUserManager(request);
  return changeFromForm(() => deactivateAdminUser(actor, params.id!), {
    success: { redirectTo: USERS_PAGE, toast: USER_MESSAGES.deactivated },
    headings: USER_REFUSALS.deactivate,
  });
}

export default function DeactivateUser() {
  const { user } = useLoaderData<typeof loader>();
  const name = fullName(user) || user.email;
  return (
    <UserStatusDialog
      user={user}
      title="Deactivate User"
      confirmation={`Are you sure you want to deactivate ${name}? They will lose access to the admin portal.`}
      alreadyDone={`${name} is already inactive.`}
      alreadyDoneWhen={!user.isActive}
      selfMessage="You can't deactivate your own account. Ask another super admin to do it."
      submitLabel="Deactivate"
      busyLabel="Deactivating..."
      destructive
    />
  );
}

export const ErrorBoundary = AdminUserDialogError;
