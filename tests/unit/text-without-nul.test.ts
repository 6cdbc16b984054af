import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { parseWithSchema } from "~/lib/form-submission";
import { newAdminUserSchema } from "~/lib/schemas/admin-users";
import { NUL_CHARACTER_MESSAGE } from "~/lib/schemas/fields";
import { leadAssignmentSchema, leadNoteSchema } from "~/lib/schemas/leads";
import { contactEnquirySchema } from "~/lib/schemas/public-forms";
import { stockImageFieldsSchema } from "~/lib/schemas/stock-images";
import { testimonialSchema } from "~/lib/schemas/testimonials";
import { SAMPLE_ENQUIRY } from "../support/forms";

/**
 * A NUL character in free text is refused by the field's own schema, with a message by that
 * field: Postgres refuses a whole statement holding one, which answered 500 (found by the
 * malformed staff forms test on Postgres: notes, assignments, testimonials, users, image descriptions).
 */
const CASES: { name: string; schema: z.ZodTypeAny; valid: Record<string, unknown>; field: string }[] = [
  { name: "a lead note", schema: leadNoteSchema, valid: { body: "Called back." }, field: "body" },
  { name: "an assignment", schema: leadAssignmentSchema, valid: { assignedTo: "user_1_abc" }, field: "assignedTo" },
  {
    name: "a testimonial",
    schema: testimonialSchema,
    valid: { name: "Pat", company: "Pat & Co", position: "Owner", content: "Great.", date: "June 1, 2025" },
    field: "content",
  },
  {
    name: "a new admin user",
    schema: newAdminUserSchema,
    valid: { email: "new@clearlinebusiness.co.uk", firstName: "New", lastName: "Starter" },
    field: "firstName",
  },
  { name: "an image's description", schema: stockImageFieldsSchema, valid: { location: "general", description: "Office" }, field: "description" },
  { name: "a contact enquiry", schema: contactEnquirySchema, valid: { ...SAMPLE_ENQUIRY }, field: "message" },
];

describe("free text with a NUL character", () => {
  it.each(CASES)("is refused in $name, by its field", ({ schema, valid, field }) => {
    expect(parseWithSchema(schema, valid).success).toBe(true);
    const parsed = parseWithSchema(schema, { ...valid, [field]: `${String(valid[field])}\u0000` });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(Object.keys(parsed.fieldErrors)).toEqual([field]);
  });

  it("says what to remove", () => {
    const parsed = parseWithSchema(leadNoteSchema, { body: "a\u0000b" });
    expect(parsed).toMatchObject({ success: false, fieldErrors: { body: NUL_CHARACTER_MESSAGE } });
  });
});
