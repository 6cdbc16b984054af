import type { FetcherWithComponents } from "@remix-run/react";
import type { ReactNode, RefObject } from "react";
import { Button, buttonClasses } from "~/ui/button";
import { formatPounds } from "~/lib/money";
import { Field, HoneypotField, Input, Textarea } from "~/ui/field";
import { ErrorSummary, type SummaryFields } from "~/ui/error-summary";
import type { FormAnswer } from "~/lib/form-fields";
import { AUTHORISED_FIELD, QUOTE_ACCEPT_FIELDS, QUOTE_DECLINE_FIELDS, SHOWN_FINGERPRINT_FIELD, authorisedLabel } from "./quote-response";
import type { QuoteDocument } from "./quotes";
import { usePublicForm } from "~/ui/use-public-form";

/**
 * Accept (name, role, the authorised box) and decline (a reason), each a plain form post that
 * works without JavaScript. Accept carries the fingerprint of the document shown (`fingerprint`),
 * so what is accepted is exactly what was read.
 */
export function QuoteAnswerForms({ document, fingerprint, action }: { document: QuoteDocument; fingerprint: string; action: string }) {
  const accept = usePublicForm("quote-accept", "quote-accept", QUOTE_ACCEPT_FIELDS);
  const decline = usePublicForm("quote-decline", "quote-decline", QUOTE_DECLINE_FIELDS);
  // Each form's errors are its own fields' (a decline's answer has none of accept's fields, and the other way round).
  const authorisedError = (accept.answer as FormAnswer<typeof AUTHORISED_FIELD> | undefined)?.fieldErrors?.authorised;
  const company = document.customer.businessName;
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <QuoteAnswerForm
        form={accept}
        summaryFields={{ ...accept.fields, [AUTHORISED_FIELD]: "quote-accept-authorised" }}
        intent="accept"
        action={action}
        title="Accept this quote"
        className="shadow-sm"
        submit={{ label: "Accept quote", busyLabel: "Accepting..." }}
      >
        <input type="hidden" name={SHOWN_FINGERPRINT_FIELD} value={fingerprint} />
        <Field {...accept.fields.fullName.field} label="Full name">
          {(control) => <Input {...control} {...accept.fields.fullName.input} autoComplete="name" />}
        </Field>
        <Field {...accept.fields.role.field} label="Your role">
          {(control) => <Input {...control} {...accept.fields.role.input} autoComplete="organization-title" />}
        </Field>
        <div className="grid gap-1.5">
          <label htmlFor="quote-accept-authorised" className="flex items-start gap-2 text-sm font-medium text-slate-800">
            <input
              id="quote-accept-authorised"
              type="checkbox"
              name={AUTHORISED_FIELD}
              required
              className="size-6 shrink-0 rounded border-slate-400 accent-brand-600"
              {...(authorisedError ? { "aria-invalid": true, "aria-describedby": "quote-accept-authorised-error" } : {})}
            />
            <span>{authorisedLabel(company)}</span>
          </label>
          {authorisedError ? (
            <p id="quote-accept-authorised-error" className="text-sm font-medium text-red-700">
              {authorisedError}
            </p>
          ) : null}
        </div>
      </QuoteAnswerForm>
      <QuoteAnswerForm
        form={decline}
        summaryFields={decline.fields}
        intent="decline"
        action={action}
        title="Decline this quote"
        submit={{ label: "Decline quote", busyLabel: "Sending...", variant: "outline" }}
      >
        <Field {...decline.fields.reason.field} label="Reason (optional)" hint="It helps us to know what would suit you better.">
          {(control) => <Textarea {...control} {...decline.fields.reason.input} rows={4} />}
        </Field>
      </QuoteAnswerForm>
    </div>
  );
}

interface QuoteAnswerFormProps {
  form: { fetcher: Pick<FetcherWithComponents<unknown>, "Form">; formRef: RefObject<HTMLFormElement>; busy: boolean; answer?: FormAnswer };
  summaryFields: SummaryFields;
  intent: "accept" | "decline";
  action: string;
  title: string;
  className?: string;
  submit: { label: string; busyLabel: string; variant?: "outline" };
  children: ReactNode;
}

/**
 * Which form a refusal is about: without JavaScript both read the page's one answer, whose values name the form posted (`intent`); an answer naming none (a
 * body that could not be read) is shown by accept, the form that asks more of the customer.
 */
function answerOf(answer: FormAnswer | undefined, intent: "accept" | "decline"): FormAnswer | undefined {
  return (answer?.values?.intent ?? "accept") === intent ? answer : undefined;
}

/** One answer to the quote as its own post: its error summary when refused, its heading, the spam trap, which answer it is, its fields and its button. */
function QuoteAnswerForm({ form, summaryFields, intent, action, title, className, submit, children }: QuoteAnswerFormProps) {
  return (
    <form.fetcher.Form
      ref={form.formRef}
      id={answerFormId(intent)}
      method="post"
      action={action}
      aria-labelledby={`${intent}-title`}
      className={`relative grid scroll-mt-4 content-start gap-4 rounded-xl border border-slate-200 p-6 ${className ?? ""}`.trim()}
    >
      <ErrorSummary answer={answerOf(form.answer, intent)} fields={summaryFields} />
      <h2 id={`${intent}-title`} className="text-xl font-bold">
        {title}
      </h2>
      <HoneypotField formId={`quote-${intent}`} />
      <input type="hidden" name="intent" value={intent} />
      {children}
      <div>
        <Button type="submit" variant={submit.variant} size="lg" disabled={form.busy}>
          {form.busy ? submit.busyLabel : submit.label}
        </Button>
      </div>
    </form.fetcher.Form>
  );
}

const answerFormId = (intent: "accept" | "decline") => `quote-${intent}-form`;

/**
 * On a phone the forms are far below the lines: a bar that stays at the foot of the screen keeps the monthly figure and the way to answer in reach. Its
 * links go to the forms (a fragment, so it works without JavaScript); wider screens have room to show the forms beside each other and go without it.
 */
export function QuoteAnswerBar({ document }: { document: QuoteDocument }) {
  return (
    <nav
      aria-label="Answer this quote"
      className="fixed inset-x-0 bottom-0 z-20 flex items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-2px_8px_rgba(15,23,42,0.08)] sm:hidden"
      data-quote-answer-bar
    >
      <p className="text-sm leading-tight text-slate-700">
        <span className="block font-semibold text-slate-900 tabular-nums">{formatPounds(document.totals.monthlyExVatPence)} a month</span>
        ex VAT
      </p>
      <div className="flex gap-2">
        <a href={`#${answerFormId("decline")}`} className={buttonClasses("outline", "md")}>
          Decline
        </a>
        <a href={`#${answerFormId("accept")}`} className={buttonClasses("primary", "md")}>
          Accept
        </a>
      </div>
    </nav>
  );
}
