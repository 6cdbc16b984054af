import { Clock, ShieldCheck } from "~/ui/icons";
import { FormLogo } from "~/features/content";
import { HoneypotField } from "~/ui/field";
import type { PublicStockImage } from "~/features/content";
import { ErrorSummary } from "~/ui/error-summary";
import { formFields } from "~/lib/form-fields";
import { carriesAttribution, CHOICE_STEPS, QUOTE_REQUEST_FIELDS, type QuoteWizardAnswers, type QuoteWizardStep } from "~/features/leads";
import { QUOTE_STEP_ANCHOR, type TariffOffer } from "~/features/tariffs";
import { useQuoteWizard } from "./use-quote-wizard";
import { useVisitAttribution } from "./visit-attribution";
import { ChosenDealPanel } from "./wizard-deals";
import { WizardProgress } from "./wizard-progress";
import { BusinessStepFields, ChoiceStepFields, ContactStepFields, StepQuestion, ThankYou } from "./wizard-steps";

const STEP_QUESTIONS: Record<QuoteWizardStep, string> = {
  1: CHOICE_STEPS[0].question,
  2: CHOICE_STEPS[1].question,
  3: CHOICE_STEPS[2].question,
  4: "Tell us about your business",
  5: "Where should we send your quote?",
  6: "Thank You!",
};

/** Fields each step shows as inputs; every other answer travels in a hidden field. */
const VISIBLE_FIELDS: Record<QuoteWizardStep, readonly string[]> = {
  1: ["teamSize"],
  2: ["contractExpiry"],
  3: ["businessType"],
  4: ["businessName", "postcode"],
  5: ["firstName", "lastName", "email", "phoneNumber", "marketingConsent"],
  6: [],
};

/** The typed answers each step shows, which its error summary links to (a choice's buttons and the consent box are no one control to go to). */
const STEP_CONTROLS: Record<QuoteWizardStep, readonly ("businessName" | "postcode" | "firstName" | "lastName" | "email" | "phoneNumber")[]> = {
  1: [],
  2: [],
  3: [],
  4: ["businessName", "postcode"],
  5: ["firstName", "lastName", "email", "phoneNumber"],
  6: [],
};

/**
 * Where a step's post lands without JavaScript: the wizard's card, or its error summary when the step is refused. The browser focuses a fragment's element
 * (the summary) but skips autofocus on an address with one, so the id moves to the summary (ErrorSummary).
 */
const STEP_ANCHOR = QUOTE_STEP_ANCHOR;

const NETWORK_NAMES = ["EE", "O2", "Vodafone", "Three"];

function HiddenAnswers({ answers, step }: { answers: QuoteWizardAnswers; step: QuoteWizardStep }) {
  return (
    <>
      {Object.entries(answers)
        .filter(([field]) => !VISIBLE_FIELDS[step].includes(field))
        .map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
    </>
  );
}

function NetworkLogos({ logos }: { logos: Array<PublicStockImage | null> }) {
  const uploaded = logos.filter((logo): logo is PublicStockImage => logo !== null);
  return (
    <div className="grid gap-3 border-t border-slate-200 pt-5">
      <p className="text-center text-xs font-semibold tracking-wider text-slate-600 uppercase">Networks we compare</p>
      {uploaded.length > 0 ? (
        <div className="flex flex-wrap items-center justify-center gap-6">
          {uploaded.map((logo) => (
            <FormLogo key={logo.id} image={logo} alt="Network logo" />
          ))}
        </div>
      ) : (
        <ul className="flex flex-wrap justify-center gap-2" aria-label="Networks we compare">
          {NETWORK_NAMES.map((network) => (
            <li key={network} className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-700">
              {network}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The quote wizard (SPEC section 4), the `#get-quote` section of the pages
 * that host it. `formAction` is the hosting route, whose action is
 * `quoteWizardAction`. `chosenDeal`: the deal the visitor chose on the
 * comparison ("Get this deal"), carried as `tariffSlug` and `lines` (which answer the team size), with `comparison`, the query string it was chosen
 * from, whose filters the thank-you step's shortlist keeps.
 */
export function QuoteWizard({
  formAction,
  logos,
  chosenDeal = null,
  comparison = "",
}: {
  formAction: string;
  logos: Array<PublicStockImage | null>;
  chosenDeal?: TariffOffer | null;
  comparison?: string;
}) {
  const { fetcher, state, answered, submitting, busy, question } = useQuoteWizard(formAction, chosenDeal, comparison);
  const { step, answers } = state;
  // Until the server's first answer (which carries it on), the browser adds where the visit came from.
  const visit = useVisitAttribution();
  const carried = carriesAttribution(answers) ? answers : { ...answers, ...visit };
  const deal = state.chosenDeal ?? (chosenDeal?.slug === answers.tariffSlug ? chosenDeal : undefined) ?? undefined;
  const fields = formFields("quote", QUOTE_REQUEST_FIELDS, { fieldErrors: state.fieldErrors, values: answers });
  const choice = CHOICE_STEPS.find((candidate) => candidate.step === step);
  const refused = state.fieldErrors !== undefined && Object.keys(state.fieldErrors).length > 0;
  const summaryFields = Object.fromEntries(STEP_CONTROLS[step].map((name) => [name, fields[name]]));

  return (
    <section id="get-quote" aria-labelledby="get-quote-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-5 lg:items-start lg:px-8">
        <div className="grid gap-4 lg:col-span-2">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Free, no-obligation quote</p>
          <h2 id="get-quote-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Get your business mobile quote
          </h2>
          <p className="text-lg leading-8 text-slate-600">Answer five quick questions and an expert will compare every major UK network for you.</p>
          <ul className="grid gap-3 text-slate-700">
            <li className="flex items-center gap-3">
              <Clock className="size-5 text-brand-600" aria-hidden /> Takes 1 minute
            </li>
            <li className="flex items-center gap-3">
              <ShieldCheck className="size-5 text-brand-600" aria-hidden /> Your quote from an expert within 24 hours
            </li>
          </ul>
        </div>
        <div id={refused ? undefined : STEP_ANCHOR} className="grid gap-6 rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8 lg:col-span-3">
          {/* The state shown a step ahead while a choice is on its way has no errors; the summary is the server's answer's. */}
          {refused ? <ErrorSummary id={STEP_ANCHOR} answer={answered} fields={summaryFields} /> : null}
          <WizardProgress step={step} />
          <StepQuestion ref={question}>{STEP_QUESTIONS[step]}</StepQuestion>
          {step === 6 ? (
            <ThankYou reference={state.reference} chosenDeal={state.chosenDeal} shortlist={state.shortlist} />
          ) : (
            <fetcher.Form
              method="post"
              action={`${formAction}#${STEP_ANCHOR}`}
              preventScrollReset
              aria-label="Quote request"
              className="relative grid gap-5"
              data-step={step}
            >
              <HoneypotField formId="quote" />
              <HiddenAnswers answers={carried} step={step} />
              {step === 5 && state.submissionToken ? <input type="hidden" name="submissionToken" value={state.submissionToken} /> : null}
              {choice ? <ChoiceStepFields choice={choice} selected={answers[choice.field]} error={fields[choice.field].error} disabled={busy} /> : null}
              {step === 4 ? <BusinessStepFields fields={fields} /> : null}
              {step === 5 ? <ContactStepFields fields={fields} submitting={submitting} marketingConsent={answers.marketingConsent} /> : null}
              {answers.tariffSlug ? <ChosenDealPanel deal={deal} error={state.fieldErrors?.tariffSlug} disabled={busy} /> : null}
            </fetcher.Form>
          )}
          <NetworkLogos logos={logos} />
        </div>
      </div>
    </section>
  );
}
