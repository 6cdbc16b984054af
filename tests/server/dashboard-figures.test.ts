import { beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient } from "../support/client";
import { SAMPLE_ENQUIRY } from "../support/forms";
import { submitQuoteRequest } from "../support/leads";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";

/** The dashboard's lead figures and Recent Activity, checked against seeded data. */

const server = testServerForSuite(TEST_OWNER_ENV);
const owner = forSuite(() => staffClient(server, "super_admin"));
const visitor = publicClient(server);

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

async function dashboardHtml(): Promise<string> {
  const response = await owner.get("/admin/dashboard");
  expect(response.status).toBe(200);
  return response.text();
}

const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .trim();

/** The rows of the table that goes with a chart, by the chart's title: label -> value. */
function chartTable(html: string, title: string): Map<string, string> {
  const table = html.match(new RegExp(`<caption[^>]*>${title}</caption>([\\s\\S]*?)</table>`))?.[1];
  if (!table) throw new Error(`No table for the chart "${title}"`);
  const rows = [...table.matchAll(/<tr[^>]*><th scope="row"[^>]*>([\s\S]*?)<\/th><td[^>]*>([\s\S]*?)<\/td><\/tr>/g)];
  return new Map(rows.map(([, label, value]) => [textOf(label), textOf(value)]));
}

function tileValue(html: string, label: string): string {
  const tile = html
    .split('data-testid="dashboard-tile"')
    .slice(1)
    .find((candidate) => candidate.includes(label));
  if (!tile) throw new Error(`No tile ${label}`);
  return textOf(
    tile
      .replace(/^[^>]*>/, "")
      .split("</section>")[0]
      .replace(/<[^>]*$/, ""),
  )
    .replace(label, "")
    .trim();
}

describe("lead figures", () => {
  beforeAll(async () => {
    const now = Date.now();
    const lead = (
      index: number,
      daysAgo: number,
      fields: Partial<{ status: "new" | "contacted" | "qualified" | "converted" | "lost"; teamSize: string; sourcePage: string | null }>,
    ) => {
      const createdAt = new Date(now - daysAgo * DAY_MS).toISOString();
      return {
        reference: `CLB-2026-9${String(index).padStart(5, "0")}`,
        status: fields.status ?? "new",
        teamSize: fields.teamSize ?? "1 - 2",
        contractExpiry: "Not sure",
        businessType: "LTD company",
        businessName: `Seeded Business ${index}`,
        postcode: null,
        firstName: "Seed",
        lastName: `Lead${index}`,
        email: `seed${index}@example.co.uk`,
        phoneNumber: `07700 9${String(index).padStart(5, "0")}`,
        sourcePage: fields.sourcePage === undefined ? "/" : fields.sourcePage,
        createdAt,
        updatedAt: createdAt,
      };
    };
    await server.db
      .insertInto("leads")
      .values([
        lead(1, 0, { status: "contacted", teamSize: "5 - 9" }),
        lead(2, 0, { status: "qualified", teamSize: "5 - 9", sourcePage: "/business-mobile" }),
        lead(3, 2, { status: "converted", teamSize: "10+", sourcePage: "/business-mobile" }),
        lead(4, 2, {}),
        lead(5, 2, { sourcePage: null }),
        // Older than the figures' 30 days: in no chart.
        lead(6, 40, { status: "converted", teamSize: "10+" }),
      ])
      .execute();
    // Response times of 30 minutes, 90 minutes and 10 hours: the median is 90 minutes.
    const responses = [
      [1, 30],
      [2, 90],
      [3, 600],
      [6, 5],
    ] as const;
    for (const [index, minutes] of responses) {
      const row = await server.db
        .selectFrom("leads")
        .select("createdAt")
        .where("reference", "=", `CLB-2026-9${String(index).padStart(5, "0")}`)
        .executeTakeFirstOrThrow();
      await server.db
        .updateTable("leads")
        .set({ firstContactedAt: new Date(Date.parse(row.createdAt) + minutes * MINUTE_MS).toISOString() })
        .where("reference", "=", `CLB-2026-9${String(index).padStart(5, "0")}`)
        .execute();
    }
  });

  it("counts new leads per day for the last 30 days, oldest first, today last", async () => {
    const perDay = [...chartTable(await dashboardHtml(), "New leads per day").values()];
    expect(perDay).toHaveLength(30);
    expect(perDay.at(-1)).toBe("2");
    expect(perDay.at(-3)).toBe("3");
    expect(perDay.reduce((sum, value) => sum + Number(value), 0)).toBe(5);
  });

  it("splits the period's leads by status, team size and source page", async () => {
    const html = await dashboardHtml();
    expect(Object.fromEntries(chartTable(html, "Leads by status"))).toEqual({ New: "2", Contacted: "1", Qualified: "1", Converted: "1", Lost: "0" });
    expect(Object.fromEntries(chartTable(html, "Leads by team size"))).toEqual({ "1 - 2": "2", "3 - 4": "0", "5 - 9": "2", "10+": "1" });
    expect([...chartTable(html, "Leads by source page")]).toEqual([
      ["/", "2"],
      ["/business-mobile", "2"],
      ["The API (no page)", "1"],
    ]);
  });

  it("shows the median time from a lead's arrival to its first contact", async () => {
    expect(tileValue(await dashboardHtml(), "Median time to first contact (last 30 days)")).toBe("1 h 30 min");
  });

  it("records a lead's first contact when staff first move it on from New, and keeps it", async () => {
    const { id } = await submitQuoteRequest(server, {
      teamSize: "3 - 4",
      contractExpiry: "Not sure",
      businessType: "Partnership",
      businessName: "First Contact Ltd",
      firstName: "Fay",
      lastName: "Contact",
      email: "fay@firstcontact.co.uk",
      phoneNumber: "07700 900321",
    });
    const setStatus = (status: string) => owner.put(`/admin/api/quote-requests/${id}`, { status });
    const firstContact = async () =>
      (await server.db.selectFrom("leads").select("firstContactedAt").where("id", "=", id).executeTakeFirstOrThrow()).firstContactedAt;

    expect(await firstContact()).toBeNull();
    expect((await setStatus("new")).status).toBe(200);
    expect(await firstContact()).toBeNull();
    expect((await setStatus("contacted")).status).toBe(200);
    const first = await firstContact();
    expect(first).not.toBeNull();
    expect((await setStatus("qualified")).status).toBe(200);
    expect((await setStatus("new")).status).toBe(200);
    expect(await firstContact()).toBe(first);
  });
});

describe("the quote wizard's funnel", () => {
  it("counts each step reached, from the step posts, without a cookie", async () => {
    const answers = { teamSize: "3 - 4", contractExpiry: "Not sure", businessType: "Partnership", businessName: "Funnel Bakery", postcode: "LS1 4AP" };
    const contact = { firstName: "Ola", lastName: "Nowak", email: "ola@funnelbakery.co.uk", phoneNumber: "07700 900456" };
    const steps: Record<string, string>[] = [
      { teamSize: answers.teamSize },
      { teamSize: answers.teamSize, contractExpiry: answers.contractExpiry },
      { teamSize: answers.teamSize, contractExpiry: answers.contractExpiry, businessType: answers.businessType },
      { ...answers, intent: "quote-next" },
      { ...answers, ...contact, intent: "quote-submit" },
    ];
    const post = (fields: Record<string, string>) => visitor.postForm("/?index", fields);
    // Two visitors start; one goes all the way.
    for (const fields of steps.slice(0, 2)) {
      const answer = await post(fields);
      expect(answer.status).toBe(200);
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    for (const fields of steps) expect((await post(fields)).status).toBe(200);
    // A refused step is not counted as reached.
    expect((await post({ ...answers, businessName: "", intent: "quote-next" })).status).toBe(400);

    expect([...chartTable(await dashboardHtml(), "Quote wizard funnel")]).toEqual([
      ["Chose how many handsets", "2"],
      ["Said when their contract ends", "2"],
      ["Chose their type of business", "1"],
      ["Gave their business details", "1"],
      ["Sent the quote request", "1"],
    ]);
    const rows = await server.db.selectFrom("wizardFunnel").selectAll().execute();
    expect(Object.keys(rows[0]).sort()).toEqual(["count", "day", "step"]);
  });
});

describe("Recent Activity", () => {
  it("shows what visitors send as it arrives, newest first, each linking to its page", async () => {
    const { id, reference } = await submitQuoteRequest(server, {
      teamSize: "1 - 2",
      contractExpiry: "Not sure",
      businessType: "Sole trader",
      businessName: "Arrivals Plumbing",
      firstName: "Ari",
      lastName: "Val",
      email: "ari@arrivals.co.uk",
      phoneNumber: "07700 900654",
    });
    expect((await visitor.postForm("/contact", SAMPLE_ENQUIRY)).status).toBe(302);
    expect((await visitor.postForm("/about", { email: "arrivals@example.co.uk" })).status).toBe(302);

    const html = await dashboardHtml();
    const list = html.match(/data-testid="recent-activity"[^>]*>([\s\S]*?)<\/ul>/)![1];
    const entries = [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map(([, item]) => item);
    expect(textOf(entries[0])).toMatch(/^Website new newsletter sign-up: arrivals@example\.co\.uk/);
    expect(textOf(entries[1])).toMatch(new RegExp(`^Website new contact enquiry from ${SAMPLE_ENQUIRY.firstName} ${SAMPLE_ENQUIRY.lastName}`));
    expect(textOf(entries[2])).toMatch(new RegExp(`^Website new quote request ${reference} from Arrivals Plumbing`));
    expect(entries[2]).toContain(`href="/admin/leads/${id}"`);
    expect(entries).toHaveLength(8);
  });
});
