import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useToastFromAnswer } from "~/components/ui/toaster";
import type { FormAnswer } from "~/lib/form-submission";

/**
 * A public form posted through a fetcher when JavaScript runs (no page load),
 * or as a plain form post when it does not. Either way the answer (field
 * errors, the visitor's values, a toast) comes from the same action; a
 * successful post redirects, and with JavaScript the form is then cleared.
 */
export function usePublicForm(key: string) {
  const fetcher = useFetcher<FormAnswer>({ key });
  const pageAnswer = useActionData<FormAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const wasBusy = useRef(false);

  useToastFromAnswer(fetcher.data);

  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    const failed = Boolean(fetcher.data?.fieldErrors || fetcher.data?.toast);
    if (!failed) formRef.current?.reset();
  }, [busy, fetcher.data]);

  const answer = fetcher.data ?? pageAnswer;
  return { fetcher, formRef, busy, answer, errors: answer?.fieldErrors ?? {}, values: answer?.values ?? {} };
}
