import { afterAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { staffOfEveryRole } from "../support/client";
import { startTestServer, testServerForSuite, type TestServer } from "../support/server";
import { forSuite } from "../support/suite";

/**
 * Visits that reached the comparison (issue 41), counted on the server as they arrive, the page cache's answers included: by the UTM of the address, or of
 * our page that linked to it; moving within the comparison, crawlers, prefetches and other pages are not visits; nothing of the visitor is kept. Counts are
 * written together a moment after they arrive (within 50 ms on a test server), so a test waits for them to be in.
 */

const server = testServerForSuite(TEST_OWNER_ENV);
const staff = forSuite(() => staffOfEveryRole(server));

const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

function visit(path: string, headers: Record<string, string> = {}, method = "GET", to: TestServer = server) {
  return fetch(`${to.url}${path}`, { method, headers: { "User-Agent": BROWSER, ...headers }, redirect: "manual" });
}

/** Today's visits per source, medium and campaign, as the Sources report counts them. */
async function visitsToday(group = "source-medium"): Promise<Array<Record<string, unknown>>> {
  const report = await (await staff.manager.get(`/admin/api/reports/sources?group=${group}`)).json();
  return report.rows
    .filter((row: { visits: number }) => row.visits > 0)
    .map(({ source, medium, campaign, visits }: Record<string, unknown>) => ({ source, medium, campaign, visits }));
}

describe("visits that reached the comparison", () => {
  it("counts each arrival by its address's UTM, the second one answered from the page cache", async () => {
    const first = await visit("/business-mobile?utm_source=Google&utm_medium=CPC&utm_campaign=Spring");
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const second = await visit("/business-mobile?utm_source=google&utm_medium=cpc&utm_campaign=spring");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    await second.arrayBuffer();
    await expect.poll(() => visitsToday("campaign")).toEqual([{ source: undefined, medium: undefined, campaign: "spring", visits: 2 }]);
  });

  it("takes the UTM of our page that linked to it, and counts a visit from elsewhere or typed in as none recorded", async () => {
    await (await visit("/business-mobile", { Referer: `${server.url}/about?utm_source=newsletter&utm_medium=email` })).arrayBuffer();
    // With JavaScript, the page's data as the browser asks for it when moving from the home page.
    await (await visit("/business-mobile?_data=routes%2F_site.business-mobile", { Referer: `${server.url}/` })).arrayBuffer();
    await (await visit("/business-mobile", { Referer: "https://www.bing.com/search?q=business+mobiles" })).arrayBuffer();
    // Most visits first; a tie in the order of the values, none recorded first.
    await expect
      .poll(() => visitsToday())
      .toEqual([
        { source: null, medium: null, campaign: undefined, visits: 2 },
        { source: "google", medium: "cpc", campaign: undefined, visits: 2 },
        { source: "newsletter", medium: "email", campaign: undefined, visits: 1 },
      ]);
  });

  it("does not count moving within the comparison, crawlers, prefetches, other methods or other pages", async () => {
    const before = await visitsToday();
    const answers = await Promise.all([
      visit("/business-mobile?lines=3", { Referer: `${server.url}/business-mobile?utm_source=google` }),
      visit("/business-mobile?lines=3&_data=routes%2F_site.business-mobile", { Referer: `${server.url}/business-mobile` }),
      visit("/business-mobile?utm_source=google", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
      visit("/business-mobile?utm_source=google", { "Sec-Purpose": "prefetch" }),
      visit("/business-mobile?utm_source=google", {}, "HEAD"),
      visit("/about?utm_source=google"),
      visit("/?utm_source=google"),
    ]);
    for (const answer of answers) await answer.arrayBuffer();
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    // Then one that counts: once it is in, anything the requests before it counted would be in too.
    await (await visit("/business-mobile?utm_source=marker&utm_medium=test")).arrayBuffer();
    await expect.poll(async () => (await visitsToday()).some((row) => row.source === "marker")).toBe(true);
    const after = await visitsToday();
    expect(after.filter((row) => row.source === "marker")).toEqual([{ source: "marker", medium: "test", campaign: undefined, visits: 1 }]);
    expect(after.filter((row) => row.source !== "marker")).toEqual(before);
  });

  it("keeps counts only: a day, an origin and a number", async () => {
    const rows = await server.db.selectFrom("comparisonVisits").selectAll().orderBy("source").execute();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    expect(rows).toEqual([
      { day: today, source: "", medium: "", campaign: "", visits: 2 },
      { day: today, source: "google", medium: "cpc", campaign: "spring", visits: 2 },
      { day: today, source: "marker", medium: "test", campaign: "", visits: 1 },
      { day: today, source: "newsletter", medium: "email", campaign: "", visits: 1 },
    ]);
  });
});

describe("visits not yet written", () => {
  let first: TestServer | undefined;
  let second: TestServer | undefined;
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it("are written as the server stops, however many origins they hold", async () => {
    // Held for an hour, so only stopping writes them; more origins than one statement writes (1,000).
    first = await startTestServer(TEST_OWNER_ENV, { tuning: { visitWriteSeconds: 3600 } });
    const campaigns = Array.from({ length: 1_050 }, (_, index) => `made-up-${index}`);
    for (let start = 0; start < campaigns.length; start += 25) {
      const batch = campaigns
        .slice(start, start + 25)
        .map((campaign) => visit(`/business-mobile?utm_source=before-a-deploy&utm_campaign=${campaign}`, {}, "GET", first));
      for (const answer of await Promise.all(batch)) await answer.arrayBuffer();
    }
    expect(await first.db.selectFrom("comparisonVisits").selectAll().execute()).toEqual([]);
    expect((await first.kill("SIGTERM")).code).toBe(0);

    second = await startTestServer(TEST_OWNER_ENV, { dataDir: first.dataDir });
    const written = await second.db.selectFrom("comparisonVisits").select(["source", "campaign", "visits"]).execute();
    const byCampaign = (a: { campaign: string }, b: { campaign: string }) => (a.campaign < b.campaign ? -1 : 1);
    expect(written.sort(byCampaign)).toEqual(campaigns.map((campaign) => ({ source: "before-a-deploy", campaign, visits: 1 })).sort(byCampaign));
  });
});
