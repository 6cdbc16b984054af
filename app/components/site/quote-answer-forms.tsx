import { Button } from "~/components/ui/button";
import { Field, HoneypotField, Input, Textarea } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import type { FormAnswer } from "~/lib/form-fields";
import { AUTHORISED_FIELD, QUOTE_ACCEPT_FIELDS, QUOTE_DECLINE_FIELDS, authorisedLabel } from "~/lib/quote-response";
import type { QuoteDocument } from "~/lib/quotes";
import { usePublicForm } from "./use-public-form";

/** Accept (name, role, the authorised box) and decline (a reason), each a plain form post that works without JavaScript. */
export function QuoteAnswerForms({ document, action }: { document: QuoteDocument; action: string }) {
  const accept = usePublicForm("quote-accept", "quote-accept", QUOTE_ACCEPT_FIELDS);
  const decline = usePublicForm("quote-decline", "quote-decline", QUOTE_DECLINE_FIELDS);
  // Each form's errors are its own fields' (a decline's answer has none of accept's fields, and the other way round).
  const authorisedError = (accept.answer as FormAnswer<typeof AUTHORISED_FIELD> | undefined)?.fieldErrors?.authorised;
  const formError = (accept.answer as FormAnswer | undefined)?.formError ?? (decline.answer as FormAnswer | undefined)?.formError;
  const company = document.customer.businessName;
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      {formError ? (
        <div className="lg:col-span-2">
          <FormAlert>{formError}</FormAlert>
        </div>
      ) : null}
      <accept.fetcher.Form
        ref={accept.formRef}
        method="post"
        action={action}
        aria-labelledby="accept-title"
        className="relative grid content-start gap-4 rounded-xl border border-slate-200 p-6 shadow-sm"
      >
        <h2 id="accept-title" className="text-xl font-bold">
          Accept this quote
        </h2>
        <HoneypotField formId="quote-accept" />
        <input type="hidden" name="intent" value="accept" />
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
              className="mt-0.5 size-4"
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
        <div>
          <Button type="submit" size="lg" disabled={accept.busy}>
            {accept.busy ? "Accepting..." : "Accept quote"}
          </Button>
        </div>
      </accept.fetcher.Form>
      <decline.fetcher.Form
        ref={decline.formRef}
        method="post"
        action={action}
        aria-labelledby="decline-title"
        className="relative grid content-start gap-4 rounded-xl border border-slate-200 p-6"
      >
        <h2 id="decline-title" className="text-xl font-bold">
          Decline this quote
        </h2>
        <HoneypotField formId="quote-decline" />
        <input type="hidden" name="intent" value="decline" />
        <Field {...decline.fields.reason.field} label="Reason (optional)" hint="It helps us to know what would suit you better.">
          {(control) => <Textarea {...control} {...decline.fields.reason.input} rows={4} />}
        </Field>
        <div>
          <Button type="submit" variant="outline" size="lg" disabled={decline.busy}>
            {decline.busy ? "Sending..." : "Decline quote"}
          </Button>
        </div>
      </decline.fetcher.Form>
    </div>
  );
}
