import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { MissingRecordDialog } from "~/ui/missing-record-dialog";
import { Button, ButtonLink } from "~/ui/button";
import { DialogActions } from "~/ui/dialog-actions";
import { RouteDialog } from "~/ui/dialog";
import { leadPagePath } from "~/features/quotes/quote-form";
import { draftNewQuote, loadNewQuote } from "~/features/quotes/quote-editor.server";

/**
 * "New quote" on a lead. The lead page's button posts here: a draft is made
 * from the deal the visitor chose and its editor opens. A lead has one draft
 * at a time, so with one already, both a GET and a POST go to it. Opened
 * straight (a GET, which never drafts), it asks first.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => loadNewQuote(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => draftNewQuote(request, params);

export default function NewQuoteDialog() {
  const { lead } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  if (!lead) return <MissingRecordDialog title="Lead not found" closeTo="/admin/leads" text="This lead no longer exists. It may have been deleted." />;
  const closeTo = leadPagePath(lead.id);
  return (
    <RouteDialog title="New quote" description={`${lead.companyName} · ${lead.reference}`} closeTo={closeTo}>
      <Form method="post" className="grid gap-5">
        <p className="text-slate-700">Start a draft quote from the deal the visitor chose? You can change every line before it is sent.</p>
        <DialogActions>
          <ButtonLink to={closeTo} variant="outline">
            Cancel
          </ButtonLink>
          <Button type="submit" disabled={busy}>
            {busy ? "Starting..." : "Start the quote"}
          </Button>
        </DialogActions>
      </Form>
    </RouteDialog>
  );
}
