import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminUserDialogError } from "~/components/admin/admin-user-dialog-error";
import { Button, ButtonLink } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/dialog";
import { DialogActions } from "~/components/ui/dialog-actions";
import { Field, Select } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useToastFromAnswer } from "~/components/ui/toaster";
import { useAdminUser } from "~/lib/admin-session";
import { fullName } from "~/lib/admin-users";
import { USER_MESSAGES, USERS_PAGE } from "~/lib/admin-users-screen";
import { ADMIN_ROLE_LABELS, ADMIN_ROLES } from "~/lib/enums";
import { formValues, parseWithSchema } from "~/lib/form-submission";
import { adminRoleChangeSchema } from "~/lib/schemas/admin-users";
import { changeAdminUserRole } from "~/models/admin-users.server";
import { changeFromForm, formAnswer, readAdminForm, type AdminFormAnswer } from "~/services/admin-forms.server";
import { requireDialogSubject, requireUserManager } from "~/services/admin-user-dialogs.server";

export const meta: MetaFunction = () => [{ title: "Edit User Role | Administration Portal" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserManager(request);
  return json({ user: await requireDialogSubject(params.id) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUserManager(request);
  const form = await readAdminForm(request);
  const values = form ? formValues(form) : {};
  const parsed = parseWithSchema(adminRoleChangeSchema, values);
  if (!parsed.success) return formAnswer({ fieldErrors: parsed.fieldErrors, values }, USER_MESSAGES.roleUpdateFailed, 400);
  return changeFromForm(() => changeAdminUserRole(actor, params.id!, parsed.data.role), {
    success: { redirectTo: USERS_PAGE, toast: USER_MESSAGES.roleUpdated },
    failure: USER_MESSAGES.roleUpdateFailed,
    values,
  });
}

export default function EditUserRole() {
  const { user } = useLoaderData<typeof loader>();
  const answer = useActionData<AdminFormAnswer>();
  useToastFromAnswer(answer);
  const { user: currentUser } = useAdminUser();
  const busy = useNavigation().state === "submitting";
  const name = fullName(user) || user.email;

  if (user.id === currentUser.id) {
    return (
      <RouteDialog title="Edit User Role" description="You can't change your own role. Ask another super admin to do it." closeTo={USERS_PAGE}>
        <DialogActions>
          <ButtonLink to={USERS_PAGE} preventScrollReset variant="outline">
            Close
          </ButtonLink>
        </DialogActions>
      </RouteDialog>
    );
  }

  return (
    <RouteDialog title="Edit User Role" description={`Choose what ${name} can do in the admin portal.`} closeTo={USERS_PAGE}>
      <Form method="post" preventScrollReset className="grid gap-4">
        {answer?.formError ? <FormAlert>{answer.formError}</FormAlert> : null}
        <Field id="user-role" label="Role" error={answer?.fieldErrors?.role}>
          {(control) => (
            <Select {...control} name="role" defaultValue={answer?.values?.role ?? user.role} autoFocus>
              {ADMIN_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ADMIN_ROLE_LABELS[role]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <DialogActions>
          <ButtonLink to={USERS_PAGE} preventScrollReset variant="outline">
            Cancel
          </ButtonLink>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save"}
          </Button>
        </DialogActions>
      </Form>
    </RouteDialog>
  );
}

export const ErrorBoundary = AdminUserDialogError;
