import { Button } from "~/ui/button";
import { ErrorSummary, isRefused } from "~/ui/error-summary";
import { Field, HoneypotField, Input, Select, Textarea } from "~/ui/field";
import { CONTACT_ENQUIRY_FIELDS as RULES } from "./public-forms";
import { usePublicForm } from "~/ui/use-public-form";
import { CONTACT_SUBJECT_LABELS } from "./contact-subjects";

/** Where the form's post lands without JavaScript: the form, or its error summary when refused (ErrorSummary says why the id moves). */
const FORM_ANCHOR = "enquiry-form";

/** The contact page's enquiry form; posts to the contact route's action. */
export function ContactForm() {
  const { fetcher, formRef, busy, answer, fields } = usePublicForm("contact-enquiry", "contact", RULES);
  const refused = isRefused(answer);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={`/contact#${FORM_ANCHOR}`}
      preventScrollReset
      id={refused ? undefined : FORM_ANCHOR}
      aria-label="Send us an enquiry"
      className="relative grid gap-5"
    >
      {refused ? <ErrorSummary id={FORM_ANCHOR} answer={answer} fields={fields} /> : null}
      <HoneypotField formId="contact" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field {...fields.firstName.field} label="First Name">
          {(control) => <Input {...control} {...fields.firstName.input} autoComplete="given-name" />}
        </Field>
        <Field {...fields.lastName.field} label="Last Name">
          {(control) => <Input {...control} {...fields.lastName.input} autoComplete="family-name" />}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field {...fields.email.field} label="Email">
          {(control) => <Input {...control} {...fields.email.input} autoComplete="email" />}
        </Field>
        <Field {...fields.contactNumber.field} label="Contact Number">
          {(control) => <Input {...control} {...fields.contactNumber.input} autoComplete="tel" />}
        </Field>
      </div>
      <Field {...fields.subject.field} label="Subject">
        {(control) => (
          <Select {...control} {...fields.subject.input}>
            <option value="">Please Select</option>
            {RULES.subject.options.map((subject) => (
              <option key={subject} value={subject}>
                {CONTACT_SUBJECT_LABELS[subject]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field {...fields.message.field} label="Message">
        {(control) => <Textarea {...control} {...fields.message.input} rows={6} />}
      </Field>
      <div>
        <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
          {busy ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
