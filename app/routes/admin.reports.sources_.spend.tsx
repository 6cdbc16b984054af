import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { marketingSpendSchema, SPEND_MESSAGES } from "~/features/reports";
import { listMarketingSpend, saveMarketingSpend, SPEND_LISTED } from "~/features/reports/index.server";
import { SPEND_PAGE, SpendForm, SpendTable } from "~/features/reports/spend-screen";
import { useAdminUser } from "~/features/staff/admin-session";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import type { FormAnswer } from "~/lib/form-fields";
import { submitAdminForm } from "~/platform/admin-forms.server";
import { readFormFields } from "~/platform/request-body.server";

export const meta: MetaFunction = () => [{ title: "Spend | Administration Portal" }];

/** The marketing spend the Sources report shares over leads and wins: every staff role sees it; admins enter it here and delete it in its dialog (issue 41). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { permission: "view", signedOut: "login" });
  return json({ entries: await listMarketingSpend(), mostListed: SPEND_LISTED });
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAdminPageUser(request, { permission: "manageSpend", signedOut: "login" });
  return submitAdminForm({
    values: await readFormFields(request),
    schema: marketingSpendSchema,
    save: (input) => saveMarketingSpend(actor, input),
    success: { redirectTo: SPEND_PAGE, toast: { kind: "success", title: SPEND_MESSAGES.saved } },
  });
}

export default function Spend() {
  const { entries, mostListed } = useLoaderData<typeof loader>();
  const answer = useActionData<FormAnswer<"month" | "source" | "campaign" | "amount">>();
  const { permissions } = useAdminUser();
  return (
    <div className="grid gap-6">
      <div>
        <p className="text-sm">
          <Link
            to="/admin/reports/sources"
            className="inline-flex min-h-6 items-center font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900"
          >
            ← Sources
          </Link>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Spend</h1>
        <p className="mt-1 text-slate-600">
          What was spent each month on a source, or on one campaign of it. The Sources report shares it over the leads and wins it brought; a month only partly
          in the report&apos;s period counts for its days.
        </p>
      </div>
      {permissions.manageSpend ? <SpendForm answer={answer} /> : <p className="text-sm text-slate-600">Admins enter and change the spend.</p>}
      <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <SpendTable entries={entries} canManage={permissions.manageSpend} />
      </div>
      {entries.length === mostListed ? <p className="text-sm text-slate-600">The latest {mostListed} entries are shown.</p> : null}
      {/* The delete dialog, over the list. */}
      <Outlet />
    </div>
  );
}
