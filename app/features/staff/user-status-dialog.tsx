import { Form, useActionData } from "@remix-run/react";
import { RouteDialog } from "~/ui/dialog";
import { DialogFormActions, NoticeDialog } from "~/ui/dialog-actions";
import { ErrorSummary } from "~/ui/error-summary";
import { useAdminUser } from "./admin-session";
import type { AdminUser } from "./admin-users";
import { USERS_PAGE } from "./admin-users-screen";
import type { FormAnswer } from "~/lib/form-fields";

interface UserStatusDialogProps {
  user: AdminUser;
  title: string;
  /** The question asked before the change. */
  confirmation: string;
  /** Said instead when the user is already in the state asked for. */
  alreadyDone: string;
  alreadyDoneWhen: boolean;
  selfMessage: string;
  submitLabel: string;
  busyLabel: string;
  destructive?: boolean;
}

/** The confirm-then-post dialog behind Deactivate and Reactivate. */
export function UserStatusDialog(props: UserStatusDialogProps) {
  const { user, title, confirmation, alreadyDone, alreadyDoneWhen, selfMessage, submitLabel, busyLabel, destructive } = props;
  const answer = useActionData<FormAnswer<never>>();
  const { user: currentUser } = useAdminUser();
  const unavailable = user.id === currentUser.id ? selfMessage : alreadyDoneWhen ? alreadyDone : null;

  if (unavailable) {
    return <NoticeDialog title={title} message={unavailable} closeTo={USERS_PAGE} />;
  }

  return (
    <RouteDialog title={title} description={confirmation} closeTo={USERS_PAGE}>
      <Form method="post" preventScrollReset className="grid gap-4">
        <ErrorSummary answer={answer} fields={{}} />
        {/* Cancel is focused on open, so Enter never confirms by accident. */}
        <DialogFormActions cancelTo={USERS_PAGE} submitLabel={submitLabel} busyLabel={busyLabel} destructive={destructive} focusCancel />
      </Form>
    </RouteDialog>
  );
}
