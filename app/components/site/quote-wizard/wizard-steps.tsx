import { CheckCircle2 } from "~/components/ui/icons";
import { forwardRef, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { FieldErrors } from "~/lib/form-submission";
import {
  QUOTE_ANSWER_LABELS as LABELS,
  QUOTE_REQUEST_FIELDS as RULES,
  QUOTE_THANK_YOU_TEXT,
  QUOTE_WIZARD_INTENTS,
  type ChoiceStep,
  type QuoteWizardAnswers,
} from "~/lib/quote-wizard";

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

export function BusinessStepFields({ answers, errors }: { answers: QuoteWizardAnswers; errors: FieldErrors }) {
  return (
    <div className="grid gap-5">
      <Field id="quote-business-name" label={LABELS.businessName} rule={RULES.businessName} error={errors.businessName}>
        {(control) => <Input {...control} name="businessName" autoComplete="organization" defaultValue={answers.businessName} />}
      </Field>
      <Field id="quote-postcode" label={LABELS.postcode} rule={RULES.postcode} error={errors.postcode}>
        {(control) => <Input {...control} name="postcode" autoComplete="postal-code" defaultValue={answers.postcode} className="uppercase" />}
      </Field>
      <div>
        <Button type="submit" name="intent" value={QUOTE_WIZARD_INTENTS.next} size="lg" className="w-full sm:w-auto">
          Next
        </Button>
      </div>
    </div>
  );
}

export function ContactStepFields({ answers, errors, submitting }: { answers: QuoteWizardAnswers; errors: FieldErrors; submitting: boolean }) {
  return (
    <div className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="quote-first-name" label={LABELS.firstName} rule={RULES.firstName} error={errors.firstName}>
          {(control) => <Input {...control} name="firstName" autoComplete="given-name" defaultValue={answers.firstName} />}
        </Field>
        <Field id="quote-last-name" label={LABELS.lastName} rule={RULES.lastName} error={errors.lastName}>
          {(control) => <Input {...control} name="lastName" autoComplete="family-name" defaultValue={answers.lastName} />}
        </Field>
      </div>
      <Field id="quote-email" label={LABELS.email} rule={RULES.email} error={errors.email}>
        {(control) => <Input {...control} name="email" autoComplete="email" defaultValue={answers.email} />}
      </Field>
      <Field id="quote-phone" label={LABELS.phoneNumber} rule={RULES.phoneNumber} error={errors.phoneNumber}>
        {(control) => <Input {...control} name="phoneNumber" autoComplete="tel" defaultValue={answers.phoneNumber} />}
      </Field>
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

export function ThankYou({ reference }: { reference?: string }) {
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
    </div>
  );
}
