import { Button } from "~/components/ui/button";
import { Field, HoneypotField, Input, Select, Textarea } from "~/components/ui/field";
import { CONTACT_SUBJECT_LABELS, CONTACT_SUBJECTS } from "~/lib/enums";
import { LIMITS } from "~/lib/schemas/fields";
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
        <Field id="contact-first-name" label="First Name" required error={errors.firstName}>
          {(control) => (
            <Input {...control} name="firstName" autoComplete="given-name" maxLength={LIMITS.name} defaultValue={values.firstName} />
          )}
        </Field>
        <Field id="contact-last-name" label="Last Name" required error={errors.lastName}>
          {(control) => (
            <Input {...control} name="lastName" autoComplete="family-name" maxLength={LIMITS.name} defaultValue={values.lastName} />
          )}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-email" label="Email" required error={errors.email}>
          {(control) => (
            <Input {...control} type="email" name="email" autoComplete="email" maxLength={LIMITS.email} defaultValue={values.email} />
          )}
        </Field>
        <Field id="contact-number" label="Contact Number" required error={errors.contactNumber}>
          {(control) => (
            <Input {...control} type="tel" name="contactNumber" autoComplete="tel" maxLength={LIMITS.phone} defaultValue={values.contactNumber} />
          )}
        </Field>
      </div>
      <Field id="contact-subject" label="Subject" required error={errors.subject}>
        {(control) => (
          <Select {...control} name="subject" defaultValue={values.subject ?? ""}>
            <option value="">Please Select</option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {CONTACT_SUBJECT_LABELS[subject]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id="contact-message" label="Message" required error={errors.message}>
        {(control) => (
          <Textarea {...control} name="message" rows={6} maxLength={LIMITS.message} defaultValue={values.message ?? ""} />
        )}
      </Field>
      <div>
        <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
          {busy ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
