import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminUserDialogError } from "~/features/staff/admin-user-dialog-error";
import { RoleSelect } from "~/features/staff/role-select";
import { RouteDialog } from "~/ui/dialog";
import { DialogFormActions, NoticeDialog } from "~/ui/dialog-actions";
import { Field } from "~/ui/field";
import { ErrorSummary } from "~/ui/error-summary";
import { useAdminUser } from "~/features/staff/admin-session";
import { fullName } from "~/features/staff/admin-users";
import { USER_MESSAGES, USER_REFUSALS, USERS_PAGE } from "~/features/staff/admin-users-screen";
import { adminRoleChangeSchema } from "~/features/staff/admin-users-schema";
import { changeAdminUserRole } from "~/features/staff/admin-users.server";
import type { FormAnswer } from "~/lib/form-fields";
import { submitAdminForm } from "~/platform/admin-forms.server";
import { readFormFields } from "~/platform/request-body.server";
import { loadUserDialog, requireUserManager } from "~/features/staff/admin-user-dialogs.server";

export const meta: MetaFunction = () => [{ title: "Edit User Role | Administration Portal" }];

export const loader = async ({ request, params }: LoaderFunctionArgs) => json(await loadUserDialog(request, params.id));

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUserManager(request);
  return submitAdminForm({
    values: await readFormFields(request),
    schema: adminRoleChangeSchema,
    save: ({ role }) => changeAdminUserRole(actor, params.id!, role),
    success: { redirectTo: USERS_PAGE, toast: USER_MESSAGES.roleUpdated },
    headings: USER_REFUSALS.role,
  });
}

export default function EditUserRole() {
  const { user } = useLoaderData<typeof loader>();
  const answer = useActionData<FormAnswer<"role">>();
  const { user: currentUser } = useAdminUser();
  const name = fullName(user) || user.email;

  if (user.id === currentUser.id) {
    return <NoticeDialog title="Edit User Role" message="You can't change your own role. Ask another super admin to do it." closeTo={USERS_PAGE} />;
  }

  return (
    <RouteDialog title="Edit User Role" description={`Choose what ${name} can do in the admin portal.`} closeTo={USERS_PAGE}>
      <Form method="post" preventScrollReset className="grid gap-4">
        <ErrorSummary answer={answer} fields={{ role: "user-role" }} />
        <Field id="user-role" label="Role" error={answer?.fieldErrors?.role}>
          {(control) => <RoleSelect {...control} defaultValue={answer?.values?.role ?? user.role} autoFocus />}
        </Field>
        <DialogFormActions cancelTo={USERS_PAGE} submitLabel="Save" busyLabel="Saving..." />
      </Form>
    </RouteDialog>
  );
}

export const ErrorBoundary = AdminUserDialogError;
