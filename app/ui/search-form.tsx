import { Form, useSubmit } from "@remix-run/react";
import { Search } from "./icons";
import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { Button } from "./button";

/** Submits a GET form after a pause (typing) or at once (a select), replacing the history entry. */
export function useSubmitSoon(form: RefObject<HTMLFormElement>) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
    }, delay);
  };
}

interface SearchInputProps {
  id: string;
  /** Read by screen readers; the placeholder says it for everyone else. */
  label: string;
  placeholder: string;
  q: string;
  onType: () => void;
}

export function SearchInput({ id, label, placeholder, q, onType }: SearchInputProps) {
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={q}
        maxLength={200}
        placeholder={placeholder}
        onChange={onType}
        className="h-10 w-full rounded-md border border-slate-300 pr-3 pl-9 text-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
      />
    </div>
  );
}

interface SearchFormProps extends Omit<SearchInputProps, "onType"> {
  /** The list's path: the search lives in its URL (`?q=`). */
  action: string;
  className: string;
  /** More filters between the search box and the button; call `onChange` when they change. */
  children?: (onChange: () => void) => ReactNode;
}

/**
 * A list's search as a GET form: the state lives in the URL, so it works
 * without JavaScript (press Search). With JavaScript the list follows as you
 * type.
 */
export function SearchForm({ action, className, children, ...input }: SearchFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const submitSoon = useSubmitSoon(form);
  return (
    <Form ref={form} method="get" action={action} role="search" className={className}>
      <SearchInput {...input} onType={() => submitSoon(250)} />
      {children?.(() => submitSoon(0))}
      <Button type="submit" variant="outline" size="toolbar">
        Search
      </Button>
    </Form>
  );
}
