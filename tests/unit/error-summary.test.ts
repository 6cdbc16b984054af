import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { formFields, requiredTextRule } from "~/lib/form-fields";
import { renderWholePage } from "~/platform/render-page.server";
import { ErrorSummary, errorSummaryItems } from "~/ui/error-summary";

const RULES = { businessName: requiredTextRule("your business name"), postcode: requiredTextRule("your postcode") };

describe("the error summary's lines", () => {
  it("lists the form-level reason, then each field's message linked to its control, in the form's order", () => {
    const answer = {
      formError: "This quote can no longer be accepted",
      fieldErrors: { postcode: "Please enter your postcode", businessName: "Please enter your business name" },
    };
    expect(errorSummaryItems(answer, formFields("quote", RULES, answer))).toEqual([
      { message: "This quote can no longer be accepted" },
      { message: "Please enter your business name", controlId: "quote-business-name" },
      { message: "Please enter your postcode", controlId: "quote-postcode" },
    ]);
  });

  it("keeps a message about no control of the form as text, and has no lines without an answer", () => {
    expect(errorSummaryItems({ fieldErrors: { priceRises: "Rises must be in date order" } }, { name: "tariff-name" })).toEqual([
      { message: "Rises must be in date order", controlId: undefined },
    ]);
    expect(errorSummaryItems({ fieldErrors: { "lines.2.quantity": "Enter a quantity" } }, (name) => `id-of-${name}`)).toEqual([
      { message: "Enter a quantity", controlId: "id-of-lines.2.quantity" },
    ]);
    expect(errorSummaryItems(undefined, {})).toEqual([]);
    expect(errorSummaryItems({ values: {} } as never, {})).toEqual([]);
  });
});

describe("the error summary as the server renders it", () => {
  // Without JavaScript nothing but the markup can move focus: React's server render must write autoFocus as the autofocus attribute.
  it("is focused on load by autofocus, is labelled by its heading and links each message to its control", async () => {
    const answer = { fieldErrors: { businessName: "Please enter your business name" } };
    const html = await renderWholePage(createElement(ErrorSummary, { answer, fields: formFields("quote", RULES, answer) }));
    expect(html).toMatch(
      /^<div[^>]* tabindex="-1" autofocus="" aria-labelledby="([^"]+)"[^>]*><div role="alert"[^>]*><h2 id="\1"[^>]*>There is a problem<\/h2>/,
    );
    expect(html).toContain('<a href="#quote-business-name"');
    expect(html).toContain(">Please enter your business name</a>");
  });

  it("renders nothing when the form was not refused", async () => {
    expect(await renderWholePage(createElement(ErrorSummary, { answer: { values: {} } as never, fields: {} }))).toBe("");
  });
});
