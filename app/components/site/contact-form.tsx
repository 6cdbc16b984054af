import { Button } from "~/components/ui/button";
import { Field, HoneypotField, Input, Select, Textarea } from "~/components/ui/field";
import { CONTACT_SUBJECT_LABELS } from "~/lib/enums";
import { CONTACT_ENQUIRY_FIELDS as RULES } from "~/lib/public-forms";
import { usePublicForm } from "./use-public-form";

/** The contact page's enquiry form; posts to the contact route's action. */
export function ContactForm() {
  const { fetcher, formRef, busy, errors, values } = usePublicForm("contact-enquiry");
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/contact#enquiry-form"
      preventScrollReset
      id="enquiry-form"
      aria-label="Send us an enquiry"
      className="relative grid gap-5"
    >
      <HoneypotField formId="contact" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-first-name" label="First Name" rule={RULES.firstName} error={errors.firstName}>
          {(control) => <Input {...control} name="firstName" autoComplete="given-name" defaultValue={values.firstName} />}
        </Field>
        <Field id="contact-last-name" label="Last Name" rule={RULES.lastName} error={errors.lastName}>
          {(control) => <Input {...control} name="lastName" autoComplete="family-name" defaultValue={values.lastName} />}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-email" label="Email" rule={RULES.email} error={errors.email}>
          {(control) => <Input {...control} name="email" autoComplete="email" defaultValue={values.email} />}
        </Field>
        <Field id="contact-number" label="Contact Number" rule={RULES.contactNumber} error={errors.contactNumber}>
          {(control) => <Input {...control} name="contactNumber" autoComplete="tel" defaultValue={values.contactNumber} />}
        </Field>
      </div>
      <Field id="contact-subject" label="Subject" rule={RULES.subject} error={errors.subject}>
        {(control) => (
          <Select {...control} name="subject" defaultValue={values.subject ?? ""}>
            <option value="">Please Select</option>
            {RULES.subject.options.map((subject) => (
              <option key={subject} value={subject}>
                {CONTACT_SUBJECT_LABELS[subject]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id="contact-message" label="Message" rule={RULES.message} error={errors.message}>
        {(control) => <Textarea {...control} name="message" rows={6} defaultValue={values.message ?? ""} />}
      </Field>
      <div>
        <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
          {busy ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
