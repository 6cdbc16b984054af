import { describe, expect, it } from "vitest";
import { parseWithSchema } from "~/lib/form-submission";
import { contactEnquirySchema, newsletterSignupSchema } from "~/features/inbox/public-forms-schema";
import { SAMPLE_ENQUIRY } from "../support/forms";

const enquiry = SAMPLE_ENQUIRY;

describe("contact enquiry schema", () => {
  it("accepts a complete enquiry and trims it", () => {
    const parsed = parseWithSchema(contactEnquirySchema, { ...enquiry, firstName: "  Sam  " });
    expect(parsed).toEqual({ success: true, data: enquiry });
  });

  it("reports each missing field and flags the answer as missing information", () => {
    const parsed = parseWithSchema(contactEnquirySchema, { ...enquiry, firstName: " ", subject: "" });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.missingRequired).toBe(true);
    expect(parsed.fieldErrors).toEqual({ firstName: "Please enter your first name", subject: "Please choose a subject" });
  });

  it("tells a badly formed answer from a missing one", () => {
    const parsed = parseWithSchema(contactEnquirySchema, {
      ...enquiry,
      email: "sam at example",
      contactNumber: "call me maybe",
      subject: "pizza",
      message: "x".repeat(2001),
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.missingRequired).toBe(false);
    expect(Object.keys(parsed.fieldErrors).sort()).toEqual(["contactNumber", "email", "message", "subject"]);
    expect(parsed.fieldErrors.email).toMatch(/valid email/);
    expect(parsed.fieldErrors.contactNumber).toMatch(/valid phone/);
  });

  it("bounds the message in bytes as well as characters: 2,000 characters, 4,000 bytes of UTF-8", () => {
    const parsed = parseWithSchema(contactEnquirySchema, { ...enquiry, message: "€".repeat(2000) });
    expect(parsed).toMatchObject({
      success: false,
      fieldErrors: { message: "Please shorten your message: at most 2000 characters, fewer with accented letters, symbols or emoji" },
    });
    expect(parseWithSchema(contactEnquirySchema, { ...enquiry, message: "€".repeat(1333) }).success).toBe(true);
    expect(parseWithSchema(contactEnquirySchema, { ...enquiry, message: "é".repeat(2000) }).success).toBe(true);
  });

  it.each(["+44 113 496 0123", "(0113) 496-0123", "07700900123"])("accepts the phone number %s", (contactNumber) => {
    expect(parseWithSchema(contactEnquirySchema, { ...enquiry, contactNumber }).success).toBe(true);
  });

  it.each(["12345", "0".repeat(16), "0113 496 0123 ext 4"])("refuses the phone number %s", (contactNumber) => {
    expect(parseWithSchema(contactEnquirySchema, { ...enquiry, contactNumber }).success).toBe(false);
  });
});

describe("newsletter sign-up schema", () => {
  it("needs only an email", () => {
    expect(parseWithSchema(newsletterSignupSchema, { email: "jo@example.co.uk", firstName: "" })).toEqual({
      success: true,
      data: { email: "jo@example.co.uk", firstName: undefined, lastName: undefined },
    });
  });

  it("refuses a missing or malformed email", () => {
    expect(parseWithSchema(newsletterSignupSchema, {}).success).toBe(false);
    expect(parseWithSchema(newsletterSignupSchema, { email: "jo@" }).success).toBe(false);
  });
});
