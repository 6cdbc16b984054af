import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formFields, type FieldRules, type FormAnswer, type FormFields } from "~/lib/form-fields";

/**
 * A public form posted through a fetcher when JavaScript runs (no page load),
 * or as a plain form post when it does not. Either way the answer (field
 * errors, the visitor's values, a toast) comes from the same action; a
 * successful post redirects, and with JavaScript the form is then cleared.
 */
export function usePublicForm<Rules extends FieldRules>(key: string, formId: string, rules: Rules) {
  const fetcher = useFetcher<FormAnswer<Rules>>({ key });
  const pageAnswer = useActionData<FormAnswer<Rules>>();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  // The fetcher's answer when the current post was sent.
  const sentWith = useRef<{ answer: FormAnswer<Rules> | undefined } | null>(null);
  // A successful post redirects and leaves the fetcher holding the last failed
  // answer: that answer is set aside so its errors and values stop showing.
  const [setAside, setSetAside] = useState<FormAnswer<Rules> | undefined>(undefined);
  const [succeeded, setSucceeded] = useState(0);

  useEffect(() => {
    if (busy) {
      sentWith.current ??= { answer: fetcher.data };
      return;
    }
    if (!sentWith.current) return;
    const failed = fetcher.data !== sentWith.current.answer;
    sentWith.current = null;
    if (!failed) {
      setSetAside(fetcher.data);
      setSucceeded((count) => count + 1);
    }
  }, [busy, fetcher.data]);

  // Once the set-aside values are no longer the fields' defaults, empty the form.
  useEffect(() => {
    if (succeeded > 0) formRef.current?.reset();
  }, [succeeded]);

  const answer = (fetcher.data !== setAside ? fetcher.data : undefined) ?? pageAnswer;
  const fields: FormFields<Rules> = formFields(formId, rules, answer);
  return { fetcher, formRef, busy, answer, fields };
}
