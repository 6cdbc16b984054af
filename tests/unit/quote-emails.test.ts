import { describe, expect, it } from "vitest";
import type { Brand } from "~/platform/brand";
import { SAMPLE_BRAND } from "../support/forms";
import { quoteCustomerEmail, quotedInOneLine } from "~/features/quotes/quote-emails";

const BRAND: Brand = { ...SAMPLE_BRAND, name: "Smith & <Sons> Telecoms" };

const QUOTE = {
  reference: "SST-2026-000123-Q2",
  monthlyExVatPence: 3360,
  oneOffExVatPence: 7500,
  validUntil: "2026-12-09",
  url: "https://smith.example/quote/AbCdEfGhIjKlMnOpQrStUv?a=1&b=2",
};

describe("the customer's quote email", () => {
  it("says the brand, the reference, what is quoted, the validity and the link, in text and HTML", () => {
    const email = quoteCustomerEmail(QUOTE, BRAND);
    expect(email.subject).toBe("Your quote SST-2026-000123-Q2 from Smith & <Sons> Telecoms");
    for (const line of [
      "Reference: SST-2026-000123-Q2",
      "Quoted: £33.60 a month and £75.00 one-off, ex VAT",
      "Valid until: 9 Dec 2026",
      `Your quote: ${QUOTE.url}`,
      "Smith & <Sons> Telecoms",
    ]) {
      expect(email.text).toContain(line);
    }
    expect(email.html).toContain('href="https://smith.example/quote/AbCdEfGhIjKlMnOpQrStUv?a=1&amp;b=2"');
    expect(email.html).toContain("Valid until: 9 Dec 2026");
  });

  it("escapes every value in the HTML part", () => {
    const { html } = quoteCustomerEmail(QUOTE, BRAND);
    expect(html).toContain("Smith &amp; &lt;Sons&gt; Telecoms");
    expect(html).not.toContain("<Sons>");
  });

  it("says only the charges there are", () => {
    expect(quotedInOneLine({ monthlyExVatPence: 3360, oneOffExVatPence: 0 })).toBe("£33.60 a month, ex VAT");
    expect(quotedInOneLine({ monthlyExVatPence: 0, oneOffExVatPence: 7500 })).toBe("£75.00 one-off, ex VAT");
    expect(quotedInOneLine({ monthlyExVatPence: 0, oneOffExVatPence: 0 })).toBe("£0.00 a month, ex VAT");
  });
});
