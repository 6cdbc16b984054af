import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmForm } from "~/ui/confirm-form";
import { RouteDialog } from "~/ui/dialog";
import { RETENTION_MESSAGES, RETENTION_SCREEN_PATH, retentionTotal } from "~/features/privacy/retention-screen";
import { planRetention, runRetentionNow } from "~/features/privacy/retention.server";
import { changeFromForm } from "~/platform/admin-forms.server";
import { requireDataProtectionUser } from "~/features/staff/auth.server";
import { countOf, plural } from "~/lib/plural";

/** "Run now" asks first, like the delete dialogs: a page without JavaScript, a dialog with it. Recorded as a run by the staff member. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireDataProtectionUser(request);
  const due = await planRetention(new Date());
  return json({ due: retentionTotal(due) });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDataProtectionUser(request);
  return changeFromForm(() => runRetentionNow({ mode: "apply", trigger: "staff", actor: user }), {
    success: {
      redirectTo: RETENTION_SCREEN_PATH,
      toast: (run) =>
        run === null ? RETENTION_MESSAGES.running : run.error ? RETENTION_MESSAGES.failed(run.error) : RETENTION_MESSAGES.ran(retentionTotal(run.counts)),
    },
    failure: (error) => RETENTION_MESSAGES.refused(error.message),
    refusalShownIn: "toast",
  });
}

export default function RunRetentionDialog() {
  const { due } = useLoaderData<typeof loader>();
  return (
    <RouteDialog title="Run retention now?" closeTo={RETENTION_SCREEN_PATH}>
      <ConfirmForm
        question={`${countOf(due, "record")} ${plural(due, "is", "are")} due: their personal details are cleared or the records deleted now. This cannot be undone.`}
        cancelTo={RETENTION_SCREEN_PATH}
        confirmLabel="Run retention"
        busyLabel="Running..."
      />
    </RouteDialog>
  );
}
