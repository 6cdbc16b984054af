import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { orderPagePath } from "~/features/orders/staff-order";
import type { OrderFormAnswer } from "~/features/orders/staff-order-forms";
import { orderForPage, orderPageAction } from "~/features/orders/staff-order-page.server";
import { RouteDialog } from "~/ui/dialog";
import { DialogFormActions } from "~/ui/dialog-actions";
import { FormAlert } from "~/ui/form-alert";
import { MissingRecordDialog } from "~/ui/missing-record-dialog";

/** Cancelling an order asks first, like the delete dialogs: a page without JavaScript, a dialog over the order with it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const order = await orderForPage(request, params);
  const version = new URL(request.url).searchParams.get("version");
  return json({ order, version: version && /^\d{1,9}$/.test(version) ? version : String(order?.version ?? "") }, { status: order ? 200 : 404 });
}

export const action = ({ request, params }: ActionFunctionArgs) => orderPageAction(request, params, "cancelled");

export default function CancelOrderDialog() {
  const { order, version } = useLoaderData<typeof loader>();
  const answer = useActionData<OrderFormAnswer>();
  if (!order) return <MissingRecordDialog title="Order not found" closeTo="/admin/orders" text="This order no longer exists." />;
  const closeTo = orderPagePath(order.id);
  return (
    <RouteDialog title={`Cancel order ${order.reference}?`} description={order.businessName ?? undefined} closeTo={closeTo}>
      {answer?.formError ? <FormAlert>{answer.formError}</FormAlert> : null}
      <Form method="post" preventScrollReset className="grid gap-5">
        <input type="hidden" name="version" value={answer?.current ? answer.current.version : version} />
        <p className="text-slate-700">
          Every line not yet cancelled is cancelled with it, and the customer&apos;s page says so. A cancelled order can be reopened by changing its status.
        </p>
        <DialogFormActions cancelTo={closeTo} submitLabel="Cancel order" busyLabel="Cancelling..." destructive />
      </Form>
    </RouteDialog>
  );
}
