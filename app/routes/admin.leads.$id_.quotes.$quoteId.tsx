import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MissingRecordDialog } from "~/ui/missing-record-dialog";
import { QuoteDraftForm } from "~/features/quotes/quote-editor";
import { QuoteReadOnly, type QuoteEditorData } from "~/features/quotes/quote-view";
import { RouteDialog } from "~/ui/dialog";
import { useAdminUser } from "~/features/staff/admin-session";
import { leadPagePath } from "~/features/quotes/quote-form";
import { loadQuoteEditor, quoteEditorAction, type QuoteEditorAnswer } from "~/features/quotes/quote-editor.server";

/** A quote of a lead: its editor while a draft; read-only once sent, with Revise and Withdraw. */
export const loader = ({ request, params }: LoaderFunctionArgs) => loadQuoteEditor(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => quoteEditorAction(request, params);

export default function QuoteDialog() {
  const { editor } = useLoaderData<typeof loader>() as { editor: QuoteEditorData | null };
  const answer = useActionData<QuoteEditorAnswer>();
  const { permissions } = useAdminUser();
  if (!editor)
    return <MissingRecordDialog title="Quote not found" closeTo="/admin/leads" text="This quote no longer exists. It may have been deleted with its lead." />;
  const draft = editor.quote.status === "draft";
  const title = draft ? `Quote ${editor.label} (draft)` : `Quote ${editor.label}`;
  return (
    <RouteDialog title={title} description={`${editor.lead.companyName} · ${editor.lead.reference}`} closeTo={leadPagePath(editor.leadId)} wide="extra">
      {draft && permissions.workLeads ? (
        <QuoteDraftForm key={`${editor.quote.updatedAt}:${Object.keys(editor.values).length}`} editor={editor} answer={answer} />
      ) : (
        <QuoteReadOnly editor={editor} canWork={permissions.workLeads} formError={answer?.formError} />
      )}
    </RouteDialog>
  );
}
