import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigation, Form } from "@remix-run/react";
import { LEAD_ASSIGN_INTENT, LeadDetails, LeadOwner, LeadTimeline, PossibleDuplicates } from "~/components/admin/lead-details";
import { MissingRecordDialog } from "~/components/admin/missing-record-dialog";
import { Button } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/dialog";
import { Field, Textarea } from "~/components/ui/field";
import { useToastFromAnswer } from "~/components/ui/toaster";
import { useAdminUser } from "~/lib/admin-session";
import { parseWithSchema } from "~/lib/form-submission";
import { recordId } from "~/lib/route-params";
import { can } from "~/lib/permissions";
import { leadAssignmentSchema, leadNoteSchema } from "~/lib/schemas/leads";
import { addLeadNote, assignLead, getLeadDetails, listAssignableStaff } from "~/models/lead-workspace.server";
import { foundOrNull, ModelError } from "~/models/model-error.server";
import { requireAdminPageUser } from "~/route-actions/auth.server";
import { readFormFields } from "~/infrastructure/request-body.server";
import { raiseToast, redirectWithToast } from "~/route-actions/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdminPageUser(request, { signedOut: "login" });
  const [details, staff] = await Promise.all([
    foundOrNull(getLeadDetails(recordId(params.id))),
    can(user.role, "assignLeads") ? listAssignableStaff() : Promise.resolve([]),
  ]);
  if (!details) return json({ lead: null, activity: [], possibleDuplicates: [], staff }, { status: 404 });
  return json({ ...details, staff });
}

/** Add a note to the lead, or change who owns it (`intent=assign`). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "workLeads", signedOut: "login" });
  const form = await readFormFields(request);
  const id = recordId(params.id);
  const refused = (error: unknown) => {
    if (!(error instanceof ModelError)) throw error;
    return json({ toast: raiseToast({ kind: "destructive", title: "Error", description: error.message }) }, { status: error.status });
  };
  const url = new URL(request.url);
  if (form.intent === LEAD_ASSIGN_INTENT) {
    const parsed = leadAssignmentSchema.safeParse({ assignedTo: form.assignedTo ?? null });
    if (!parsed.success) return refused(new ModelError(400, parsed.error.issues[0].message));
    try {
      const lead = await assignLead(user, id, parsed.data.assignedTo);
      const title = lead.assignedTo ? `Lead assigned to ${lead.assignedTo.name}` : "Lead unassigned";
      return redirectWithToast(`${url.pathname}${url.search}`, { kind: "success", title });
    } catch (error) {
      return refused(error);
    }
  }
  const parsed = parseWithSchema(leadNoteSchema, form);
  if (!parsed.success) return json({ fieldErrors: parsed.fieldErrors }, { status: 400 });
  try {
    await addLeadNote(user, id, parsed.data.body);
  } catch (error) {
    return refused(error);
  }
  return redirectWithToast(`${url.pathname}${url.search}`, { kind: "success", title: "Note added" });
}

export default function LeadDetailsDialog() {
  const { lead, activity, possibleDuplicates, staff } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { user, permissions } = useAdminUser();
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
      <PossibleDuplicates duplicates={possibleDuplicates} />
      <LeadDetails lead={lead} />
      <LeadOwner lead={lead} me={user.id} staff={staff} canAssignAnyone={permissions.assignLeads} canTake={permissions.workLeads} saving={saving} />
      <LeadTimeline lead={lead} activity={activity} />
      {permissions.workLeads ? (
        <Form method="post" preventScrollReset className="grid gap-3" key={activity.length}>
          <input type="hidden" name="intent" value="note" />
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
