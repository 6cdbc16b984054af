import { Form } from "@remix-run/react";
import { DialogFormActions } from "~/components/ui/dialog-actions";
import { Field, Input, Textarea } from "~/components/ui/field";
import { StarRatingInput } from "~/components/ui/star-rating-input";
import type { FormAnswer } from "~/lib/form-submission";
import { MAX_RATING } from "~/lib/form-fields";
import { DEFAULT_RATING, TESTIMONIAL_FIELDS as RULES, TESTIMONIALS_ADMIN_PATH } from "~/lib/testimonials";

/** What the form starts with: a saved testimonial, the defaults, or what was just posted. */
export interface TestimonialFormValues {
  name: string;
  company: string;
  position: string;
  date: string;
  content: string;
  rating: number;
  featured: boolean;
}

/** A posted form's text fields, read back into the form's values. */
function valuesFromPost(posted: Record<string, string>): TestimonialFormValues {
  const rating = Number(posted.rating);
  return {
    name: posted.name ?? "",
    company: posted.company ?? "",
    position: posted.position ?? "",
    date: posted.date ?? "",
    content: posted.content ?? "",
    rating: Number.isInteger(rating) && rating >= 1 && rating <= MAX_RATING ? rating : DEFAULT_RATING,
    featured: posted.featured === "on",
  };
}

interface TestimonialFormProps {
  /** What the form starts with: the saved testimonial or the defaults. */
  initial: TestimonialFormValues;
  /** The dialog action's answer when it did not save: what was typed and why not. */
  answer?: FormAnswer;
  submitLabel: string;
}

/**
 * The add and edit dialogs' form (SPEC sections 2 and 5): every text
 * required, 1 to 5 stars, featured. After a refused post it shows what was
 * typed with the errors.
 */
export function TestimonialForm({ initial, answer, submitLabel }: TestimonialFormProps) {
  const values = answer?.values ? valuesFromPost(answer.values) : initial;
  const fieldErrors = answer?.fieldErrors ?? {};
  return (
    <Form method="post" preventScrollReset className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="testimonial-name" label="Name" rule={RULES.name} error={fieldErrors.name}>
          {(control) => <Input {...control} name="name" defaultValue={values.name} autoComplete="off" autoFocus />}
        </Field>
        <Field id="testimonial-company" label="Company" rule={RULES.company} error={fieldErrors.company}>
          {(control) => <Input {...control} name="company" defaultValue={values.company} autoComplete="off" />}
        </Field>
        <Field id="testimonial-position" label="Position" rule={RULES.position} error={fieldErrors.position}>
          {(control) => <Input {...control} name="position" defaultValue={values.position} autoComplete="off" />}
        </Field>
        <Field id="testimonial-date" label="Date" rule={RULES.date} error={fieldErrors.date}>
          {(control) => <Input {...control} name="date" defaultValue={values.date} autoComplete="off" />}
        </Field>
      </div>
      <Field id="testimonial-content" label="Testimonial" rule={RULES.content} error={fieldErrors.content}>
        {(control) => <Textarea {...control} name="content" rows={5} defaultValue={values.content} />}
      </Field>
      <StarRatingInput name="rating" legend="Rating" defaultValue={values.rating} error={fieldErrors.rating} />
      <div className="flex items-start gap-3">
        <input
          id="testimonial-featured"
          type="checkbox"
          name="featured"
          defaultChecked={values.featured}
          aria-describedby="testimonial-featured-hint"
          className="mt-0.5 size-5 rounded border-slate-400 accent-brand-600"
        />
        <div className="grid gap-0.5">
          <label htmlFor="testimonial-featured" className="text-sm font-medium text-slate-800">
            Featured
          </label>
          <p id="testimonial-featured-hint" className="text-xs text-slate-600">
            Featured testimonials are shown on the home page and the business mobile page.
          </p>
        </div>
      </div>
      <DialogFormActions cancelTo={TESTIMONIALS_ADMIN_PATH} submitLabel={submitLabel} busyLabel="Saving..." />
    </Form>
  );
}
