import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NewDataRequestForm, type DataRequestAnswer } from "~/features/privacy/data-request-form";
import { RouteDialog } from "~/ui/dialog";
import { DATA_REQUEST_KINDS, DATA_REQUEST_TEXT } from "~/features/privacy/data-protection";
import { dataRequestSchema } from "~/features/privacy/data-requests-schema";
import { dataRequestHandlerChoices, recordDataRequest } from "~/features/privacy/data-requests.server";
import { dataRequestFormAction, registerListHref } from "~/features/privacy/data-request-pages.server";
import { requireDataProtectionUser } from "~/features/staff/auth.server";
import { ukDay } from "~/lib/calendar";

/**
 * The form's defaults: received today (the UK's day), handled by me. A
 * person's page links here with `?contact=&kind=` to fill those in.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDataProtectionUser(request);
  const query = new URL(request.url).searchParams;
  const kind = query.get("kind") ?? "";
  const handlers = await dataRequestHandlerChoices();
  return json({
    handlers,
    closeTo: registerListHref(request),
    defaults: {
      kind: (DATA_REQUEST_KINDS as readonly string[]).includes(kind) ? kind : "",
      receivedOn: ukDay(new Date()),
      contact: (query.get("contact") ?? "").slice(0, 254),
      handledBy: handlers.some((handler) => handler.id === user.id) ? user.id : "",
      notes: "",
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return dataRequestFormAction(request, dataRequestSchema, recordDataRequest, DATA_REQUEST_TEXT.recorded);
}

export default function RecordDataRequestDialog() {
  const { defaults, handlers, closeTo } = useLoaderData<typeof loader>();
  const answer = useActionData<DataRequestAnswer>();
  return (
    <RouteDialog title="Record a request" description="A person asked to see, erase, correct or stop the use of their data." closeTo={closeTo} wide>
      <NewDataRequestForm initial={defaults} answer={answer} handlers={handlers} cancelTo={closeTo} />
    </RouteDialog>
  );
}
