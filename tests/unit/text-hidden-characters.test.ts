import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { hasHiddenCharacters, hiddenCharactersMessage } from "~/lib/form-fields";
import { parseWithSchema } from "~/lib/form-submission";
import { csvRow } from "~/lib/csv";
import { newAdminUserSchema } from "~/features/staff/admin-users-schema";
import { leadAssignmentSchema, leadNoteSchema } from "~/features/leads/leads-schema";
import { contactEnquirySchema, newsletterSignupSchema } from "~/features/inbox/public-forms-schema";
import { quoteDraftSchema } from "~/features/quotes/quotes-schema";
import { quoteAcceptSchema } from "~/features/quotes/quote-response-schema";
import { quoteRequestSchema } from "~/features/leads/quote-request-schema";
import { stockImageFieldsSchema } from "~/features/content/stock-images-schema";
import { readTariffsCsv } from "~/features/tariffs/tariff-csv-schema";
import { tariffInputSchema } from "~/features/tariffs/tariffs-schema";
import { testimonialSchema } from "~/features/content/testimonials-schema";
import { TARIFF_CSV_HEADER, tariffCsvRow } from "~/features/tariffs/tariff-csv";
import { SAMPLE_ENQUIRY, SAMPLE_QUOTE } from "../support/forms";
import { tariffInput } from "../support/tariffs";

/**
 * Free text that reaches public pages and documents (names, tariffs, quote lines, testimonials)
 * is refused while it holds a hidden character: a control character (a NUL, which Postgres refuses
 * in a whole statement, among them) or a mark that reorders text as it is drawn (U+202E would show
 * "Sam Patel" typed backwards after it, in the site, a PDF or an email), by its field and with its message.
 */

const RIGHT_TO_LEFT_OVERRIDE = "\u202e";

describe("hasHiddenCharacters", () => {
  it.each([
    ["NUL", "\u0000"],
    ["a bell (C0)", "\u0007"],
    ["escape (C0)", "\u001b"],
    ["delete", "\u007f"],
    ["a C1 control (NEL)", "\u0085"],
    ["a C1 control (CSI)", "\u009b"],
    ["left-to-right embedding", "\u202a"],
    ["right-to-left embedding", "\u202b"],
    ["pop directional formatting", "\u202c"],
    ["left-to-right override", "\u202d"],
    ["right-to-left override", "\u202e"],
    ["left-to-right isolate", "\u2066"],
    ["right-to-left isolate", "\u2067"],
    ["first strong isolate", "\u2068"],
    ["pop directional isolate", "\u2069"],
    ["left-to-right mark", "\u200e"],
    ["right-to-left mark", "\u200f"],
    ["Arabic letter mark", "\u061c"],
  ])("finds %s in one line or several", (_name, character) => {
    expect(hasHiddenCharacters(`Sam ${character}Patel`)).toBe(true);
    expect(hasHiddenCharacters(`Sam ${character}Patel`, true)).toBe(true);
  });

  it("finds a tab or a line break in one line, and leaves them to a text of several", () => {
    for (const text of ["Sam\tPatel", "Sam\nPatel", "Sam\r\nPatel", "Sam\rPatel"]) {
      expect(hasHiddenCharacters(text), JSON.stringify(text)).toBe(true);
      expect(hasHiddenCharacters(text, true), JSON.stringify(text)).toBe(false);
    }
    expect(hasHiddenCharacters("a\u000bb", true)).toBe(true);
    expect(hasHiddenCharacters("a\u000cb", true)).toBe(true);
  });

  it("leaves what people write alone: accents, other scripts, emoji (joined ones too), typographic marks", () => {
    for (const text of [
      "Siobhán O'Brien",
      "Zoë’s Café — 東京",
      "محمد علي",
      "שרה כהן",
      "Ffion ap Dafydd: £12.50 a month, 10 % off",
      "👩‍💻 Team 🇬🇧",
      "non\u00a0breaking",
      "zero\u200bwidth",
    ]) {
      expect(hasHiddenCharacters(text), text).toBe(false);
      expect(hasHiddenCharacters(text, true), text).toBe(false);
    }
  });
});

const TESTIMONIAL = { name: "Pat", company: "Pat & Co", position: "Owner", content: "Great.", date: "June 1, 2025" };
const QUOTE_LINE = { group: "mobile", description: "Handset bundle", quantity: 2, unitPriceExVatPence: 1000, charge: "one_off" };

const CASES: { name: string; schema: z.ZodTypeAny; valid: Record<string, unknown>; field: string; message: string; multiLine?: true }[] = [
  {
    name: "a contact enquiry's first name",
    schema: contactEnquirySchema,
    valid: { ...SAMPLE_ENQUIRY },
    field: "firstName",
    message: hiddenCharactersMessage("your first name"),
  },
  {
    name: "a contact enquiry's message",
    schema: contactEnquirySchema,
    valid: { ...SAMPLE_ENQUIRY },
    field: "message",
    message: hiddenCharactersMessage("your message"),
    multiLine: true,
  },
  {
    name: "a newsletter sign-up's last name",
    schema: newsletterSignupSchema,
    valid: { email: "sam@example.co.uk", lastName: "Patel" },
    field: "lastName",
    message: hiddenCharactersMessage("your last name"),
  },
  {
    name: "a quote request's first name",
    schema: quoteRequestSchema,
    valid: { ...SAMPLE_QUOTE },
    field: "firstName",
    message: hiddenCharactersMessage("your first name"),
  },
  {
    name: "a quote request's business name",
    schema: quoteRequestSchema,
    valid: { ...SAMPLE_QUOTE },
    field: "businessName",
    message: hiddenCharactersMessage("your business name"),
  },
  {
    name: "a quote request's requirements",
    schema: quoteRequestSchema,
    valid: { ...SAMPLE_QUOTE, requirements: "Ten lines." },
    field: "requirements",
    message: hiddenCharactersMessage("your requirements"),
    multiLine: true,
  },
  {
    name: "a quote acceptance's full name",
    schema: quoteAcceptSchema("Patel Plumbing"),
    valid: { fullName: "Sam Patel", role: "Director", authorised: "on" },
    field: "fullName",
    message: hiddenCharactersMessage("your full name"),
  },
  { name: "a testimonial's name", schema: testimonialSchema, valid: TESTIMONIAL, field: "name", message: hiddenCharactersMessage("a name") },
  { name: "a testimonial's company", schema: testimonialSchema, valid: TESTIMONIAL, field: "company", message: hiddenCharactersMessage("a company") },
  {
    name: "a testimonial's text",
    schema: testimonialSchema,
    valid: TESTIMONIAL,
    field: "content",
    message: hiddenCharactersMessage("the testimonial"),
    multiLine: true,
  },
  {
    name: "a new staff member's last name",
    schema: newAdminUserSchema,
    valid: { email: "new@clearlinebusiness.co.uk", firstName: "New", lastName: "Starter" },
    field: "lastName",
    message: hiddenCharactersMessage("a last name"),
  },
  {
    name: "a tariff's name",
    schema: tariffInputSchema,
    valid: { ...tariffInput() } as Record<string, unknown>,
    field: "name",
    message: hiddenCharactersMessage("the tariff's name"),
  },
  {
    name: "a lead note",
    schema: leadNoteSchema,
    valid: { body: "Called back." },
    field: "body",
    message: hiddenCharactersMessage("the note"),
    multiLine: true,
  },
  {
    name: "an image's description",
    schema: stockImageFieldsSchema,
    valid: { location: "general", description: "Office" },
    field: "description",
    message: hiddenCharactersMessage("the description"),
    multiLine: true,
  },
  {
    name: "an assignment",
    schema: leadAssignmentSchema,
    valid: { assignedTo: "user_1_abc" },
    field: "assignedTo",
    message: hiddenCharactersMessage(),
  },
];

describe("a free text field", () => {
  it.each(CASES)("refuses $name with a hidden character, by the field and with its message", ({ schema, valid, field, message }) => {
    expect(parseWithSchema(schema, valid).success).toBe(true);
    for (const character of ["\u0000", "\u0007", RIGHT_TO_LEFT_OVERRIDE, "\u2066", "\u200f"]) {
      const parsed = parseWithSchema(schema, { ...valid, [field]: `${String(valid[field])}${character}x` });
      expect(parsed, JSON.stringify(character)).toMatchObject({ success: false, fieldErrors: { [field]: message } });
      if (!parsed.success) expect(Object.keys(parsed.fieldErrors)).toEqual([field]);
    }
  });

  it.each(CASES)("takes $name's line breaks only where it is a text of several lines", ({ schema, valid, field, multiLine }) => {
    const parsed = parseWithSchema(schema, { ...valid, [field]: `${String(valid[field])}\r\nand more\tafter a tab` });
    expect(parsed.success).toBe(Boolean(multiLine));
  });

  it("refuses a tariff's business extra and a quote line's description and discount reason, by their place in the list", () => {
    const tariff = parseWithSchema(tariffInputSchema, tariffInput({ businessExtras: ["Priority support", `Free ${RIGHT_TO_LEFT_OVERRIDE}gnimaor`] }));
    expect(tariff).toMatchObject({ success: false, fieldErrors: { "businessExtras.1": hiddenCharactersMessage("each business extra") } });
    const draft = parseWithSchema(quoteDraftSchema, {
      lines: [
        QUOTE_LINE,
        { ...QUOTE_LINE, description: `Handsets ${RIGHT_TO_LEFT_OVERRIDE}00.0£` },
        { ...QUOTE_LINE, discount: { kind: "percent", percent: 10, reason: `Loyalty\u0000` } },
      ],
      customerNote: "Line one\r\nLine two",
    });
    expect(draft).toMatchObject({
      success: false,
      fieldErrors: {
        "lines.1.description": hiddenCharactersMessage("the line's description"),
        "lines.2.discount.reason": hiddenCharactersMessage("the reason for the discount"),
      },
    });
    if (!draft.success) expect(Object.keys(draft.fieldErrors).sort()).toEqual(["lines.1.description", "lines.2.discount.reason"]);
  });
});

describe("the tariff CSV import", () => {
  it("refuses a row whose name or business extra holds a hidden character, with its line and column, and imports nothing", () => {
    const rows = [
      tariffCsvRow(tariffInput({ slug: "clean-tariff" })),
      tariffCsvRow(tariffInput({ slug: "reversed-name", name: `Business ${RIGHT_TO_LEFT_OVERRIDE}BG03 MIS` })),
      tariffCsvRow(tariffInput({ slug: "hidden-extra", businessExtras: ["Priority\u0007 support"] })),
    ];
    const reading = readTariffsCsv(csvRow([...TARIFF_CSV_HEADER]) + rows.join(""));
    expect(reading).toEqual({
      ok: false,
      count: 2,
      errors: [
        { line: 3, field: "name", message: hiddenCharactersMessage("the tariff's name") },
        { line: 4, field: "business_extras", message: hiddenCharactersMessage("each business extra") },
      ],
    });
  });
});
