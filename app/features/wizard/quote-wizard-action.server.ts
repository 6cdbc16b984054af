import crypto from "node:crypto";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { parseWithSchema } from "~/lib/form-submission";
import { MESSAGES, type ToastMessage } from "~/lib/messages";
import {
  ATTRIBUTION_FIELDS,
  firstUnansweredChoiceStep,
  pickWizardAnswers,
  QUOTE_WIZARD_INTENTS,
  quoteRequestSchema,
  type QuoteWizardState,
  type QuoteWizardStep,
  stepOfField,
  wizardAttribution,
  withoutChosenDeal,
} from "~/features/leads";
import { chosenDealOffer, countWizardStepReached, decoyLeadReference, leadLines, submitQuoteRequest } from "~/features/leads/index.server";
import { missingInformation, REFUSAL_TOASTS } from "~/platform/public-forms.server";
import { checkPublicWrite, PUBLIC_WRITE_STATUS, readPublicWrite, retryAfterHeaders, type PublicWriteRefusal } from "~/platform/public-write.server";
import { raiseToast } from "~/platform/toast.server";
import { logger } from "~/platform/logger.server";

const businessStepSchema = quoteRequestSchema.pick({ businessName: true, postcode: true });
const TOKEN_PATTERN = /^[0-9a-f-]{36}$/;

const linesSchema = quoteRequestSchema.shape.lines;

const isAttributionField = (field: string) => (ATTRIBUTION_FIELDS as readonly string[]).includes(field);

/**
 * The deal the answers carry, priced for their lines, so every step shows it (a post without JavaScript lands on the page without the comparison's query). None
 * when it is no longer on offer: the final step then names it as a field error.
 */
async function withChosenDeal(state: QuoteWizardState): Promise<QuoteWizardState> {
  const { tariffSlug, lines, teamSize } = state.answers;
  if (!tariffSlug || state.chosenDeal) return state;
  const parsedLines = linesSchema.safeParse(lines);
  const chosenDeal = await chosenDealOffer(tariffSlug, leadLines(parsedLines.success ? parsedLines.data : undefined, teamSize));
  return chosenDeal ? { ...state, chosenDeal } : state;
}

async function answer(state: QuoteWizardState, status = 200, headers?: HeadersInit) {
  return json(await withChosenDeal(state), { status, headers });
}

/**
 * The quote wizard's form action, on every page that hosts the wizard. Each step posts the answers so far; the answer is the step to show next. The last step
 * stores the lead through the same model function as the API.
 */
export async function quoteWizardAction({ request }: ActionFunctionArgs) {
  const sourcePage = new URL(request.url).pathname;
  const read = await readPublicWrite(request, "form");
  if (read.outcome === "refused") {
    return answer({ step: 1, answers: {}, toast: raiseToast(REFUSAL_TOASTS[read.refusal.reason]) }, PUBLIC_WRITE_STATUS[read.refusal.reason]);
  }
  const values = read.body;
  const intent = values.intent;
  const removingDeal = intent === QUOTE_WIZARD_INTENTS.removeDeal;
  // Removing the chosen deal keeps every answer and the step the visitor is on.
  const picked = removingDeal ? withoutChosenDeal(pickWizardAnswers(values)) : pickWizardAnswers(values);
  // Where the visit came from, normalised once here and carried through the later steps like the answers (leads/attribution.ts).
  const attribution = wizardAttribution(values, sourcePage, request.headers.get("Referer"));
  const answers = { ...Object.fromEntries(Object.entries(picked).filter(([field]) => !isAttributionField(field))), ...attribution };

  const choiceStep = firstUnansweredChoiceStep(answers);
  if (removingDeal && choiceStep === 4 && TOKEN_PATTERN.test(values.submissionToken ?? "")) {
    return answer({ step: 5, answers, submissionToken: values.submissionToken });
  }
  if (choiceStep < 4 || (intent !== QUOTE_WIZARD_INTENTS.next && intent !== QUOTE_WIZARD_INTENTS.submit)) {
    // Steps 1 to 3: a choice was made; show the first step still unanswered.
    if (choiceStep > 1 && !removingDeal) await countWizardStepReached(choiceStep);
    return answer({ step: choiceStep, answers });
  }

  if (intent === QUOTE_WIZARD_INTENTS.next) {
    const parsed = parseWithSchema(businessStepSchema, answers);
    // The step's error summary says what to fix (headed by the spec's words for an empty answer); no toast covers the form.
    if (!parsed.success) return answer({ step: 4, answers, fieldErrors: parsed.fieldErrors, ...missingInformation(parsed.missingRequired) }, 400);
    await countWizardStepReached(5);
    return answer({ step: 5, answers, submissionToken: crypto.randomUUID() });
  }

  // The final step.
  const submissionToken = TOKEN_PATTERN.test(values.submissionToken ?? "") ? values.submissionToken : crypto.randomUUID();
  const stayOnStep5 = (status: number, headers?: HeadersInit, toast: ToastMessage = MESSAGES.submissionFailed) =>
    answer({ step: 5, answers, submissionToken, toast: raiseToast(toast) }, status, headers);
  // The wizard's last step says a refused submission failed; a paused disk says why.
  const refused = (refusal: PublicWriteRefusal) =>
    stayOnStep5(
      PUBLIC_WRITE_STATUS[refusal.reason],
      retryAfterHeaders(refusal),
      refusal.reason === "writesPaused" ? MESSAGES.writesPaused : MESSAGES.submissionFailed,
    );

  const write = await checkPublicWrite("quote", read);
  if (write.outcome === "refused") return refused(write.refusal);
  // A bot: answered as if it worked, nothing kept.
  if (write.outcome === "bot") return answer({ step: 6, answers: {}, reference: decoyLeadReference() });

  try {
    // The consent box's "yes" is read by the shared schema, as the JSON API's.
    // The attribution as normalised above, every field named so nothing posted beside it counts.
    const recorded = Object.fromEntries(ATTRIBUTION_FIELDS.map((field) => [field, attribution[field] ?? null]));
    const submission = await submitQuoteRequest({ ...values, ...recorded }, { sourcePage, submissionToken });
    if (submission.status === "busy") return refused({ reason: "tooMany", retryAfterSeconds: submission.retryAfterSeconds });
    if (submission.status === "invalid") {
      const step = Math.min(...Object.keys(submission.fieldErrors).map(stepOfField)) as QuoteWizardStep;
      return answer({ step, answers, fieldErrors: submission.fieldErrors, submissionToken, ...missingInformation(submission.missingRequired) }, 400);
    }
    await countWizardStepReached(6);
    const { tariff, shortlist } = submission.deal;
    return answer({ step: 6, answers: {}, reference: submission.lead.reference, chosenDeal: tariff ?? undefined, shortlist });
  } catch (error) {
    logger.error({ event: "quote_request.store_failed", err: error }, "Storing a quote request failed");
    return stayOnStep5(503);
  }
}
