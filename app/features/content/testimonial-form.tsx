import { Form } from "@remix-run/react";
import { DialogFormActions } from "~/ui/dialog-actions";
import { ErrorSummary } from "~/ui/error-summary";
import { Field, Input, Textarea } from "~/ui/field";
import { StarRatingInput } from "~/ui/star-rating-input";
import { formFields, MAX_RATING, type FormAnswer } from "~/lib/form-fields";
import { DEFAULT_RATING, TESTIMONIAL_FIELDS as RULES, TESTIMONIALS_ADMIN_PATH } from "./testimonials";

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
function valuesFromPost(posted: Partial<Record<string, string>>): TestimonialFormValues {
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

/** The add and edit dialogs' answer when they did not save. */
export type TestimonialAnswer = FormAnswer<keyof typeof RULES | "rating">;

interface TestimonialFormProps {
  /** What the form starts with: the saved testimonial or the defaults. */
  initial: TestimonialFormValues;
  /** The dialog action's answer when it did not save: what was typed and why not. */
  answer?: TestimonialAnswer;
  submitLabel: string;
}

/**
 * The add and edit dialogs' form (SPEC sections 2 and 5): every text
 * required, 1 to 5 stars, featured. After a refused post it shows what was
 * typed, the error summary at its top and each message by its field.
 */
export function TestimonialForm({ initial, answer, submitLabel }: TestimonialFormProps) {
  const values = answer?.values ? valuesFromPost(answer.values) : initial;
  const fields = formFields("testimonial", RULES, { fieldErrors: answer?.fieldErrors, values });
  return (
    <Form method="post" preventScrollReset className="grid gap-4">
      <ErrorSummary answer={answer} fields={fields} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...fields.name.field} label="Name">
          {(control) => <Input {...control} {...fields.name.input} autoComplete="off" autoFocus />}
        </Field>
        <Field {...fields.company.field} label="Company">
          {(control) => <Input {...control} {...fields.company.input} autoComplete="off" />}
        </Field>
        <Field {...fields.position.field} label="Position">
          {(control) => <Input {...control} {...fields.position.input} autoComplete="off" />}
        </Field>
        <Field {...fields.date.field} label="Date">
          {(control) => <Input {...control} {...fields.date.input} autoComplete="off" />}
        </Field>
      </div>
      <Field {...fields.content.field} label="Testimonial">
        {(control) => <Textarea {...control} {...fields.content.input} rows={5} />}
      </Field>
      <StarRatingInput name="rating" legend="Rating" defaultValue={values.rating} error={answer?.fieldErrors?.rating} />
      <div className="flex items-start gap-3">
        <input
          id="testimonial-featured"
          type="checkbox"
          name="featured"
          defaultChecked={values.featured}
          aria-describedby="testimonial-featured-hint"
          className="size-6 shrink-0 rounded border-slate-400 accent-brand-600"
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
