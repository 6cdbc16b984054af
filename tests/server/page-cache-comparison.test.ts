import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PAGE_CACHE_QUERY_VARIANTS as MAX_QUERY_VARIANTS } from "~/platform/page-cache";
import { TEST_OWNER_ENV } from "../support/admin";
import { staffClient, type Client } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { addTariffs, tariffInput } from "../support/tariffs";

/**
 * The page cache and the comparison on /business-mobile: each comparison is
 * kept once per normalised query (any spelling of it shares the copy), a
 * bounded number of them, and a staff change to the catalogue shows on the
 * next request.
 */

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer(TEST_OWNER_ENV);
  admin = await staffClient(server, "admin");
});
afterAll(async () => {
  await server?.stop();
});

beforeEach(async () => {
  await server.db.deleteFrom("tariffs").execute();
  await addTariffs(admin, [tariffInput(), tariffInput({ slug: "o2-unlimited-12", network: "O2", name: "Business Unlimited", termMonths: 12, dataGb: null })]);
});

const view = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: "manual" });

async function viewFromCache(path: string): Promise<Response> {
  let response!: Response;
  await expect
    .poll(async () => {
      response = await view(path);
      return response.headers.get("x-page-cache");
    })
    .toBe("hit");
  return response;
}

const dealsIn = (html: string) => [...html.matchAll(/data-deal="([^"]+)"/g)].map((match) => match[1]);

describe("the comparison's pages in the page cache", () => {
  it("keeps a comparison once, shared by every spelling of the same query (order, empty choices, defaults, ad tags)", async () => {
    const first = await viewFromCache("/business-mobile?network=O2&lines=3");
    const html = await first.text();
    expect(dealsIn(html)).toEqual(["o2-unlimited-12"]);
    for (const spelling of [
      "/business-mobile?lines=3&network=O2",
      "/business-mobile?lines=3&network=O2&term=&minDataGb=&sort=team-monthly&utm_source=news",
      "/business-mobile?network=O2&lines=03&fiveG=0",
    ]) {
      const same = await view(spelling);
      expect(same.headers.get("x-page-cache"), spelling).toBe("hit");
      expect(same.headers.get("etag")).toBe(first.headers.get("etag"));
    }
    const other = await view("/business-mobile?network=EE&lines=3");
    expect(other.headers.get("x-page-cache")).toBe("miss");
    expect(dealsIn(await other.text())).toEqual(["ee-business-30gb-24"]);
  });

  it("renders a comparison with a bad value or an unknown parameter for its visitor, and keeps neither", async () => {
    for (const path of ["/business-mobile?lines=99", "/business-mobile?network=O2&colour=blue"]) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await view(path);
        expect(response.status).toBe(200);
        expect(response.headers.get("x-page-cache"), path).toBeNull();
        await response.text();
      }
    }
  });

  it("shows a staff change to the catalogue on the next request", async () => {
    await viewFromCache("/business-mobile?network=Vodafone");
    expect(dealsIn(await (await view("/business-mobile?network=Vodafone")).text())).toEqual([]);
    await addTariffs(admin, [tariffInput({ slug: "vodafone-business-20gb", network: "Vodafone", name: "Business 20GB" })]);
    expect(dealsIn(await (await view("/business-mobile?network=Vodafone")).text())).toEqual(["vodafone-business-20gb"]);
    await server.db.updateTable("tariffs").set({ status: "withdrawn" }).where("slug", "=", "vodafone-business-20gb").execute();
    expect(dealsIn(await (await view("/business-mobile?network=Vodafone")).text())).toEqual([]);
  });

  it(`keeps at most ${MAX_QUERY_VARIANTS} comparisons, the oldest dropped first, without pushing out the plain pages`, async () => {
    await viewFromCache("/about");
    await viewFromCache("/business-mobile?lines=2");
    // As many other comparisons: each number of lines, sorted one way then another.
    const others = Array.from(
      { length: MAX_QUERY_VARIANTS },
      (_, index) => `/business-mobile?lines=${(index % 50) + 1}&sort=${index < 50 ? "data" : "contract-total&term=24"}`,
    );
    for (const other of others) await viewFromCache(other);
    expect((await view("/business-mobile?lines=2")).headers.get("x-page-cache")).toBe("miss");
    expect((await view(others.at(-1)!)).headers.get("x-page-cache")).toBe("hit");
    expect((await view("/about")).headers.get("x-page-cache")).toBe("hit");
  });
});
