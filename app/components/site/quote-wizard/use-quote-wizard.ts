import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { firstUnansweredChoiceStep, pickWizardAnswers, QUOTE_WIZARD_INTENTS, type QuoteWizardState } from "~/lib/quote-wizard";

/**
 * The wizard's state: the last answer from the server (a fetcher with
 * JavaScript, the page's action data without), shown a step ahead at once
 * while a choice on steps 1 to 3 is on its way. `initial` before any answer.
 */
export function useQuoteWizard(formAction: string, initial: QuoteWizardState) {
  const fetcher = useFetcher<QuoteWizardState>({ key: `quote-wizard:${formAction}` });
  const pageState = useActionData<QuoteWizardState>();
  const confirmed = fetcher.data ?? pageState ?? initial;

  const pending = fetcher.formData;
  const intent = pending?.get("intent");
  const submitting = fetcher.state !== "idle" && intent === QUOTE_WIZARD_INTENTS.submit;

  let state = confirmed;
  if (pending && !intent && confirmed.step < 4) {
    // A choice advances at once (SPEC section 4); the server's answer follows.
    const answers = pickWizardAnswers(Object.fromEntries(pending));
    state = { step: firstUnansweredChoiceStep(answers), answers, chosenDeal: confirmed.chosenDeal };
  }

  // Move focus to the new step's question, so keyboard and screen-reader users follow along.
  const question = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.step);
  useEffect(() => {
    if (shownStep.current !== state.step) question.current?.focus({ preventScroll: true });
    shownStep.current = state.step;
  }, [state.step]);

  return { fetcher, state, submitting, busy: fetcher.state !== "idle", question };
}
