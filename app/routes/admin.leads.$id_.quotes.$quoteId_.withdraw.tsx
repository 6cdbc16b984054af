import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MissingRecordDialog } from "~/ui/missing-record-dialog";
import { FormAlert } from "~/ui/form-alert";
import { ConfirmForm } from "~/ui/confirm-form";
import { RouteDialog } from "~/ui/dialog";
import { leadPagePath } from "~/features/quotes/quote-form";
import { isOpenQuoteStatus, QUOTE_STATUS_LABELS } from "~/features/quotes/quotes";
import { loadWithdrawQuote, withdrawFromDialog, type QuoteEditorAnswer } from "~/features/quotes/quote-editor.server";

/** "Withdraw" on a sent quote asks first, like the delete dialogs: a page without JavaScript, a dialog with it. */
export const loader = ({ request, params }: LoaderFunctionArgs) => loadWithdrawQuote(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => withdrawFromDialog(request, params);

export default function WithdrawQuoteDialog() {
  const { quote } = useLoaderData<typeof loader>();
  const answer = useActionData<QuoteEditorAnswer>();
  if (!quote)
    return <MissingRecordDialog title="Quote not found" closeTo="/admin/leads" text="This quote no longer exists. It may have been deleted with its lead." />;
  const closeTo = leadPagePath(quote.leadId);
  return (
    <RouteDialog title={`Withdraw quote ${quote.label}?`} description={`Sent to ${quote.email}`} closeTo={closeTo}>
      {answer?.formError ? <FormAlert>{answer.formError}</FormAlert> : null}
      {isOpenQuoteStatus(quote.status) || quote.status === "draft" ? (
        <ConfirmForm
          question="The customer's link will say the quote was withdrawn, and it can no longer be accepted. To change it instead, revise it."
          cancelTo={closeTo}
          confirmLabel="Withdraw"
          busyLabel="Withdrawing..."
        />
      ) : (
        <p className="text-slate-700">{`This quote is ${QUOTE_STATUS_LABELS[quote.status].toLowerCase()}: it can no longer be withdrawn.`}</p>
      )}
    </RouteDialog>
  );
}
