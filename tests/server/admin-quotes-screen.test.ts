import { beforeAll, describe, expect, it } from "vitest";
import { csvRecords } from "~/lib/csv";
import { QUOTE_CSV_COLUMNS } from "~/features/quotes/quotes-screen";
import { plainQuoteLine } from "../support/quote-documents";
import { createAdminUserRow, TEST_OWNER_ENV } from "../support/admin";
import { staffClient } from "../support/client";
import { daysAgo, seedQuote, seedQuoteLead, ukDayFromNow } from "../support/seeded-quotes";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";
import { formatDateTime } from "~/lib/calendar";

/**
 * The Quotes screen, its CSV export and the leads list's latest-quote column,
 * over the real built server, with quotes seeded in the states the customer's
 * side makes (viewed, accepted, declined).
 */

const server = testServerForSuite(TEST_OWNER_ENV);
const staff = forSuite(async () => ({
  owner: await staffClient(server, "super_admin"),
  manager: await staffClient(server, "manager", { firstName: "Morgan", lastName: "Keeper" }),
}));

const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Each row of the list as its text, in the order shown. */
function rowsOf(html: string, testId: string): string[] {
  return html
    .split(`data-testid="${testId}"`)
    .slice(1)
    .map((part) => textOf(`<${part.split("</tr>")[0]}`.replace(/^<[^>]*>/, "")));
}

async function quotesScreen(query = ""): Promise<{ html: string; heading: string; rows: string[] }> {
  const response = await staff.owner.get(`/admin/quotes${query}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return {
    html,
    heading: textOf(
      html
        .split("<h1")[1]
        .split("</h1>")[0]
        .replace(/^[^>]*>/, ""),
    ),
    rows: rowsOf(html, "quote-row"),
  };
}

const references = (rows: string[]) => rows.map((row) => row.split(" ")[0]);

async function exported(query = ""): Promise<string[][]> {
  const response = await staff.owner.get(`/admin/quotes/export${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="quotes-\d{4}-\d{2}-\d{2}\.csv"$/);
  return [...csvRecords(await response.text())];
}

const seeded = {} as Record<"alder" | "birch" | "cedar" | "daisy" | "elm" | "fern" | "quiet", { id: number; reference: string }>;
let acceptedAt: string;

beforeAll(async () => {
  const managerId = staff.manager.user.id;
  seeded.alder = await seedQuoteLead(server.db, { businessName: "Alder Plumbing", assignedTo: managerId });
  seeded.birch = await seedQuoteLead(server.db, { businessName: "Birch Bakery" });
  seeded.cedar = await seedQuoteLead(server.db, { businessName: "Cedar Cafe", assignedTo: managerId });
  seeded.daisy = await seedQuoteLead(server.db, { businessName: "Daisy Dental", firstName: "Dana", lastName: "Dent", email: "dana@daisydental.co.uk" });
  seeded.elm = await seedQuoteLead(server.db, { businessName: "Elm Estates" });
  seeded.fern = await seedQuoteLead(server.db, { businessName: "Fern Florists" });
  seeded.quiet = await seedQuoteLead(server.db, { businessName: "Quiet Quarry" });
  acceptedAt = daysAgo(2);
  // Newest first: Alder Q2, Cedar Q1, Birch Q1, Daisy Q1, Elm Q1, Alder Q1, Fern Q1.
  await seedQuote(server.db, { leadId: seeded.alder.id, status: "sent", createdAt: daysAgo(20), validUntil: ukDayFromNow(-6) });
  await seedQuote(server.db, {
    leadId: seeded.alder.id,
    status: "draft",
    createdAt: daysAgo(1),
    lines: [plainQuoteLine({ quantity: 2 }), plainQuoteLine({ description: "Router", charge: "one_off", termMonths: null, unitPriceExVatPence: 5000 })],
  });
  await seedQuote(server.db, { leadId: seeded.birch.id, status: "sent", createdAt: daysAgo(5), validUntil: ukDayFromNow(3) });
  await seedQuote(server.db, {
    leadId: seeded.cedar.id,
    status: "viewed",
    createdAt: daysAgo(4),
    validUntil: ukDayFromNow(10),
    viewCount: 3,
    firstViewedAt: daysAgo(3),
    lines: [plainQuoteLine({ quantity: 4 })],
  });
  await seedQuote(server.db, {
    leadId: seeded.daisy.id,
    status: "accepted",
    createdAt: daysAgo(6),
    validUntil: ukDayFromNow(8),
    viewCount: 1,
    firstViewedAt: daysAgo(3),
    acceptedAt,
    acceptedName: "Dana Dent",
    acceptedRole: "Director",
    lines: [plainQuoteLine({ quantity: 3 })],
  });
  await seedQuote(server.db, {
    leadId: seeded.elm.id,
    status: "declined",
    createdAt: daysAgo(7),
    declinedAt: daysAgo(6),
    declineReason: '=HYPERLINK("http://example.com/x","Click")',
  });
  await seedQuote(server.db, { leadId: seeded.fern.id, status: "sent", createdAt: daysAgo(30), validUntil: ukDayFromNow(-2) });
});

const ref = (lead: keyof typeof seeded, version = 1) => `${seeded[lead].reference}-Q${version}`;

describe("the Quotes screen", () => {
  it("lists every quote newest first, with its reference, business, status as of today, owner, figures, validity and views", async () => {
    const { html, heading, rows } = await quotesScreen();
    expect(heading).toBe("Quotes (7)");
    expect(references(rows)).toEqual([ref("alder", 2), ref("cedar"), ref("birch"), ref("daisy"), ref("elm"), ref("alder"), ref("fern")]);
    // A draft's figures are priced now: 2 x £10.00 a month and a £50.00 router.
    expect(rows[0]).toContain(`${ref("alder", 2)} Alder Plumbing Draft Morgan Keeper £20.00 £24.00 £50.00 Not sent`);
    expect(rows[1]).toMatch(new RegExp(`^${ref("cedar")} Cedar Cafe Viewed Morgan Keeper £40.00 £48.00 £0.00 .+ 3$`));
    expect(rows[2]).toContain(`${ref("birch")} Birch Bakery Sent Unassigned £10.00 £12.00 £0.00`);
    expect(rows[3]).toContain("Daisy Dental Accepted Unassigned £30.00 £36.00");
    // Past its valid-until day: expired, whatever the stored status says until the sweep writes it.
    expect(rows[5]).toContain(`${ref("alder")} Alder Plumbing Expired`);
    expect(html).toContain(`href="/admin/leads/${seeded.cedar.id}"`);
  });

  it("filters by status as of today: an open quote past its validity is expired, not sent", async () => {
    expect(references((await quotesScreen("?status=sent")).rows)).toEqual([ref("birch")]);
    expect(references((await quotesScreen("?status=expired")).rows)).toEqual([ref("alder"), ref("fern")]);
    expect(references((await quotesScreen("?status=accepted")).rows)).toEqual([ref("daisy")]);
  });

  it("filters the open quotes expiring this week (valid until today or one of the next six UK days)", async () => {
    expect(references((await quotesScreen("?expiring=week")).rows)).toEqual([ref("birch")]);
    const { html, rows } = await quotesScreen("?expiring=week&status=viewed");
    expect(rows).toEqual([]);
    expect(html).toContain("No quotes found");
  });

  it("filters by the lead's owner, or the quotes whose lead nobody owns", async () => {
    expect(references((await quotesScreen(`?owner=${staff.manager.user.id}`)).rows)).toEqual([ref("alder", 2), ref("cedar"), ref("alder")]);
    expect(references((await quotesScreen("?owner=unassigned")).rows)).toEqual([ref("birch"), ref("daisy"), ref("elm"), ref("fern")]);
  });

  it("finds quotes by their lead's reference or business", async () => {
    expect(references((await quotesScreen("?q=dental")).rows)).toEqual([ref("daisy")]);
    expect(references((await quotesScreen(`?q=${seeded.birch.reference}`)).rows)).toEqual([ref("birch")]);
  });

  it("shows every quote for filter values it does not know, as the leads list does", async () => {
    const { rows } = await quotesScreen("?status=lost&expiring=month&owner=%00&page=-3");
    expect(rows).toHaveLength(7);
  });

  it("pages fifty quotes at a time", async () => {
    const pages = await createAdminUserRow(server.db, { email: "pat.pages@clearlinebusiness.co.uk", firstName: "Pat", lastName: "Pages" });
    const lead = await seedQuoteLead(server.db, { businessName: "Many Versions Ltd", assignedTo: pages.id });
    for (let version = 1; version <= 51; version++) {
      await seedQuote(server.db, { leadId: lead.id, version, status: version === 51 ? "sent" : "superseded", createdAt: daysAgo(60 - version) });
    }
    const first = await quotesScreen(`?owner=${pages.id}`);
    expect(first.heading).toBe("Quotes (51)");
    expect(first.rows).toHaveLength(50);
    expect(references(first.rows)[0]).toBe(`${lead.reference}-Q51`);
    const second = await quotesScreen(`?owner=${pages.id}&page=2`);
    expect(references(second.rows)).toEqual([`${lead.reference}-Q1`]);
  });
});

describe("the quotes export", () => {
  it("exports the filtered quotes with the customer's answer, money in pounds, and records the export", async () => {
    const [header, ...rows] = await exported("?status=accepted");
    expect(header).toEqual(QUOTE_CSV_COLUMNS);
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header.map((name, index) => [name, rows[0][index]]));
    const stored = await server.db.selectFrom("quotes").selectAll().where("leadId", "=", seeded.daisy.id).executeTakeFirstOrThrow();
    expect(row).toEqual({
      Reference: ref("daisy"),
      "Lead ID": String(seeded.daisy.id),
      Business: "Daisy Dental",
      Contact: "Dana Dent",
      Email: "dana@daisydental.co.uk",
      Status: "Accepted",
      Owner: "",
      "Monthly ex VAT": "30.00",
      "Monthly inc VAT": "36.00",
      "One-off ex VAT": "0.00",
      // 3 lines x £10.00 for 12 months, plus VAT.
      "Contract Total inc VAT": "432.00",
      Created: formatDateTime(stored.createdAt),
      Sent: formatDateTime(stored.sentAt!),
      "Valid Until": stored.validUntil,
      "First Viewed": formatDateTime(stored.firstViewedAt!),
      Views: "1",
      "Accepted At": formatDateTime(acceptedAt),
      "Accepted By": "Dana Dent",
      "Accepted By Role": "Director",
      "Declined At": "",
      "Decline Reason": "",
      "Withdrawn At": "",
    });
    const latestExport = async () =>
      (await server.db
        .selectFrom("auditLog")
        .select(["actorId", "summary"])
        .where("action", "=", "quotes.exported")
        .orderBy("id", "desc")
        .executeTakeFirst()) ?? null;
    await expect.poll(latestExport).toEqual({ actorId: staff.owner.user.id, summary: "Exported 1 quote to CSV (status Accepted)" });
  });

  it("exports with the screen's filters, newest first, and writes a customer's formula-like text as text", async () => {
    const [, ...unassigned] = await exported("?owner=unassigned");
    expect(unassigned.map((row) => row[0])).toEqual([ref("birch"), ref("daisy"), ref("elm"), ref("fern")]);
    expect(unassigned.find((row) => row[0] === ref("fern"))?.[5]).toBe("Expired");
    const declined = unassigned.find((row) => row[0] === ref("elm"))!;
    expect(declined[QUOTE_CSV_COLUMNS.indexOf("Decline Reason")]).toBe(`'=HYPERLINK("http://example.com/x","Click")`);
    const [, ...expiring] = await exported("?expiring=week");
    expect(expiring.map((row) => row[0])).toEqual([ref("birch")]);
  });
});

describe("the leads list's latest quote", () => {
  it("shows each lead's latest quote status as of today and its monthly value ex VAT, or none", async () => {
    const response = await staff.owner.get("/admin/leads");
    expect(response.status).toBe(200);
    const html = await response.text();
    const cellOf = (leadId: number) => {
      const row = html.split(`data-lead-id="${leadId}"`)[1].split("</tr>")[0];
      return textOf(
        row
          .split('data-testid="lead-latest-quote"')[1]
          .split("</td>")[0]
          .replace(/^[^>]*>/, ""),
      );
    };
    expect(cellOf(seeded.alder.id)).toBe("Draft £20.00 a month ex VAT");
    expect(cellOf(seeded.birch.id)).toBe("Sent £10.00 a month ex VAT");
    expect(cellOf(seeded.fern.id)).toBe("Expired £10.00 a month ex VAT");
    expect(cellOf(seeded.quiet.id)).toBe("None");
  });

  it("gives it in the leads JSON too", async () => {
    const response = await staff.manager.get("/admin/api/quote-requests");
    expect(response.status).toBe(200);
    const leads = (await response.json()) as Array<{ id: number; latestQuote: unknown }>;
    const latest = (leadId: number) => leads.find((lead) => lead.id === leadId)?.latestQuote;
    expect(latest(seeded.alder.id)).toEqual({ status: "draft", monthlyExVatPence: 2000 });
    expect(latest(seeded.daisy.id)).toEqual({ status: "accepted", monthlyExVatPence: 3000 });
    expect(latest(seeded.fern.id)).toEqual({ status: "expired", monthlyExVatPence: 1000 });
    expect(latest(seeded.quiet.id)).toBeNull();
  });
});
