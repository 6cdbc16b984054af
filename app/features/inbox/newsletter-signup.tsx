import { Mail } from "~/ui/icons";
import { Button } from "~/ui/button";
import { ErrorSummary, isRefused } from "~/ui/error-summary";
import { Field, HoneypotField, Input } from "~/ui/field";
import { NEWSLETTER_CONSENT_STATEMENT } from "~/features/leads";
import { NEWSLETTER_SIGNUP_FIELDS as RULES } from "./public-forms";
import { usePublicForm } from "~/ui/use-public-form";

const NEWSLETTER_ANCHOR = "newsletter";

/**
 * The newsletter sign-up block. `page` is the path of the page that shows it:
 * that page's action (`newsletterAction`) takes the post.
 */
export function NewsletterSignup({ page }: { page: string }) {
  const { fetcher, formRef, busy, answer, fields } = usePublicForm(`newsletter-${page}`, "newsletter", RULES);
  // A refused post lands on the error summary, which takes the section's id (ErrorSummary says why).
  const refused = isRefused(answer);
  return (
    <section id={refused ? undefined : NEWSLETTER_ANCHOR} aria-labelledby="newsletter-heading" className="bg-brand-950 text-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-14 sm:px-6 lg:grid-cols-5 lg:items-center lg:px-8">
        <div className="grid gap-3 lg:col-span-2">
          <Mail className="size-8 text-accent-400" aria-hidden />
          <h2 id="newsletter-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Get our monthly deals round-up
          </h2>
          <p className="text-brand-100">
            The best business mobile and broadband offers we&apos;ve seen, plus plain-English tips. One email a month; unsubscribe at any time.
          </p>
        </div>
        <fetcher.Form
          ref={formRef}
          method="post"
          action={`${page}#${NEWSLETTER_ANCHOR}`}
          preventScrollReset
          aria-label="Newsletter sign-up"
          className="relative grid gap-4 rounded-xl bg-white p-6 text-slate-900 shadow-xl sm:grid-cols-2 lg:col-span-3"
        >
          {refused ? <ErrorSummary id={NEWSLETTER_ANCHOR} answer={answer} fields={fields} className="sm:col-span-2" /> : null}
          <HoneypotField formId="newsletter" />
          <Field {...fields.firstName.field} label="First name">
            {(control) => <Input {...control} {...fields.firstName.input} autoComplete="given-name" />}
          </Field>
          <Field {...fields.lastName.field} label="Last name">
            {(control) => <Input {...control} {...fields.lastName.input} autoComplete="family-name" />}
          </Field>
          <Field {...fields.email.field} label="Email" className="sm:col-span-2">
            {(control) => <Input {...control} {...fields.email.input} autoComplete="email" />}
          </Field>
          <p className="text-xs leading-5 text-slate-600 sm:col-span-2">{NEWSLETTER_CONSENT_STATEMENT}</p>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy} className="w-full">
              {busy ? "Subscribing..." : "Subscribe"}
            </Button>
          </div>
        </fetcher.Form>
      </div>
    </section>
  );
}
