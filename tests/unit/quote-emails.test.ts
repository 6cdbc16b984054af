import { describe, expect, it } from "vitest";
import type { Brand } from "~/platform/brand";
import { SAMPLE_BRAND } from "../support/forms";
import { quoteCustomerEmail, quotedInOneLine } from "~/features/quotes/quote-emails";
import { addUpQuote, quoteDocument } from "../support/quote-documents";
import { addUpLineWorking } from "../support/line-arithmetic";
import { formatPounds } from "~/lib/money";

const BRAND: Brand = { ...SAMPLE_BRAND, name: "Smith & <Sons> Telecoms" };

const QUOTE = {
  reference: "SST-2026-000123-Q2",
  monthlyExVatPence: 3360,
  oneOffExVatPence: 7500,
  validUntil: "2026-12-09",
  url: "https://smith.example/quote/AbCdEfGhIjKlMnOpQrStUv?a=1&b=2",
  lines: quoteDocument([]),
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

  it("lists each line with its amount and how it is made, which adds up to the penny, in text and HTML", () => {
    const document = addUpQuote();
    const email = quoteCustomerEmail({ ...QUOTE, lines: document }, BRAND);
    const text = email.text.split("\n");
    document.lines.forEach((line, index) => {
      const amount = document.totals.lines[index]!.amountExVatPence;
      const heading = text.findIndex((row) => row.startsWith("- ") && row.includes(line.description));
      expect(text[heading], line.description).toContain(`${formatPounds(amount)}${line.charge === "monthly" ? " a month" : ""} ex VAT`);
      const steps: string[] = [];
      for (let next = heading + 1; text[next]?.startsWith("    ") && !text[next]!.trim().startsWith("From "); next++) steps.push(text[next]!.trim());
      expect(addUpLineWorking(steps), steps.join(" | ")).toBe(amount);
    });
    expect(email.text).toContain("- Mobile: Team SIMs, loyalty on top (monthly, 24 months): £60.48 a month ex VAT");
    expect(email.text).toContain("    Loyalty: 10% off: -£6.72");
    expect(email.html).toContain("Team SIMs, loyalty on top (monthly, 24 months): £60.48 a month ex VAT<br>");
    expect(email.html).toContain("10% off lines 2-7 (6 x £1.05): -£6.30<br>");
  });
});
