import { CheckCircle2 } from "~/ui/icons";
import { forwardRef, type ReactNode } from "react";
import { Button } from "~/ui/button";
import { Field, Input } from "~/ui/field";
import { cn } from "~/lib/cn";
import {
  type ChoiceStep,
  MARKETING_CONSENT,
  MARKETING_CONSENT_FIELD,
  MARKETING_CONSENT_TICKED,
  QUOTE_ANSWER_LABELS as LABELS,
  QUOTE_REQUEST_FIELDS,
  QUOTE_THANK_YOU_TEXT,
  QUOTE_WIZARD_INTENTS,
} from "~/features/leads";
import type { FormFields } from "~/lib/form-fields";
import type { TariffOffer } from "~/features/tariffs";
import { ThankYouDeals } from "./wizard-deals";

/** The wizard's fields (formFields of QUOTE_REQUEST_FIELDS). */
export type QuoteFields = FormFields<typeof QUOTE_REQUEST_FIELDS>;

/** The step's question; focused after each step change so screen readers hear it. */
export const StepQuestion = forwardRef<HTMLHeadingElement, { children: ReactNode }>(function StepQuestion({ children }, ref) {
  return (
    <h3 ref={ref} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none sm:text-2xl">
      {children}
    </h3>
  );
});

export function ChoiceStepFields({ choice, selected, error, disabled }: { choice: ChoiceStep; selected?: string; error?: string; disabled: boolean }) {
  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {choice.options.map((option) => (
          <button
            key={option}
            type="submit"
            name={choice.field}
            value={option}
            disabled={disabled}
            aria-pressed={selected === option}
            className={cn(
              "flex min-h-14 items-center justify-center rounded-lg border-2 px-4 py-3 text-base font-semibold transition-colors",
              "hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
              selected === option ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-200 bg-white text-slate-900",
            )}
          >
            {option}
          </button>
        ))}
      </div>
      {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
    </div>
  );
}

export function BusinessStepFields({ fields }: { fields: QuoteFields }) {
  return (
    <div className="grid gap-5">
      <Field {...fields.businessName.field} label={LABELS.businessName}>
        {(control) => <Input {...control} {...fields.businessName.input} autoComplete="organization" />}
      </Field>
      <Field {...fields.postcode.field} label={LABELS.postcode}>
        {(control) => <Input {...control} {...fields.postcode.input} autoComplete="postal-code" className="uppercase" />}
      </Field>
      <div>
        <Button type="submit" name="intent" value={QUOTE_WIZARD_INTENTS.next} size="lg" className="w-full sm:w-auto">
          Next
        </Button>
      </div>
    </div>
  );
}

export function ContactStepFields({ fields, submitting, marketingConsent }: { fields: QuoteFields; submitting: boolean; marketingConsent?: string }) {
  return (
    <div className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field {...fields.firstName.field} label={LABELS.firstName}>
          {(control) => <Input {...control} {...fields.firstName.input} autoComplete="given-name" />}
        </Field>
        <Field {...fields.lastName.field} label={LABELS.lastName}>
          {(control) => <Input {...control} {...fields.lastName.input} autoComplete="family-name" />}
        </Field>
      </div>
      <Field {...fields.email.field} label={LABELS.email}>
        {(control) => <Input {...control} {...fields.email.input} autoComplete="email" />}
      </Field>
      <Field {...fields.phoneNumber.field} label={LABELS.phoneNumber}>
        {(control) => <Input {...control} {...fields.phoneNumber.input} autoComplete="tel" />}
      </Field>
      <label className="flex items-start gap-3 text-sm text-slate-700">
        {/* Unticked unless the visitor ticked it (PECR: consent is a clear, active choice). */}
        <input
          type="checkbox"
          name={MARKETING_CONSENT_FIELD}
          value={MARKETING_CONSENT_TICKED}
          defaultChecked={marketingConsent === MARKETING_CONSENT_TICKED}
          className="size-6 shrink-0 rounded border-slate-400 accent-brand-600"
        />
        <span>{MARKETING_CONSENT.wording}</span>
      </label>
      <div>
        <Button type="submit" name="intent" value={QUOTE_WIZARD_INTENTS.submit} size="lg" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? "Submitting..." : "Get My Free Quote"}
        </Button>
      </div>
      <p className="text-xs leading-5 text-slate-600">
        We&apos;ll only use your details to prepare your quote. See our{" "}
        <a href="/privacy" className="font-medium text-brand-700 underline underline-offset-2">
          Privacy Policy
        </a>
        .
      </p>
    </div>
  );
}

export function ThankYou({ reference, chosenDeal, shortlist }: { reference?: string; chosenDeal?: TariffOffer; shortlist?: TariffOffer[] }) {
  return (
    <div className="grid justify-items-center gap-4 py-4 text-center" data-testid="quote-thank-you">
      <CheckCircle2 className="size-14 text-green-600" aria-hidden />
      <p className="max-w-md text-slate-700">{QUOTE_THANK_YOU_TEXT}</p>
      {reference ? (
        <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
          Your reference:{" "}
          <strong className="font-mono text-base text-slate-900" data-testid="quote-reference">
            {reference}
          </strong>
        </p>
      ) : null}
      <ThankYouDeals chosenDeal={chosenDeal} shortlist={shortlist} />
    </div>
  );
}
