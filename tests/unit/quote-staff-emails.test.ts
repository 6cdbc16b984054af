import { describe, expect, it } from "vitest";
import type { Brand } from "~/platform/brand";
import { SAMPLE_BRAND } from "../support/forms";
import { quoteStaffEmail } from "~/features/quotes/quote-emails";

const BRAND: Brand = SAMPLE_BRAND;

const QUOTE = { reference: "SST-2026-000123-Q1", businessName: "Patel <Plumbing> & Co", monthlyExVatPence: 3360, oneOffExVatPence: 7500 };
const LEAD_URL = "https://portal.example/admin/leads/7";
const AT = "2026-11-25T10:15:00.000Z";

describe("the quote owner's email of what the customer did", () => {
  it("says the customer opened the quote, with the figures and the link to the lead", () => {
    const email = quoteStaffEmail(QUOTE, { kind: "viewed", at: AT }, BRAND, LEAD_URL);
    expect(email.subject).toBe("Quote SST-2026-000123-Q1 opened by Patel <Plumbing> & Co");
    expect(email.text).toContain("Quoted: £33.60 a month and £75.00 one-off, ex VAT");
    expect(email.text).toContain("First opened: 25 Nov 2026, 10:15");
    expect(email.text).toContain(`Open the lead in the portal: ${LEAD_URL}`);
    expect(email.html).toContain(`href="${LEAD_URL}"`);
  });

  it("names who accepted and their role, and the reason of a decline (or that none was given)", () => {
    const accepted = quoteStaffEmail(QUOTE, { kind: "accepted", at: AT, fullName: "Sam Patel", role: "Director" }, BRAND, LEAD_URL);
    expect(accepted.subject).toBe("Quote SST-2026-000123-Q1 accepted by Patel <Plumbing> & Co");
    expect(accepted.text).toContain("Accepted by: Sam Patel, Director");
    expect(quoteStaffEmail(QUOTE, { kind: "declined", at: AT, reason: "Too dear" }, BRAND, LEAD_URL).text).toContain("Reason: Too dear");
    expect(quoteStaffEmail(QUOTE, { kind: "declined", at: AT, reason: null }, BRAND, LEAD_URL).text).toContain("Reason: None given");
  });

  it("escapes what the customer typed in the HTML part", () => {
    const email = quoteStaffEmail(QUOTE, { kind: "declined", at: AT, reason: "<script>alert(1)</script>" }, BRAND, LEAD_URL);
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;");
    expect(email.html).toContain("Patel &lt;Plumbing&gt; &amp; Co");
  });
});
