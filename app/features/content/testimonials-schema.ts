import { z } from "zod";
import { MAX_RATING } from "~/lib/form-fields";
import { DEFAULT_RATING, TESTIMONIAL_FIELDS } from "./testimonials";
import { formSchema } from "~/lib/schema-fields";

const ratingMessage = `Choose a rating from 1 to ${MAX_RATING} stars`;

/** Form posts send the chosen radio as a string; JSON sends a number. Absent means the default. */
const rating = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value)) : value),
  z.number({ invalid_type_error: ratingMessage }).int(ratingMessage).min(1, ratingMessage).max(MAX_RATING, ratingMessage).default(DEFAULT_RATING),
);

/** A checkbox sends "on" when ticked and nothing when not; JSON sends a boolean. */
const featured = z.preprocess(
  (value) => (value === "on" || value === "true" ? true : value === "false" ? false : value),
  z.boolean({ invalid_type_error: "Featured must be true or false" }).default(false),
);

/** A testimonial (SPEC sections 3 and 5): the add/edit dialog and `POST /admin/api/testimonials`. The date is free text, as the site shows it. */
export const testimonialSchema = formSchema(TESTIMONIAL_FIELDS).extend({ rating, featured });
export type TestimonialInput = z.infer<typeof testimonialSchema>;

/**
 * `PATCH /admin/api/testimonials/{id}`: the same fields, each optional, so a call may send the whole object (as the spec's client does) or only what changes.
 * Absent fields stay as they are.
 */
export const testimonialChangesSchema = testimonialSchema.partial().refine((changes) => Object.values(changes).some((value) => value !== undefined), {
  message: "Send at least one field to change",
});
export type TestimonialChanges = z.infer<typeof testimonialChangesSchema>;
