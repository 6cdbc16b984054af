import { describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { staffOfEveryRole } from "../support/client";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";

/**
 * Visits that reached the comparison (issue 41), counted on the server as they arrive, the page cache's answers included: by the UTM of the address, or of
 * our page that linked to it; moving within the comparison, crawlers, prefetches and other pages are not visits; nothing of the visitor is kept.
 */

const server = testServerForSuite(TEST_OWNER_ENV);
const staff = forSuite(() => staffOfEveryRole(server));

const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

function visit(path: string, headers: Record<string, string> = {}, method = "GET") {
  return fetch(`${server.url}${path}`, { method, headers: { "User-Agent": BROWSER, ...headers }, redirect: "manual" });
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
    expect(await visitsToday("campaign")).toEqual([{ source: undefined, medium: undefined, campaign: "spring", visits: 2 }]);
  });

  it("takes the UTM of our page that linked to it, and counts a visit from elsewhere or typed in as none recorded", async () => {
    await (await visit("/business-mobile", { Referer: `${server.url}/about?utm_source=newsletter&utm_medium=email` })).arrayBuffer();
    // With JavaScript, the page's data as the browser asks for it when moving from the home page.
    await (await visit("/business-mobile?_data=routes%2F_site.business-mobile", { Referer: `${server.url}/` })).arrayBuffer();
    await (await visit("/business-mobile", { Referer: "https://www.bing.com/search?q=business+mobiles" })).arrayBuffer();
    // Most visits first; a tie in the order of the values, none recorded first.
    expect(await visitsToday()).toEqual([
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
    expect(await visitsToday()).toEqual(before);
  });

  it("keeps counts only: a day, an origin and a number", async () => {
    const rows = await server.db.selectFrom("comparisonVisits").selectAll().orderBy("source").execute();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    expect(rows).toEqual([
      { day: today, source: "", medium: "", campaign: "", visits: 2 },
      { day: today, source: "google", medium: "cpc", campaign: "spring", visits: 2 },
      { day: today, source: "newsletter", medium: "email", campaign: "", visits: 1 },
    ]);
  });
});
