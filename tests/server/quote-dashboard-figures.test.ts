import { describe, expect, it } from "vitest";
import { plainQuoteLine } from "../support/quote-documents";
import { TEST_OWNER_ENV } from "../support/admin";
import { staffClient } from "../support/client";
import { daysAgo, seedQuote, seedQuoteLead, ukDayFromNow, type SeededQuote } from "../support/seeded-quotes";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";

/** The dashboard's quote figures, checked against quotes seeded in every state (docs/staff-portal.md, "Quote figures"). */

const server = testServerForSuite(TEST_OWNER_ENV);
const owner = forSuite(() => staffClient(server, "super_admin"));

const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .trim();

/** The value of the quote tile labelled `label`. */
function quoteTile(html: string, label: string): string {
  const tile = html
    .split('data-testid="dashboard-quote-tile"')
    .slice(1)
    .map((part) => textOf(part.replace(/^[^>]*>/, "").split("</p></div>")[0] + "</p>"))
    .find((text) => text.startsWith(label));
  if (!tile) throw new Error(`No quote tile ${label}`);
  return tile.slice(label.length).trim();
}

async function dashboardHtml(): Promise<string> {
  const response = await owner.get("/admin/dashboard");
  expect(response.status).toBe(200);
  return response.text();
}

/** `quantity` lines of £10.00 a month ex VAT (£12.00 inc VAT) each. */
const tenPoundLines = (quantity: number) => [plainQuoteLine({ quantity })];

describe("quote figures", () => {
  it("shows no rate and nothing accepted before any quote is sent", async () => {
    const html = await dashboardHtml();
    expect(quoteTile(html, "Quotes sent (last 30 days)")).toBe("0");
    expect(quoteTile(html, "Acceptance rate (last 30 days)")).toBe("—");
    expect(quoteTile(html, "Open quotes: monthly value ex VAT")).toBe("£0.00");
  });

  it("counts the last 30 days' quotes sent and accepted, the acceptance rate and the monthly values", async () => {
    const lead = await seedQuoteLead(server.db, { businessName: "Figures Ltd" });
    const quotes: Array<Omit<SeededQuote, "leadId">> = [
      // Sent in the period and still open: counted as sent, and in the open value.
      { status: "sent", createdAt: daysAgo(3), validUntil: ukDayFromNow(10), lines: tenPoundLines(1) },
      { status: "viewed", createdAt: daysAgo(5), validUntil: ukDayFromNow(5), viewCount: 2, lines: tenPoundLines(2) },
      // Sent in the period, its valid-until day passed before the sweep wrote it: reads expired.
      { status: "sent", createdAt: daysAgo(10), validUntil: ukDayFromNow(-1), lines: tenPoundLines(6) },
      // Sent and accepted in the period.
      { status: "accepted", createdAt: daysAgo(8), acceptedAt: daysAgo(6), lines: tenPoundLines(3) },
      // Accepted in the period, sent before it: in the accepted figures, not in the rate.
      { status: "accepted", createdAt: daysAgo(40), acceptedAt: daysAgo(20), lines: tenPoundLines(5) },
      // Accepted before the period: in no figure.
      { status: "accepted", createdAt: daysAgo(60), acceptedAt: daysAgo(45), lines: tenPoundLines(7) },
      { status: "declined", createdAt: daysAgo(12), declinedAt: daysAgo(11), lines: tenPoundLines(8) },
      { status: "expired", createdAt: daysAgo(25), validUntil: ukDayFromNow(-10), lines: tenPoundLines(9) },
      // Sent in the period but neither answered nor lapsed: counted as sent, not in the rate.
      { status: "withdrawn", createdAt: daysAgo(9), withdrawnAt: daysAgo(8), lines: tenPoundLines(10) },
      { status: "superseded", createdAt: daysAgo(9), lines: tenPoundLines(11) },
      // Sent before the period, still open: in the open value only.
      { status: "sent", createdAt: daysAgo(50), validUntil: ukDayFromNow(2), lines: tenPoundLines(4) },
      // A draft is not sent: in no figure.
      { status: "draft", createdAt: daysAgo(1), lines: tenPoundLines(12) },
    ];
    // A lead has one accepted quote: each accepted one is another lead's.
    let accepted = 0;
    for (const quote of quotes) {
      const leadId = quote.status === "accepted" ? (await seedQuoteLead(server.db, { businessName: `Figures Customer ${++accepted}` })).id : lead.id;
      await seedQuote(server.db, { leadId, ...quote });
    }

    const html = await dashboardHtml();
    expect(quoteTile(html, "Quotes sent (last 30 days)")).toBe("8");
    expect(quoteTile(html, "Quotes accepted (last 30 days)")).toBe("2");
    // Of those sent in the period: 1 accepted, 1 declined, 2 expired.
    expect(quoteTile(html, "Acceptance rate (last 30 days)")).toBe("25%");
    expect(quoteTile(html, "Accepted monthly value ex VAT (last 30 days)")).toBe("£80.00");
    expect(quoteTile(html, "Accepted monthly value inc VAT (last 30 days)")).toBe("£96.00");
    expect(quoteTile(html, "Open quotes: monthly value ex VAT")).toBe("£70.00");
    expect(
      textOf(
        html
          .split('data-testid="acceptance-rate-hint"')[1]
          .split("</p>")[0]
          .replace(/^[^>]*>/, ""),
      ),
    ).toContain("of the quotes sent in the last 30 days, those accepted as a share of those accepted, declined or expired");
  });
});
