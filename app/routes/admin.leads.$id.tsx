import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigation, Form } from "@remix-run/react";
import { LeadDetails, LeadTimeline } from "~/components/admin/lead-details";
import { MissingRecordDialog } from "~/components/admin/missing-record-dialog";
import { Button } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/dialog";
import { Field, Textarea } from "~/components/ui/field";
import { useToastFromAnswer } from "~/components/ui/toaster";
import { useAdminUser } from "~/lib/admin-session";
import { parseWithSchema } from "~/lib/form-submission";
import { recordId } from "~/lib/route-params";
import { leadNoteSchema } from "~/lib/schemas/leads";
import { addLeadNote, getLeadDetails } from "~/models/lead-workspace.server";
import { foundOrNull, ModelError } from "~/models/model-error.server";
import { requireAdminPageUser } from "~/services/auth.server";
import { readFormFields } from "~/services/request-body.server";
import { raiseToast, redirectWithToast } from "~/services/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { signedOut: "login" });
  const details = await foundOrNull(getLeadDetails(recordId(params.id)));
  if (!details) return json({ lead: null, activity: [] }, { status: 404 });
  return json(details);
}

/** Add a note to the lead. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "workLeads", signedOut: "login" });
  const parsed = parseWithSchema(leadNoteSchema, await readFormFields(request));
  if (!parsed.success) return json({ fieldErrors: parsed.fieldErrors }, { status: 400 });
  try {
    await addLeadNote(user, recordId(params.id), parsed.data.body);
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return json({ toast: raiseToast({ kind: "destructive", title: "Error", description: error.message }) }, { status: error.status });
  }
  const url = new URL(request.url);
  return redirectWithToast(`${url.pathname}${url.search}`, { kind: "success", title: "Note added" });
}

export default function LeadDetailsDialog() {
  const { lead, activity } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { permissions } = useAdminUser();
  const { search } = useLocation();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  useToastFromAnswer(answer && "toast" in answer ? answer : undefined);
  const closeTo = `/admin/leads${search}`;

  if (!lead) {
    return <MissingRecordDialog title="Lead not found" closeTo={closeTo} text="This lead no longer exists. It may have been deleted." />;
  }
  const noteError = answer && "fieldErrors" in answer ? answer.fieldErrors.body : undefined;
  return (
    <RouteDialog title="Lead Details" description={`${lead.companyName} · ${lead.reference}`} closeTo={closeTo} wide>
      <LeadDetails lead={lead} />
      <LeadTimeline lead={lead} activity={activity} />
      {permissions.workLeads ? (
        <Form method="post" preventScrollReset className="grid gap-3" key={activity.length}>
          <Field id="lead-note" label="Add a note" error={noteError}>
            {(control) => <Textarea {...control} name="body" rows={3} maxLength={5000} placeholder="Called, left a voicemail..." />}
          </Field>
          <div className="flex justify-end">
            <Button type="submit" size="sm" disabled={saving}>
              {saving ? "Saving..." : "Add note"}
            </Button>
          </div>
        </Form>
      ) : null}
    </RouteDialog>
  );
}
