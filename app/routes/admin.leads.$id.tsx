import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigation, Form } from "@remix-run/react";
import { LEAD_ASSIGN_INTENT, LeadDetails, LeadOwner, LeadTimeline, PossibleDuplicates } from "~/features/leads/lead-details";
import { LeadQuotes, type LeadQuoteEntry } from "~/features/quotes/lead-quotes";
import { MissingRecordDialog } from "~/ui/missing-record-dialog";
import { Button } from "~/ui/button";
import { RouteDialog } from "~/ui/dialog";
import { Field, Textarea } from "~/ui/field";
import { useAdminUser } from "~/features/staff/admin-session";
import type { FormAnswer } from "~/lib/form-fields";
import { errorToast } from "~/lib/messages";
import { quoteStatusOn, type Quote } from "~/features/quotes/quotes";
import { recordId } from "~/lib/route-params";
import { can } from "~/features/staff/permissions";
import { leadAssignmentSchema, leadNoteSchema } from "~/features/leads/leads-schema";
import { addLeadNote, assignLead, getLeadDetails, listAssignableStaff } from "~/features/leads/lead-workspace.server";
import { foundOrNull } from "~/platform/model-error.server";
import { listLeadQuotes } from "~/features/quotes/quotes.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { readFormFields } from "~/platform/request-body.server";
import { submitAdminForm } from "~/platform/admin-forms.server";
import { ukDay } from "~/lib/calendar";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdminPageUser(request, { signedOut: "login" });
  const id = recordId(params.id);
  const [details, staff, quotes] = await Promise.all([
    foundOrNull(getLeadDetails(id)),
    can(user.role, "assignLeads") ? listAssignableStaff() : Promise.resolve([]),
    foundOrNull(listLeadQuotes(id)),
  ]);
  if (!details) return json({ lead: null, activity: [], possibleDuplicates: [], marketing: null, staff, quotes: [] }, { status: 404 });
  return json({ ...details, staff, quotes: leadQuoteEntries(quotes ?? []) });
}

/** The lead's quotes as its Quotes panel lists them: each status as of today (an open quote past its day reads as expired). */
function leadQuoteEntries(quotes: Quote[]): LeadQuoteEntry[] {
  const today = ukDay(new Date());
  return quotes.map((quote) => ({
    id: quote.id,
    version: quote.version,
    status: quoteStatusOn(quote, today),
    monthlyExVatPence: quote.totals.monthlyExVatPence,
    sentAt: quote.sentAt,
    firstViewedAt: quote.firstViewedAt,
    acceptedAt: quote.acceptedAt,
    viewCount: quote.viewCount,
    customerPath: quote.customerPath,
  }));
}

/** Add a note to the lead, or change who owns it (`intent=assign`); either way back to the dialog. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "workLeads", signedOut: "login" });
  const form = await readFormFields(request);
  const id = recordId(params.id);
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  if (form.intent === LEAD_ASSIGN_INTENT) {
    return submitAdminForm({
      // No owner chosen is "unassigned".
      values: { assignedTo: form.assignedTo ?? "" },
      schema: leadAssignmentSchema,
      invalid: ({ fieldErrors }) => errorToast(Object.values(fieldErrors)[0]),
      save: ({ assignedTo }) => assignLead(user, id, assignedTo),
      success: {
        redirectTo: here,
        toast: (lead) => ({ kind: "success", title: lead.assignedTo ? `Lead assigned to ${lead.assignedTo.name}` : "Lead unassigned" }),
      },
      failure: (error) => errorToast(error.message),
      refusalShownIn: "toast",
    });
  }
  return submitAdminForm({
    values: form,
    schema: leadNoteSchema,
    save: ({ body }) => addLeadNote(user, id, body),
    success: { redirectTo: here, toast: { kind: "success", title: "Note added" } },
    failure: (error) => errorToast(error.message),
    refusalShownIn: "toast",
  });
}

export default function LeadDetailsDialog() {
  const { lead, activity, possibleDuplicates, marketing, staff, quotes } = useLoaderData<typeof loader>();
  const answer = useActionData<FormAnswer<"body">>();
  const { user, permissions } = useAdminUser();
  const { search } = useLocation();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const closeTo = `/admin/leads${search}`;

  if (!lead) {
    return <MissingRecordDialog title="Lead not found" closeTo={closeTo} text="This lead no longer exists. It may have been deleted." />;
  }
  const noteError = answer?.fieldErrors?.body;
  return (
    <RouteDialog title="Lead Details" description={`${lead.companyName} · ${lead.reference}`} closeTo={closeTo} wide>
      <PossibleDuplicates duplicates={possibleDuplicates} />
      <LeadDetails lead={lead} marketing={marketing} />
      <LeadOwner lead={lead} me={user.id} staff={staff} canAssignAnyone={permissions.assignLeads} canTake={permissions.workLeads} saving={saving} />
      <LeadQuotes leadId={lead.id} quotes={quotes} canWork={permissions.workLeads} />
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
