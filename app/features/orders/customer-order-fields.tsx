import { LIMITS } from "~/lib/form-fields";
import type { ReactNode } from "react";
import { controlId } from "~/lib/form-fields";
import { Field, Input, Select } from "~/ui/field";

/**
 * The order form's controls: each reads its first value (what the customer typed, when the form comes back refused, else what they saved) and its message
 * from the page's one answer, by the field's name.
 */

export interface OrderFormState {
  /** What a field holds at first. */
  valueOf: (name: string) => string;
  errorOf: (name: string) => string | undefined;
}

export const orderControlId = (name: string) => controlId("order", name);

interface TextProps {
  state: OrderFormState;
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  maxLength?: number;
  type?: "text" | "email" | "tel" | "date";
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "text";
  min?: string;
  max?: string;
}

export function OrderTextField({
  state,
  name,
  label,
  hint,
  required,
  maxLength = LIMITS.shortText,
  type = "text",
  autoComplete,
  inputMode,
  min,
  max,
}: TextProps) {
  const error = state.errorOf(name);
  return (
    <Field id={orderControlId(name)} label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <Input
          {...control}
          required={undefined}
          name={name}
          type={type}
          maxLength={type === "date" ? undefined : maxLength}
          defaultValue={state.valueOf(name)}
          autoComplete={autoComplete}
          inputMode={inputMode}
          min={min}
          max={max}
        />
      )}
    </Field>
  );
}

export function OrderSelectField({
  state,
  name,
  label,
  options,
  required,
}: {
  state: OrderFormState;
  name: string;
  label: string;
  options: ReadonlyArray<[value: string, label: string]>;
  required?: boolean;
}) {
  return (
    <Field id={orderControlId(name)} label={label} error={state.errorOf(name)} required={required}>
      {(control) => (
        <Select {...control} required={undefined} name={name} defaultValue={state.valueOf(name)}>
          <option value="">Please choose</option>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** A choice of a few, as radio buttons in a fieldset: the first button carries the control id the error summary links to. */
export function OrderRadios({
  state,
  name,
  legend,
  options,
}: {
  state: OrderFormState;
  name: string;
  legend: ReactNode;
  options: ReadonlyArray<[value: string, label: string]>;
}) {
  const error = state.errorOf(name);
  const id = orderControlId(name);
  const chosen = state.valueOf(name);
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {legend}
        <span className="text-red-600" aria-hidden>
          {" "}
          *
        </span>
      </legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map(([value, text], index) => (
          <label key={value} htmlFor={index === 0 ? id : `${id}-${value}`} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              id={index === 0 ? id : `${id}-${value}`}
              type="radio"
              name={name}
              value={value}
              defaultChecked={chosen === value}
              className="size-6 shrink-0 accent-brand-600"
              {...(error ? { "aria-invalid": true } : {})}
            />
            {text}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
