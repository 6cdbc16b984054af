import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DataRequestChangeForm, type DataRequestAnswer } from "~/features/privacy/data-request-form";
import { DataRequestStatusBadges } from "~/features/privacy/data-request-table";
import { Fact, Facts } from "~/ui/facts";
import { MissingRecordDialog } from "~/ui/missing-record-dialog";
import { Button } from "~/ui/button";
import { RouteDialog } from "~/ui/dialog";
import { DATA_REQUEST_KIND_LABELS, DATA_REQUEST_TEXT } from "~/features/privacy/data-protection";
import { recordId } from "~/lib/route-params";
import { dataRequestChangesSchema } from "~/features/privacy/data-requests-schema";
import { dataRequestHandlerChoices, getDataRequest, updateDataRequest } from "~/features/privacy/data-requests.server";
import { foundOrNull } from "~/platform/model-error.server";
import { dataRequestFormAction, registerListHref } from "~/features/privacy/data-request-pages.server";
import { requireDataProtectionUser } from "~/features/staff/auth.server";
import { formatCalendarDay } from "~/lib/calendar";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireDataProtectionUser(request);
  const [dataRequest, handlers] = await Promise.all([foundOrNull(getDataRequest(recordId(params.id))), dataRequestHandlerChoices()]);
  return json({ dataRequest, handlers, closeTo: registerListHref(request) }, { status: dataRequest ? 200 : 404 });
}

/** Saves the status, handler and notes; "Mark done" sends the status alone. */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = recordId(params.id);
  return dataRequestFormAction(request, dataRequestChangesSchema, (user, changes) => updateDataRequest(user, id, changes), DATA_REQUEST_TEXT.updated);
}

export default function DataRequestDialog() {
  const { dataRequest, handlers, closeTo } = useLoaderData<typeof loader>();
  const answer = useActionData<DataRequestAnswer>();
  if (!dataRequest) return <MissingRecordDialog title="Request not found" closeTo={closeTo} text="This request is not in the register." />;
  return (
    <RouteDialog title={DATA_REQUEST_KIND_LABELS[dataRequest.kind]} description={dataRequest.contact ?? "Contact details erased"} closeTo={closeTo} wide>
      <Facts title="Request">
        <Fact label="Received">{formatCalendarDay(dataRequest.receivedOn)}</Fact>
        <Fact label="Due">{formatCalendarDay(dataRequest.dueOn)}</Fact>
        <Fact label="Status">
          <DataRequestStatusBadges request={dataRequest} />
        </Fact>
        {dataRequest.closedOn ? <Fact label="Closed">{formatCalendarDay(dataRequest.closedOn)}</Fact> : null}
      </Facts>
      {dataRequest.status === "open" ? (
        <Form method="post" preventScrollReset>
          <Button type="submit" name="status" value="done">
            Mark done
          </Button>
        </Form>
      ) : null}
      <DataRequestChangeForm
        initial={{ status: dataRequest.status, handledBy: dataRequest.handledBy ?? "", notes: dataRequest.notes ?? "" }}
        answer={answer}
        handlers={handlers}
        cancelTo={closeTo}
      />
    </RouteDialog>
  );
}
