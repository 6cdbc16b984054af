import type { ComponentProps } from "react";
import { SearchForm } from "./search-form";

interface FilterSelectProps<Value extends string> {
  id: string;
  label: string;
  name: string;
  value?: string;
  allLabel: string;
  options: readonly Value[];
  labels: Record<Value, string>;
  onChange: () => void;
}

/** One filter of the list: a labelled select whose first option is "no filter". */
export function FilterSelect<Value extends string>(props: FilterSelectProps<Value>) {
  return (
    <div>
      <label htmlFor={props.id} className="sr-only">
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.name}
        defaultValue={props.value ?? ""}
        onChange={props.onChange}
        className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
      >
        <option value="">{props.allLabel}</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {props.labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One of a list's filters, in the order the form shows them. */
export type ListFilter = Omit<FilterSelectProps<string>, "onChange">;

/** A list's search box and its filters as one GET form: picking a filter submits it at once. */
export function FilterForm({ filters, ...search }: Omit<ComponentProps<typeof SearchForm>, "children"> & { filters: ListFilter[] }) {
  return (
    <SearchForm {...search}>
      {(onChange) => (
        <>
          {filters.map((filter) => (
            <FilterSelect key={filter.id} {...filter} onChange={onChange} />
          ))}
        </>
      )}
    </SearchForm>
  );
}
