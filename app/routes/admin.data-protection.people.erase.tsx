import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmForm } from "~/ui/confirm-form";
import { RouteDialog } from "~/ui/dialog";
import { erasePerson } from "~/features/privacy/person-erasure.server";
import { changePerson, loadPersonDialog } from "~/features/privacy/person-requests.server";
import { personCountsInWords } from "~/features/privacy/person-data";

/** Erasure (right to be forgotten): confirmed in a dialog (a page without JavaScript), then done in one transaction. */
export const loader = ({ request }: LoaderFunctionArgs) => loadPersonDialog(request);

export const action = ({ request }: ActionFunctionArgs) =>
  changePerson(request, async (search, user) => {
    const counts = await erasePerson(search, user);
    return `Erased: ${personCountsInWords(counts)} anonymised or deleted; on the suppression list`;
  });

export default function ErasePersonDialog() {
  const { person, closeTo } = useLoaderData<typeof loader>();
  return (
    <RouteDialog title="Erase this person?" description={person?.who} closeTo={closeTo}>
      {person?.nothingHeld ? (
        <p className="text-slate-700">{person.nothingHeld}</p>
      ) : person ? (
        <ConfirmForm
          question={`Their ${personCountsInWords(person)} lose every personal detail, their copies in the outbox and their words in the audit log; accepted quotes and contracts keep their money figures, anonymised. Their email and phone go on the suppression list. This cannot be undone.`}
          cancelTo={closeTo}
          confirmLabel="Erase"
          busyLabel="Erasing..."
        />
      ) : (
        <p className="text-slate-700">Please enter the person&apos;s email address or phone number first.</p>
      )}
    </RouteDialog>
  );
}
