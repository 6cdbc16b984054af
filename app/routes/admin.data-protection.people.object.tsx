import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmForm } from "~/ui/confirm-form";
import { RouteDialog } from "~/ui/dialog";
import { objectForPerson } from "~/features/privacy/person-erasure.server";
import { changePerson, loadPersonDialog } from "~/features/privacy/person-requests.server";

/** Objection / stop contact: on the suppression list and consents withdrawn, nothing erased. */
export const loader = ({ request }: LoaderFunctionArgs) => loadPersonDialog(request);

export const action = ({ request }: ActionFunctionArgs) =>
  changePerson(request, async (search, user) => {
    const { consentsWithdrawn } = await objectForPerson(search, user);
    return `On the suppression list; ${consentsWithdrawn} marketing consents withdrawn`;
  });

export default function ObjectForPersonDialog() {
  const { person, closeTo } = useLoaderData<typeof loader>();
  return (
    <RouteDialog title="Stop contacting this person?" description={person?.who} closeTo={closeTo}>
      {person?.nothingHeld ? (
        <p className="text-slate-700">{person.nothingHeld}</p>
      ) : person ? (
        <ConfirmForm
          question="Their email and phone go on the suppression list and their marketing consents are withdrawn, so they get no marketing again. Their records are kept."
          cancelTo={closeTo}
          confirmLabel="Stop contact"
          busyLabel="Saving..."
        />
      ) : (
        <p className="text-slate-700">Please enter the person&apos;s email address or phone number first.</p>
      )}
    </RouteDialog>
  );
}
