import { beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { staffClient } from "../support/client";
import { submitQuoteRequest } from "../support/leads";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";

/**
 * Whatever staff type into a list's search box (or put in its URL), the list
 * answers: no search text reaches the database as syntax (SQLite's trigram
 * index reads MATCH queries as FTS5 expressions), and a name with a quote in
 * it is still found by searching for it.
 */

const server = testServerForSuite(TEST_OWNER_ENV);
const owner = forSuite(() => staffClient(server, "super_admin"));

const NASTY_SEARCHES = [
  "\u0000'\"",
  '"',
  '""',
  "'",
  "*",
  "NEAR(",
  "NEAR(a b",
  "a OR",
  "OR",
  "AND NOT",
  "-",
  "^",
  "a:b",
  "leadSearch:x",
  "(((",
  "%_\\",
  "\u0007\u001b[31m",
  "O\u0000'Brien",
  "🙂 Zoë Łódź ☎",
  "\u202e\u200b",
  "x".repeat(500),
  `"${"ab".repeat(100)}`,
];

beforeAll(async () => {
  await submitQuoteRequest(server, {
    teamSize: "3 - 4",
    contractExpiry: "Not sure",
    businessType: "Other",
    businessName: 'The "Quoted" Bakery',
    firstName: "Siobhán",
    lastName: "O'Brien",
    email: "siobhan@quoted-bakery.co.uk",
    phoneNumber: "01632 960222",
  });
});

describe("staff searches", () => {
  for (const [name, path] of [
    ["the leads screen", "/admin/leads?q="],
    ["the leads JSON list", "/admin/api/quote-requests?q="],
    ["the leads export", "/admin/leads/export?q="],
    ["the enquiries screen", "/admin/enquiries?q="],
    ["the enquiries export", "/admin/enquiries/export?q="],
    ["the newsletter screen", "/admin/newsletter?q="],
    ["the newsletter export", "/admin/newsletter/export?q="],
    ["the quotes screen", "/admin/quotes?q="],
    ["the quotes export", "/admin/quotes/export?q="],
  ] as const) {
    it(`${name} answers any search text`, async () => {
      for (const q of NASTY_SEARCHES) {
        const response = await owner.get(`${path}${encodeURIComponent(q)}`);
        expect(response.status, `q=${JSON.stringify(q)}`).toBe(200);
        await response.arrayBuffer();
      }
    });
  }

  it("finds a lead by a name or business with quotes in it", async () => {
    for (const q of ["O'Brien", "o'brien", "'B", '"Quoted"', '"Quoted" Bak', 'd" B', "\u0000O'Brien", "Siobhán O'Brien"]) {
      const response = await owner.get(`/admin/api/quote-requests?q=${encodeURIComponent(q)}`);
      expect(response.status, `q=${JSON.stringify(q)}`).toBe(200);
      const leads = (await response.json()) as { email: string }[];
      expect(
        leads.map((lead) => lead.email),
        `q=${JSON.stringify(q)}`,
      ).toEqual(["siobhan@quoted-bakery.co.uk"]);
    }
  });

  it("finds nothing for a quote-laden search that matches no lead", async () => {
    const response = await owner.get(`/admin/api/quote-requests?q=${encodeURIComponent('"no such" OR "*"')}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });
});
