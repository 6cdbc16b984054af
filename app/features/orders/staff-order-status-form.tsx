import { ErrorSummary } from "~/ui/error-summary";
import { Field, Input, Select } from "~/ui/field";
import { Button } from "~/ui/button";
import { Badge, type BadgeTone } from "~/ui/badge";
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from "./order-lists";
import { keepsNumber, type StaffOrder } from "./staff-order";
import { PORT_DATE_FIELD, useOrderForm } from "./staff-order-forms";

const TONES: Record<OrderStatus, BadgeTone> = {
  awaiting_details: "neutral",
  details_received: "brand",
  submitted: "purple",
  dispatched: "brand",
  porting: "amber",
  live: "green",
  on_hold: "red",
  cancelled: "neutral",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={TONES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}

/**
 * The order's status: any status may be chosen. On hold says why; Porting takes a port date for each line keeping a number; Cancelled asks first (the
 * action sends it to the confirmation). Without JavaScript a page post; with it a fetcher.
 */
export function OrderStatusForm({ order, canWork }: { order: StaffOrder; canWork: boolean }) {
  const { fetcher, answer, shown, busy } = useOrderForm("status", order);
  const values = answer?.values ?? {};
  const errors = answer?.fieldErrors ?? {};
  const porting = shown.lines.filter(keepsNumber);
  const fieldId = (name: string) => `order-status-${name.replace(".", "-")}`;
  return (
    <section aria-labelledby="order-status-heading" className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="order-status-heading" className="text-lg font-semibold text-slate-900">
        Status
      </h2>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <OrderStatusBadge status={shown.status} />
        {shown.holdReason ? <span data-testid="hold-reason">On hold: {shown.holdReason}</span> : null}
      </p>
      {canWork ? (
        <fetcher.Form key={shown.version} method="post" preventScrollReset className="grid gap-4" data-testid="order-status-form">
          <ErrorSummary answer={answer} fields={fieldId} />
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="version" value={shown.version} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={fieldId("status")} label="New status" error={errors.status}>
              {(control) => (
                <Select {...control} name="status" defaultValue={values.status ?? shown.status}>
                  {ORDER_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {ORDER_STATUS_LABELS[status]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id={fieldId("holdReason")} label="Reason (for On hold)" error={errors.holdReason}>
              {(control) => <Input {...control} name="holdReason" maxLength={500} defaultValue={values.holdReason ?? shown.holdReason ?? ""} />}
            </Field>
          </div>
          {porting.length ? (
            <fieldset className="grid gap-3">
              <legend className="text-sm font-medium text-slate-800">Port dates (for Porting)</legend>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {porting.map((line) => {
                  const name = `${PORT_DATE_FIELD}.${line.id}`;
                  return (
                    <Field key={line.id} id={fieldId(name)} label={`Line ${line.position}${line.userName ? ` (${line.userName})` : ""}`} error={errors[name]}>
                      {(control) => <Input {...control} type="date" name={name} defaultValue={values[name] ?? line.portDate ?? ""} />}
                    </Field>
                  );
                })}
              </div>
            </fieldset>
          ) : null}
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Changing..." : "Change status"}
            </Button>
          </div>
        </fetcher.Form>
      ) : null}
    </section>
  );
}
