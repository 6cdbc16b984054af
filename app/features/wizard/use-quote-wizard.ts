import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import {
  firstUnansweredChoiceStep,
  initialQuoteWizardState,
  pickWizardAnswers,
  QUOTE_WIZARD_INTENTS,
  withChosenDeal,
  type QuoteWizardState,
} from "~/features/leads";
import type { TariffOffer } from "~/features/tariffs";

/**
 * The wizard's state: the last answer from the server (a fetcher with JavaScript, the page's action data without), shown a step ahead at once while a choice on
 * steps 1 to 3 is on its way. Before any answer it starts with `chosenDeal`, the deal chosen on the comparison (`comparison`: its query string), at the
 * question after the team size its lines answer.
 */
export function useQuoteWizard(formAction: string, chosenDeal: TariffOffer | null, comparison = "") {
  const fetcher = useFetcher<QuoteWizardState>({ key: `quote-wizard:${formAction}` });
  const pageState = useActionData<QuoteWizardState>();
  const answered = fetcher.data ?? pageState;
  let confirmed = answered ?? initialQuoteWizardState(chosenDeal, comparison);

  // "Get this deal" after the visitor began (with JavaScript the page's data changes, the wizard's answers stay): the new deal joins their answers until the
  // server's next answer, which carries it on from the hidden fields. Removing it changes no prop, so it stays removed.
  const dealKey = chosenDeal ? `${chosenDeal.slug}:${chosenDeal.lines}` : "";
  const seenDealKey = useRef(dealKey);
  const [chosenLater, setChosenLater] = useState<{ deal: TariffOffer; over: QuoteWizardState } | null>(null);
  useEffect(() => {
    if (seenDealKey.current === dealKey) return;
    seenDealKey.current = dealKey;
    setChosenLater(chosenDeal && answered ? { deal: chosenDeal, over: answered } : null);
  }, [dealKey, chosenDeal, answered]);
  if (chosenLater && chosenLater.over === answered && answered.step < 6) {
    const { deal } = chosenLater;
    const answers = withChosenDeal(answered.answers, deal, comparison);
    confirmed = { ...answered, step: answered.step < 4 ? firstUnansweredChoiceStep(answers) : answered.step, answers, chosenDeal: deal };
  }

  const pending = fetcher.formData;
  const intent = pending?.get("intent");
  const submitting = fetcher.state !== "idle" && intent === QUOTE_WIZARD_INTENTS.submit;

  let state = confirmed;
  if (pending && !intent && confirmed.step < 4) {
    // A choice advances at once (SPEC section 4); the server's answer follows.
    const answers = pickWizardAnswers(Object.fromEntries(pending));
    state = { step: firstUnansweredChoiceStep(answers), answers, chosenDeal: confirmed.chosenDeal };
  }

  // Move focus to the new step's question, so keyboard and screen-reader users follow along; a refused step's error summary takes it instead.
  const question = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.step);
  const refused = state.fieldErrors !== undefined;
  useEffect(() => {
    if (shownStep.current !== state.step && !refused) question.current?.focus({ preventScroll: true });
    shownStep.current = state.step;
  }, [state.step, refused]);

  // The server's answer as it came (each one a new object), for the error summary to know a new refusal.
  return { fetcher, state, answered, submitting, busy: fetcher.state !== "idle", question };
}
