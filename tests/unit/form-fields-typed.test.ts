import { describe, expect, it } from "vitest";
import { formFields, type FormAnswer } from "~/lib/form-fields";
import { CONTACT_ENQUIRY_FIELDS } from "~/features/inbox/public-forms";

// A form's fields and its answer are keyed by its rules. The `@ts-expect-error` lines are the
// test that a misspelt field does not compile: `npx tsc` (part of `npm test`) fails if any of them does.

describe("a form's typed fields", () => {
  it("give each field its id, name, rule, error and what was typed", () => {
    const answer: FormAnswer<typeof CONTACT_ENQUIRY_FIELDS> = {
      fieldErrors: { email: "Please enter a valid email address, like name@company.co.uk" },
      values: { firstName: "Ada", email: "ada@" },
    };
    const fields = formFields("contact", CONTACT_ENQUIRY_FIELDS, answer);
    expect(fields.email.field).toEqual({ id: "contact-email", rule: CONTACT_ENQUIRY_FIELDS.email, error: answer.fieldErrors?.email });
    expect(fields.email.input).toEqual({ name: "email", defaultValue: "ada@" });
    expect(fields.contactNumber.field.id).toBe("contact-contact-number");
    expect(fields.firstName.error).toBeUndefined();
    expect(fields.message.input).toEqual({ name: "message", defaultValue: "" });
  });

  it("start empty without an answer", () => {
    const fields = formFields("contact", CONTACT_ENQUIRY_FIELDS, undefined);
    expect(Object.keys(fields)).toEqual(Object.keys(CONTACT_ENQUIRY_FIELDS));
    expect(fields.subject.input.defaultValue).toBe("");
  });

  it("refuse a field the rules do not have", () => {
    const fields = formFields("contact", CONTACT_ENQUIRY_FIELDS);
    // @ts-expect-error misspelt field
    expect(fields.emial).toBeUndefined();
    const answer: FormAnswer<typeof CONTACT_ENQUIRY_FIELDS> = {
      // @ts-expect-error an error for a field the form does not have
      fieldErrors: { emial: "Please enter your email address" },
    };
    // @ts-expect-error reading a misspelt field's error
    expect(answer.fieldErrors?.emial).toBe("Please enter your email address");
  });
});
