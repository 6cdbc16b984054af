import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { DialogFormActions } from "~/ui/dialog-actions";
import { Field, Input, Select, Textarea } from "~/ui/field";
import { ErrorSummary } from "~/ui/error-summary";
import { controlId, formFields, type FormAnswer } from "~/lib/form-fields";
import {
  priceRiseFields,
  priceRiseRowCount,
  TARIFF_ALLOWANCES,
  TARIFF_FORM_FIELDS as RULES,
  TICKED,
  unlimitedField,
  type TariffFormField,
  type TariffFormValues,
} from "./tariff-form-fields";
import { TARIFF_NETWORKS, TARIFF_SERVICE_TYPE_LABELS, TARIFF_SERVICE_TYPES, TARIFF_STATUS_LABELS, TARIFF_STATUSES, TARIFF_TERMS } from "./tariffs";
import { TARIFF_STATUS_HINT, TARIFFS_ADMIN_PATH } from "./tariffs-screen";

/** The add and edit dialogs' answer when they did not save. */
export type TariffAnswer = FormAnswer<TariffFormField>;

interface TariffFormProps {
  /** What the form starts with: the saved tariff's values or the defaults. */
  initial: TariffFormValues;
  answer?: TariffAnswer;
  submitLabel: string;
  /** Set when editing: the slug names the tariff and is not changed here. */
  fixedSlug?: string;
}

const ALLOWANCE_LABELS = { dataGb: "Data (GB)", minutes: "Minutes", texts: "Texts" } as const;

/** The form's controls by field, in the form's order, for its error summary (the price rises' order as a whole has no one control). */
function controlsInOrder(priceRiseRows: number[], withSlug: boolean): Record<string, string> {
  const names = [
    ...["name", ...(withSlug ? ["slug"] : []), "network", "serviceType", "status", "termMonths", "monthlyPrice", "upfrontCost"],
    ...priceRiseRows.flatMap((row) => Object.values(priceRiseFields(row))),
    ...TARIFF_ALLOWANCES.flatMap((allowance) => [allowance, unlimitedField(allowance)]),
    ...["fiveG", "wifiCalling", "euRoamingIncluded", "euRoamingFairUseGb", "euRoamingDailyCharge"],
    ...["discountFromLine", "discountPercent", "minLines", "maxLines", "businessExtras", "sourceUrl", "checkedOn"],
  ];
  return Object.fromEntries(names.map((name) => [name, controlId("tariff", name)]));
}

function Tick({ id, name, label, checked, error }: { id: string; name: string; label: string; checked: boolean; error?: string }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="size-6 rounded border-slate-400 accent-brand-600"
        />
        {label}
      </label>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Group({ legend, hint, error, children }: { legend: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{legend}</legend>
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
      {children}
    </fieldset>
  );
}

/**
 * The add and edit dialogs' form: a plain post that works without
 * JavaScript. Money in pounds ("12.50", ex VAT), price rises as dated
 * amounts (Ofcom: never a percentage), Unlimited beside each allowance.
 * After a refused post it shows what was typed, the error summary at its top and each message by its field.
 */
export function TariffForm({ initial, answer, submitLabel, fixedSlug }: TariffFormProps) {
  const values: TariffFormValues = answer?.values ?? initial;
  const errors = (answer?.fieldErrors ?? {}) as Partial<Record<string, string>>;
  const fields = formFields("tariff", RULES, { fieldErrors: answer?.fieldErrors, values: values as Record<string, string> });
  const ticked = (name: string) => values[name] === TICKED;
  const choice = (
    name: TariffFormField,
    label: string,
    options: readonly (string | number)[],
    labels?: Record<string, string>,
    placeholder?: string,
    hint?: string,
  ) => (
    <Field id={controlId("tariff", name)} label={label} hint={hint} required error={errors[name]}>
      {(control) => (
        <Select {...control} name={name} defaultValue={values[name] ?? ""}>
          {placeholder ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option} value={option}>
              {labels?.[option] ?? option}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
  const rows = Array.from({ length: priceRiseRowCount(values) }, (_, index) => index + 1);

  return (
    <Form method="post" preventScrollReset className="grid gap-5" noValidate>
      <ErrorSummary answer={answer} fields={controlsInOrder(rows, !fixedSlug)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...fields.name.field} label="Name">
          {(control) => <Input {...control} {...fields.name.input} autoComplete="off" autoFocus />}
        </Field>
        {fixedSlug ? (
          <div className="grid gap-1.5">
            <span className="text-sm font-medium text-slate-800">Slug</span>
            <span className="py-2 font-mono text-sm text-slate-700">{fixedSlug}</span>
            <input type="hidden" name="slug" value={fixedSlug} />
          </div>
        ) : (
          <Field {...fields.slug.field} label="Slug" hint="Lower-case letters, digits and hyphens, e.g. ee-business-30gb-24">
            {(control) => <Input {...control} {...fields.slug.input} autoComplete="off" />}
          </Field>
        )}
        {choice("network", "Network", TARIFF_NETWORKS, undefined, "Choose a network")}
        {choice("serviceType", "Service type", TARIFF_SERVICE_TYPES, TARIFF_SERVICE_TYPE_LABELS)}
        {choice("status", "Status", TARIFF_STATUSES, TARIFF_STATUS_LABELS, undefined, TARIFF_STATUS_HINT)}
        {choice("termMonths", "Term (months)", TARIFF_TERMS)}
        <Field {...fields.monthlyPrice.field} label="Monthly price ex VAT (£)">
          {(control) => <Input {...control} {...fields.monthlyPrice.input} inputMode="decimal" placeholder="12.50" />}
        </Field>
        <Field {...fields.upfrontCost.field} label="Upfront cost ex VAT (£)">
          {(control) => <Input {...control} {...fields.upfrontCost.input} inputMode="decimal" placeholder="0.00" />}
        </Field>
      </div>

      <Group
        legend="Price rises"
        hint="Each rise as the date it starts and the new monthly price ex VAT in pounds (never a percentage). Leave a row blank for none."
        error={errors.priceRises}
      >
        {rows.map((row) => {
          const names = priceRiseFields(row);
          return (
            <div key={row} className="grid gap-3 sm:grid-cols-2" data-testid="price-rise-row">
              <Field id={controlId("tariff", names.from)} label={`Rise ${row}: from`} error={errors[names.from]}>
                {(control) => <Input {...control} type="date" name={names.from} defaultValue={values[names.from] ?? ""} />}
              </Field>
              <Field id={controlId("tariff", names.price)} label={`Rise ${row}: monthly price ex VAT (£)`} error={errors[names.price]}>
                {(control) => <Input {...control} name={names.price} defaultValue={values[names.price] ?? ""} inputMode="decimal" />}
              </Field>
            </div>
          );
        })}
      </Group>

      <Group legend="Allowances">
        <div className="grid gap-4 sm:grid-cols-3">
          {TARIFF_ALLOWANCES.map((allowance) => (
            <div key={allowance} className="grid content-start gap-2">
              <Field {...fields[allowance].field} label={ALLOWANCE_LABELS[allowance]}>
                {(control) => <Input {...control} {...fields[allowance].input} inputMode="decimal" />}
              </Field>
              <Tick
                id={controlId("tariff", unlimitedField(allowance))}
                name={unlimitedField(allowance)}
                label={`Unlimited ${ALLOWANCE_LABELS[allowance].replace(" (GB)", "").toLowerCase()}`}
                checked={ticked(unlimitedField(allowance))}
              />
            </div>
          ))}
        </div>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <Tick id="tariff-five-g" name="fiveG" label="5G" checked={ticked("fiveG")} error={errors.fiveG} />
          <Tick id="tariff-wifi-calling" name="wifiCalling" label="Wi-Fi calling" checked={ticked("wifiCalling")} error={errors.wifiCalling} />
        </div>
      </Group>

      <Group legend="EU roaming">
        <Tick
          id="tariff-eu-roaming-included"
          name="euRoamingIncluded"
          label="EU roaming included"
          checked={ticked("euRoamingIncluded")}
          error={errors.euRoamingIncluded}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field {...fields.euRoamingFairUseGb.field} label="Fair-use limit (GB)" hint="When included; blank for none stated.">
            {(control) => <Input {...control} {...fields.euRoamingFairUseGb.input} inputMode="decimal" />}
          </Field>
          <Field {...fields.euRoamingDailyCharge.field} label="Daily charge ex VAT (£)" hint="When not included; blank for none stated.">
            {(control) => <Input {...control} {...fields.euRoamingDailyCharge.input} inputMode="decimal" />}
          </Field>
        </div>
      </Group>

      <Group legend="Lines and discount" hint="A multi-line discount takes the percent off each line from that line on; leave both blank for none.">
        <div className="grid gap-4 sm:grid-cols-4">
          <Field {...fields.discountFromLine.field} label="Discount from line">
            {(control) => <Input {...control} {...fields.discountFromLine.input} inputMode="numeric" />}
          </Field>
          <Field {...fields.discountPercent.field} label="Discount (%)">
            {(control) => <Input {...control} {...fields.discountPercent.input} inputMode="decimal" />}
          </Field>
          <Field {...fields.minLines.field} label="Fewest lines">
            {(control) => <Input {...control} {...fields.minLines.input} inputMode="numeric" />}
          </Field>
          <Field {...fields.maxLines.field} label="Most lines">
            {(control) => <Input {...control} {...fields.maxLines.input} inputMode="numeric" />}
          </Field>
        </div>
      </Group>

      <Field {...fields.businessExtras.field} label="Business extras" hint="One per line, e.g. Priority support.">
        {(control) => <Textarea {...control} {...fields.businessExtras.input} rows={3} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...fields.sourceUrl.field} label="Source" hint="The page the prices were read from.">
          {(control) => <Input {...control} {...fields.sourceUrl.input} type="url" autoComplete="off" placeholder="https://" />}
        </Field>
        <Field {...fields.checkedOn.field} label="Prices checked on">
          {(control) => <Input {...control} {...fields.checkedOn.input} type="date" />}
        </Field>
      </div>
      <DialogFormActions cancelTo={TARIFFS_ADMIN_PATH} submitLabel={submitLabel} busyLabel="Saving..." />
    </Form>
  );
}
