import { beforeAll, describe, expect, it } from "vitest";
import { NEW_COMPARISONS_PER_POST } from "~/features/tariffs/tariff-comparison";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient } from "../support/client";
import { testServerForSuite } from "../support/server";
import { addTariffs, tariffInput } from "../support/tariffs";

/**
 * Each comparison no one has asked for before prices the whole catalogue, so a client may ask for
 * only so many new ones in a window (RATE_LIMIT_MAX × NEW_COMPARISONS_PER_POST per
 * rate-limit window, counted where every machine shares it); past that a new one is a 429
 * with Retry-After, on the page and in GET /api/tariffs, while comparisons already made still
 * answer and other clients are not held back. Clients are told apart by their address as the proxy
 * in front names it (Fly-Client-IP).
 */

const RATE_LIMIT_MAX = 1;
const ALLOWANCE = RATE_LIMIT_MAX * NEW_COMPARISONS_PER_POST;
const server = testServerForSuite({ ...TEST_OWNER_ENV, TRUST_PROXY: "true" }, { tuning: { rateLimitMax: RATE_LIMIT_MAX, rateLimitWindowSeconds: 600 } });

beforeAll(async () => {
  const admin = await staffClient(server, "admin");
  await addTariffs(admin, [tariffInput(), tariffInput({ slug: "o2-unlimited-12", network: "O2", name: "Business Unlimited", termMonths: 12, dataGb: null })]);
});

const from = (address: string) => ({ "Fly-Client-IP": address });
const api = (query: string, address: string) => publicClient(server).get(`/api/tariffs?${query}`, from(address));
const page = (query: string, address: string) => publicClient(server).get(`/business-mobile?${query}`, from(address));
const dealsIn = (html: string) => [...html.matchAll(/data-deal="([^"]+)"/g)].map((match) => match[1]);

describe("new comparisons per client", () => {
  it(`answers a client's first ${ALLOWANCE} new comparisons, then 429 with Retry-After for new ones; the ones made still answer; another client is not held back`, async () => {
    const client = "203.0.113.10";
    const made = Array.from({ length: ALLOWANCE }, (_, index) => `lines=${index + 2}`);
    // The first on the page, until the page cache answers it; the others from the JSON.
    await expect.poll(async () => (await page(made[0]!, client)).headers.get("x-page-cache")).toBe("hit");
    for (const query of made.slice(1)) expect((await api(query, client)).status, query).toBe(200);

    const refused = await api("lines=20", client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect((await refused.json()).error).toMatch(/new comparisons in a short time/);

    // A page of a comparison not made yet: refused before it is rendered, saying why.
    const refusedPage = await page("lines=21", client);
    expect(refusedPage.status).toBe(429);
    expect(Number(refusedPage.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await refusedPage.text();
    expect(html).toContain("You have asked for a lot of new comparisons in a short time. Please try again in");
    expect(html).not.toContain('id="deals"');
    // The same with JavaScript, which asks for the page's data: the deals replaced by why.
    const refusedData = await publicClient(server).get(`/business-mobile?lines=22&_data=routes%2F_site.business-mobile`, from(client));
    expect(refusedData.status).toBe(429);
    expect(Number(refusedData.headers.get("retry-after"))).toBeGreaterThan(0);
    const { comparison } = await refusedData.json();
    expect(comparison).toMatchObject({ offers: [], limited: expect.stringMatching(/new comparisons in a short time/) });

    // Comparisons already made: the page from the cache, the same answer again, another page of one.
    const madePage = await page(made[0]!, client);
    expect(madePage.status).toBe(200);
    expect(dealsIn(await madePage.text())).toHaveLength(2);
    expect((await api(made[1]!, client)).status).toBe(200);
    expect((await api(`${made[2]}&limit=1`, client)).status).toBe(200);

    // Another client asks for the refused one; once made, it is kept for everyone, the first client included.
    expect((await api("lines=20", "198.51.100.7")).status).toBe(200);
    expect((await api("lines=20", client)).status).toBe(200);
    expect((await api("lines=23", client)).status).toBe(429);
  });
});
