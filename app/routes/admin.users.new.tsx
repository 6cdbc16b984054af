import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminUserDialogError } from "~/features/staff/admin-user-dialog-error";
import { RoleSelect } from "~/features/staff/role-select";
import { RouteDialog } from "~/ui/dialog";
import { DialogFormActions } from "~/ui/dialog-actions";
import { Field, Input } from "~/ui/field";
import { ErrorSummary } from "~/ui/error-summary";
import { USER_MESSAGES, USER_REFUSALS, USERS_PAGE } from "~/features/staff/admin-users-screen";
import { newAdminUserSchema } from "~/features/staff/admin-users-schema";
import { fullName, NEW_ADMIN_USER_FIELDS as RULES } from "~/features/staff/admin-users";
import { createAdminUser } from "~/features/staff/admin-users.server";
import { localSignInEnabled } from "~/platform/env.server";
import { formFields, type FormAnswer } from "~/lib/form-fields";
import { submitAdminForm } from "~/platform/admin-forms.server";
import { readFormFields } from "~/platform/request-body.server";
import { requireUserManager, showOnceToThisSession } from "~/features/staff/admin-user-dialogs.server";

export const meta: MetaFunction = () => [{ title: "Add Admin User | Administration Portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserManager(request);
  return json({ localSignIn: localSignInEnabled });
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUserManager(request);
  return submitAdminForm({
    values: await readFormFields(request),
    schema: newAdminUserSchema,
    save: async (input) => {
      const created = await createAdminUser(actor, input);
      if (created.temporaryPassword) {
        await showOnceToThisSession(request, { name: fullName(created), email: created.email, temporaryPassword: created.temporaryPassword });
      }
      return created;
    },
    success: { redirectTo: USERS_PAGE, toast: USER_MESSAGES.created },
    headings: USER_REFUSALS.create,
  });
}

export default function AddAdminUser() {
  const { localSignIn } = useLoaderData<typeof loader>();
  const answer = useActionData<FormAnswer<keyof typeof RULES | "role">>();
  const fields = formFields("new-user", RULES, answer);
  return (
    <RouteDialog
      title="Add Admin User"
      description={
        localSignIn
          ? "Add someone to the admin portal. You'll be shown a temporary password for them once they're added: pass it on securely so they can sign in with this email address."
          : "Add someone to the admin portal. They'll receive an invite to sign in via your external sign-in provider, using this email address."
      }
      closeTo={USERS_PAGE}
    >
      <Form method="post" preventScrollReset className="grid gap-4">
        <ErrorSummary answer={answer} fields={{ ...fields, role: "new-user-role" }} />
        <Field {...fields.email.field} label="Email">
          {(control) => <Input {...control} {...fields.email.input} autoComplete="off" autoFocus />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field {...fields.firstName.field} label="First Name">
            {(control) => <Input {...control} {...fields.firstName.input} autoComplete="off" />}
          </Field>
          <Field {...fields.lastName.field} label="Last Name">
            {(control) => <Input {...control} {...fields.lastName.input} autoComplete="off" />}
          </Field>
        </div>
        <Field id="new-user-role" label="Role" error={answer?.fieldErrors?.role}>
          {(control) => <RoleSelect {...control} defaultValue={answer?.values?.role ?? "admin"} />}
        </Field>
        <DialogFormActions cancelTo={USERS_PAGE} submitLabel="Create User" busyLabel="Creating..." />
      </Form>
    </RouteDialog>
  );
}

export const ErrorBoundary = AdminUserDialogError;
