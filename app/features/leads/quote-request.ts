import { ATTRIBUTION_FIELDS, type AttributionField } from "./attribution";
import { MARKETING_CONSENT_FIELD } from "./consent";
import { choiceRule, emailRule, LIMITS, multiLine, optionalTextRule, phoneRule, requiredTextRule, type SummaryHeading } from "~/lib/form-fields";
import type { FieldErrors } from "~/lib/form-submission";
import type { Toast } from "~/lib/messages";
import { TARIFF_LINES, type TariffOffer, TEAM_SIZES, teamSizeForLines } from "~/features/tariffs";
import { BUSINESS_TYPES, CONTRACT_EXPIRIES } from "./lead-lists";

/** The wizard's answers, in the order it asks for them; steps 1 to 3 each take one choice. */
const QUOTE_WIZARD_RULES = {
  teamSize: choiceRule("how many handsets or SIMs you need", TEAM_SIZES),
  contractExpiry: choiceRule("when your contract ends", CONTRACT_EXPIRIES),
  businessType: choiceRule("your business type", BUSINESS_TYPES),
  businessName: requiredTextRule("your business name", LIMITS.shortText),
  postcode: optionalTextRule("your postcode", LIMITS.postcode),
  firstName: requiredTextRule("your first name", LIMITS.name),
  lastName: requiredTextRule("your last name", LIMITS.name),
  email: emailRule(),
  phoneNumber: phoneRule(),
};

/**
 * One quote request: the wizard's nine answers plus the four fields the spec's form state carries but no step fills. The wizard's form action and `POST
 * /api/quote-requests` both parse with the schema made from these.
 */
export const QUOTE_REQUEST_FIELDS = {
  ...QUOTE_WIZARD_RULES,
  contractLength: optionalTextRule("the contract length", LIMITS.name),
  companyName: optionalTextRule("the company name", LIMITS.shortText),
  jobTitle: optionalTextRule("your job title", LIMITS.name),
  requirements: multiLine(optionalTextRule("your requirements", LIMITS.message)),
};

export type QuoteRequestField = keyof typeof QUOTE_REQUEST_FIELDS;

/** Each answer's short label, as the wizard's fields and the lead emails show it. */
export const QUOTE_ANSWER_LABELS: Record<QuoteRequestField, string> = {
  teamSize: "Handsets or SIMs",
  contractExpiry: "Contract ends",
  businessType: "Business type",
  businessName: "Business name",
  postcode: "Postcode",
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phoneNumber: "Phone",
  contractLength: "Contract length",
  companyName: "Company name",
  jobTitle: "Job title",
  requirements: "Requirements",
};

/** The thank-you screen's promise (SPEC: a reply within 24 hours), also in the visitor's confirmation email. */
export const QUOTE_THANK_YOU_TEXT = "Thanks for your request. One of our experts will be in touch with your quote within 24 hours.";

export const QUOTE_WIZARD_FIELDS = Object.keys(QUOTE_WIZARD_RULES) as ReadonlyArray<keyof typeof QUOTE_WIZARD_RULES>;
export type QuoteWizardField = (typeof QUOTE_WIZARD_FIELDS)[number];

/**
 * The deal the visitor chose on the comparison ("Get this deal"), the lines it is priced for and the comparison it was chosen from (its query string, whose
 * filters the thank-you step's shortlist keeps): no step asks for them, so they travel in hidden fields through every step, and the API takes them too.
 */
export const QUOTE_DEAL_FIELDS = ["tariffSlug", "lines", "comparison"] as const;
export type QuoteDealField = (typeof QUOTE_DEAL_FIELDS)[number];

export const QUOTE_DEAL_MESSAGES = {
  /** An unknown, draft or withdrawn deal, or one not sold for that many lines. */
  unavailable: "This deal is no longer available: choose another or remove it",
  lines: `Please choose between ${TARIFF_LINES.min} and ${TARIFF_LINES.max} lines`,
} as const;

/**
 * The quote wizard (SPEC section 4): five steps of questions, then thank you. No server state: every post carries the answers so far, and the step to show is
 * worked out from them.
 */
export type QuoteWizardStep = 1 | 2 | 3 | 4 | 5 | 6;
export const QUOTE_WIZARD_INPUT_STEPS = 5;

/** The last step's unticked marketing consent box (app/features/leads/consent.ts): an answer like the others, so a refused post shows it as it was left. */
export const QUOTE_CONSENT_FIELDS = [MARKETING_CONSENT_FIELD] as const;
export type QuoteConsentField = (typeof QUOTE_CONSENT_FIELDS)[number];

/** Where the visit came from (attribution.ts) travels with the answers too, in hidden fields, from the first post to the last. */
export type QuoteWizardAnswers = Partial<Record<QuoteWizardField | QuoteDealField | QuoteConsentField | AttributionField, string>>;

export interface QuoteWizardState {
  step: QuoteWizardStep;
  answers: QuoteWizardAnswers;
  fieldErrors?: FieldErrors;
  /** The error summary's heading where the spec names it ("Missing Information"). */
  summary?: SummaryHeading;
  toast?: Toast;
  /** One-time token of the final form: the same form posted twice makes one lead. */
  submissionToken?: string;
  /** The lead's reference, on the thank-you step. */
  reference?: string;
  /** The deal `answers.tariffSlug` names, priced for the lines (absent when it is no longer available). */
  chosenDeal?: TariffOffer;
  /** On the thank-you step: up to three deals that fit, as stored on the lead. */
  shortlist?: TariffOffer[];
}

export const QUOTE_WIZARD_INTENTS = { next: "quote-next", submit: "quote-submit", removeDeal: "quote-remove-deal" } as const;

export interface ChoiceStep {
  step: 1 | 2 | 3;
  field: "teamSize" | "contractExpiry" | "businessType";
  question: string;
  options: readonly string[];
}

export const CHOICE_STEPS: readonly ChoiceStep[] = [
  { step: 1, field: "teamSize", question: "How many handsets or SIMs do you need?", options: TEAM_SIZES },
  { step: 2, field: "contractExpiry", question: "When does your current contract end?", options: CONTRACT_EXPIRIES },
  { step: 3, field: "businessType", question: "What type of business do you run?", options: BUSINESS_TYPES },
];

/** The answers a post carries, and nothing else. */
export function pickWizardAnswers(values: Record<string, unknown>): QuoteWizardAnswers {
  const answers: QuoteWizardAnswers = {};
  for (const field of [...QUOTE_WIZARD_FIELDS, ...QUOTE_DEAL_FIELDS, ...QUOTE_CONSENT_FIELDS, ...ATTRIBUTION_FIELDS]) {
    const value = values[field];
    if (typeof value === "string") answers[field] = value;
  }
  return answers;
}

/** The first step whose answer is missing or not one of its options; 4 once the three choices are made (step 4 is left with its Next button). */
export function firstUnansweredChoiceStep(answers: QuoteWizardAnswers): QuoteWizardStep {
  for (const choice of CHOICE_STEPS) {
    if (!choice.options.includes(answers[choice.field] ?? "")) return choice.step;
  }
  return 4;
}

/** Which step a failed field belongs to, so a refused answer is asked again where it was asked. */
export function stepOfField(field: string): QuoteWizardStep {
  const choice = CHOICE_STEPS.find((candidate) => candidate.field === field);
  if (choice) return choice.step;
  if (field === "businessName" || field === "postcode") return 4;
  return 5;
}

export const INITIAL_QUOTE_WIZARD_STATE: QuoteWizardState = { step: 1, answers: {} };

/**
 * The wizard before any answer: with the deal the visitor chose on the comparison, when they did. Its lines answer the first question (the team size that
 * covers them), so the wizard opens at the second.
 */
export function initialQuoteWizardState(chosenDeal: TariffOffer | null | undefined, comparison = ""): QuoteWizardState {
  if (!chosenDeal) return INITIAL_QUOTE_WIZARD_STATE;
  return { step: 2, answers: withChosenDeal({}, chosenDeal, comparison), chosenDeal };
}

/** The answers with a deal chosen on the comparison: its slug, lines and comparison, and the team size its lines stand for unless already answered. */
export function withChosenDeal(answers: QuoteWizardAnswers, deal: Pick<TariffOffer, "slug" | "lines">, comparison = ""): QuoteWizardAnswers {
  return {
    ...answers,
    teamSize: answers.teamSize || teamSizeForLines(deal.lines),
    tariffSlug: deal.slug,
    lines: String(deal.lines),
    ...(comparison ? { comparison } : {}),
  };
}

/** The answers without the chosen deal (the visitor removed it); the lines stay, for the shortlist. */
export function withoutChosenDeal(answers: QuoteWizardAnswers): QuoteWizardAnswers {
  const { tariffSlug: _removed, ...rest } = answers;
  return rest;
}
