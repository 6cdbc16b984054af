import { ErrorSummary } from "~/ui/error-summary";
import { Field, Input, Select } from "~/ui/field";
import { Button } from "~/ui/button";
import { formatCalendarDay } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";
import { NUMBER_CHOICES, NUMBER_CHOICE_LABELS, ORDER_STATUS_LABELS, SIM_TYPES, SIM_TYPE_LABELS } from "./order-lists";
import { pacEndingText, type StaffOrder, type StaffOrderLine } from "./staff-order";
import { useOrderForm } from "./staff-order-forms";

/** The order's lines, one form each (stacked cards: they fit a phone as they are). */
export function OrderLines({ order, canWork }: { order: StaffOrder; canWork: boolean }) {
  return (
    <section aria-labelledby="order-lines-heading" className="grid gap-4">
      <h2 id="order-lines-heading" className="text-lg font-semibold text-slate-900">
        Lines
      </h2>
      <ol className="grid gap-4">
        {order.lines.map((line) => (
          <li key={line.id}>
            <OrderLineForm order={order} line={line} canWork={canWork} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function OrderLineForm({ order, line, canWork }: { order: StaffOrder; line: StaffOrderLine; canWork: boolean }) {
  const { fetcher, answer, shown } = useOrderForm("line", order, line.id);
  const current = shown.lines.find((candidate) => candidate.id === line.id) ?? line;
  const values = answer?.values ?? {};
  const errors = answer?.fieldErrors ?? {};
  const fieldId = (name: string) => `order-line-${line.id}-${name}`;
  const text = (name: keyof StaffOrderLine, label: string, type = "text") => (
    <Field id={fieldId(name)} label={label} error={errors[name]}>
      {(control) => <Input {...control} type={type} name={name} defaultValue={values[name] ?? String(current[name] ?? "")} />}
    </Field>
  );
  const busy = fetcher.state !== "idle";
  const contract = shown.contracts.find((candidate) => candidate.orderLineId === line.id);
  return (
    <fetcher.Form
      key={shown.version}
      method="post"
      preventScrollReset
      className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid="order-line"
      data-line-id={line.id}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{`Line ${current.position}`}</h3>
        <p className="text-sm text-slate-700">
          {ORDER_STATUS_LABELS[current.status]} · {formatPounds(current.monthlyExVatPence)} a month ex VAT
          {current.portDate ? ` · ports ${formatCalendarDay(current.portDate)}` : ""}
        </p>
      </div>
      <ErrorSummary answer={answer} fields={fieldId} />
      <input type="hidden" name="intent" value="line" />
      <input type="hidden" name="version" value={shown.version} />
      <input type="hidden" name="lineId" value={line.id} />
      <fieldset disabled={!canWork} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {text("userName", "User")}
        <Field id={fieldId("numberChoice")} label="Number" error={errors.numberChoice}>
          {(control) => (
            <Select {...control} name="numberChoice" defaultValue={values.numberChoice ?? current.numberChoice ?? ""}>
              <option value="">Not chosen</option>
              {NUMBER_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {NUMBER_CHOICE_LABELS[choice]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {text("mobileNumber", "Mobile number", "tel")}
        <Field
          id={fieldId("pac")}
          label="New PAC"
          hint={`${pacEndingText(current.pacEnding)}${current.pacClearedAt ? " (cleared)" : ""}. Leave blank to keep it.`}
          error={errors.pac}
        >
          {(control) => <Input {...control} name="pac" autoComplete="off" maxLength={12} defaultValue="" />}
        </Field>
        {text("pacIssuedOn", "PAC date", "date")}
        <Field id={fieldId("simType")} label="SIM type" error={errors.simType}>
          {(control) => (
            <Select {...control} name="simType" defaultValue={values.simType ?? current.simType ?? ""}>
              <option value="">Not chosen</option>
              {SIM_TYPES.map((type) => (
                <option key={type} value={type}>
                  {SIM_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {text("tariffName", "Tariff")}
        {text("termMonths", "Term (months)", "number")}
        {text("portDate", "Port date", "date")}
      </fieldset>
      {contract ? (
        <p className="text-sm text-slate-700" data-testid="line-contract">
          Contract: {formatCalendarDay(contract.startDate)} to {formatCalendarDay(contract.endDate)} ({contract.termMonths} months)
        </p>
      ) : null}
      {canWork ? (
        <div>
          <Button type="submit" variant="outline" disabled={busy}>
            {busy ? "Saving..." : `Save line ${current.position}`}
          </Button>
        </div>
      ) : null}
    </fetcher.Form>
  );
}
