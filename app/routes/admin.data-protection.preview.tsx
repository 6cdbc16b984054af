import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { RETENTION_MESSAGES, RETENTION_SCREEN_PATH, retentionTotal } from "~/features/privacy/retention-screen";
import { runRetention } from "~/features/privacy/retention.server";
import { changeFromForm } from "~/platform/admin-forms.server";
import { requireDataProtectionUser } from "~/features/staff/auth.server";

/** "Preview a run": a dry run, recorded and audited like any run, then back to the Retention tab with its total. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireDataProtectionUser(request);
  return redirect(RETENTION_SCREEN_PATH);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDataProtectionUser(request);
  return changeFromForm(() => runRetention({ mode: "dry_run", trigger: "staff", actor: user }), {
    success: {
      redirectTo: RETENTION_SCREEN_PATH,
      toast: (run) => (run.error ? RETENTION_MESSAGES.failed(run.error) : RETENTION_MESSAGES.previewed(retentionTotal(run.counts))),
    },
    failure: (error) => RETENTION_MESSAGES.refused(error.message),
    refusalShownIn: "toast",
  });
}
