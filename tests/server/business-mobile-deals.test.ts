import { beforeEach, describe, expect, it } from "vitest";
import { priceTariff } from "~/features/tariffs/tariff-prices";
import type { TariffOffer } from "~/features/tariffs/tariffs";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient } from "../support/client";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";
import { addTariffs, tariffInput } from "../support/tariffs";
import { SAMPLE_QUOTE } from "../support/forms";
import { ukDay } from "~/lib/calendar";

// The Compare deals section of /business-mobile, through the built server: the GET form's states and the chosen deal.

const server = testServerForSuite(TEST_OWNER_ENV);
const visitor = publicClient(server);
const admin = forSuite(() => staffClient(server, "admin"));

const EE = tariffInput();
const O2 = tariffInput({ slug: "o2-unlimited-12", network: "O2", name: "Business Unlimited", monthlyPriceExVatPence: 2000, termMonths: 12, dataGb: null });
const THREE = tariffInput({
  slug: "three-5gb-36",
  network: "Three",
  name: "Business 5GB",
  monthlyPriceExVatPence: 650,
  termMonths: 36,
  fiveG: false,
  maxLines: 10,
});

beforeEach(async () => {
  await server.db.deleteFrom("tariffs").execute();
  await addTariffs(admin, [EE, O2, THREE, tariffInput({ slug: "ee-withdrawn", status: "withdrawn" })]);
});

async function page(query = "") {
  const response = await visitor.get(`/business-mobile${query}`);
  expect(response.status).toBe(200);
  return response.text();
}

interface PageData {
  comparison: { total: number; offers: TariffOffer[]; dropped: Record<string, string>; search: string; nextSlug: string | null };
  chosenDeal: TariffOffer | null;
}

async function pageData(query = ""): Promise<PageData> {
  const separator = query ? "&" : "?";
  const response = await visitor.get(`/business-mobile${query}${separator}_data=routes%2F_site.business-mobile`);
  expect(response.status).toBe(200);
  return response.json();
}

const dealsIn = (html: string) => [...html.matchAll(/data-deal="([^"]+)"/g)].map((match) => match[1]);

describe("the Compare deals section of /business-mobile", () => {
  it("shows the live deals high on the page, each with its prices, rises, check date and a Get this deal link", async () => {
    const html = await page();
    expect(html).toContain('id="deals"');
    expect(html.indexOf('id="deals"')).toBeLessThan(html.indexOf('id="get-quote"'));
    expect(dealsIn(html)).toEqual(["three-5gb-36", "ee-business-30gb-24", "o2-unlimited-12"]);
    expect(html).toContain("3 deals fit your choices");
    expect(html).toContain("£12.00 a month ex VAT");
    expect(html).toContain("£14.40 inc VAT");
    // The rise as the team will pay it.
    expect(html).toContain("From 1 Apr 2027: £14.00 a month for your line");
    expect(html).toContain("Prices checked on 1 Nov 2026");
    // Get this deal lands on the wizard's question (its card), not the section's introduction.
    expect(html).toContain('href="/business-mobile?tariff=ee-business-30gb-24#quote-step"');
    expect(html).not.toContain("Illustrative prices");
  });

  it("answers the GET form's choices: filters, sort and lines, with the figures of the one price calculation", async () => {
    const html = await page("?lines=3&network=&minDataGb=&term=&fiveG=1&sort=data");
    expect(dealsIn(html)).toEqual(["o2-unlimited-12", "ee-business-30gb-24"]);
    expect(html).toMatch(/<option value="3" selected="">3 lines<\/option>/);
    expect(html).toMatch(/<option value="data" selected="">/);
    expect(html).toMatch(/<input[^>]*name="fiveG"[^>]*checked=""/);
    expect(html).toContain('href="/business-mobile?lines=3&amp;fiveG=1&amp;sort=data&amp;tariff=o2-unlimited-12#quote-step"');
    expect(html).toContain("Filters (1)");
    const { comparison } = await pageData("?lines=3&fiveG=1&sort=data");
    const start = ukDay(new Date());
    expect(comparison.offers[1]).toMatchObject({ slug: EE.slug, ...priceTariff(EE, { lines: 3, start }) });
  });

  it("drops a bad value to its default and says so, never failing", async () => {
    const html = await page("?lines=99&network=Tesco&sort=cheapest&start=1999-01-01");
    expect(html).toContain('data-testid="deals-dropped"');
    expect(html).toContain("Choose between 1 and 50 lines");
    expect(html).toContain("Choose a network");
    expect(dealsIn(html)).toHaveLength(3);
    const { comparison } = await pageData("?lines=99");
    expect(comparison.dropped).toEqual({ lines: "Choose between 1 and 50 lines" });
  });

  it("sorts by the average monthly cost by default, and offers the whole contract's cost once a term is chosen", async () => {
    const html = await page();
    expect(html).toMatch(/<option value="average-monthly" selected="">Lowest average monthly cost<\/option>/);
    expect(html).not.toContain('value="contract-total"');
    const withTerm = await page("?term=24&sort=contract-total");
    expect(withTerm).toMatch(/<option value="contract-total" selected="">Lowest whole-contract cost<\/option>/);
    expect(dealsIn(withTerm)).toEqual(["ee-business-30gb-24"]);
    // Without a term: the default order, and the form says why (never an error page).
    const withoutTerm = await page("?sort=contract-total");
    expect(withoutTerm).toContain("Choose a contract term to sort by whole-contract cost: it compares deals of the same term");
    expect(dealsIn(withoutTerm)).toEqual(["three-5gb-36", "ee-business-30gb-24", "o2-unlimited-12"]);
    // An old link's sort still works.
    expect(dealsIn(await page("?sort=team-monthly"))).toEqual(["three-5gb-36", "ee-business-30gb-24", "o2-unlimited-12"]);
  });

  it("filters by plan type: data-only SIMs (no minutes, no texts) apart from voice and data plans", async () => {
    await addTariffs(admin, [tariffInput({ slug: "o2-data-24", network: "O2", name: "Data SIM", minutes: 0, texts: 0 })]);
    expect(dealsIn(await page("?planType=data-only"))).toEqual(["o2-data-24"]);
    expect(dealsIn(await page("?planType=voice-and-data"))).not.toContain("o2-data-24");
    const bad = await page("?planType=voice");
    expect(bad).toContain("Choose a plan type");
    expect(dealsIn(bad)).toContain("o2-data-24");
  });

  it("shows 20 deals and a Show more deals link that adds the next 20, in steps the page cache can keep", async () => {
    await addTariffs(
      admin,
      Array.from({ length: 22 }, (_, index) =>
        tariffInput({ slug: `vodafone-${index + 10}`, network: "Vodafone", name: `Extra ${index + 10}`, monthlyPriceExVatPence: 3000 + index }),
      ),
    );
    const first = await page("?lines=2");
    expect(dealsIn(first)).toHaveLength(20);
    expect(first).toContain("25 deals fit your choices: showing the first 20");
    const { comparison } = await pageData("?lines=2");
    const next = comparison.nextSlug;
    expect(first).toContain(`href="/business-mobile?lines=2&amp;offset=20#deal-${next}"`);
    const more = await page("?lines=2&offset=20");
    expect(dealsIn(more)).toHaveLength(25);
    expect(dealsIn(more)[20]).toBe(next);
    expect(more).toContain("25 deals fit your choices<");
    expect(more).not.toContain("Show more deals");
    for (const offset of ["7", "1000", "-20"]) {
      const bad = await page(`?lines=2&offset=${offset}`);
      expect(bad).toContain("Show more deals 20 at a time, up to 200");
      expect(dealsIn(bad)).toHaveLength(20);
    }
  });

  it("takes only the minimum data the form offers: another amount is dropped to any amount, and said", async () => {
    for (const amount of ["31", "2.5", "100000"]) {
      const html = await page(`?network=EE&minDataGb=${amount}`);
      expect(html).toContain('data-testid="deals-dropped"');
      expect(html).toContain("Choose a minimum of 1GB, 5GB, 10GB, 30GB, 50GB or 100GB, or any amount");
      expect(dealsIn(html)).toEqual(["ee-business-30gb-24"]);
    }
    const { comparison } = await pageData("?minDataGb=31");
    expect(comparison.dropped).toEqual({ minDataGb: "Choose a minimum of 1GB, 5GB, 10GB, 30GB, 50GB or 100GB, or any amount" });
  });

  it("says which choice leaves no deal, links to the deals without it and offers the quote form", async () => {
    const html = await page("?network=Three&fiveG=1");
    expect(dealsIn(html)).toEqual([]);
    expect(html).toContain("No deals fit your choices");
    expect(html).toContain("No deal fits with Three only");
    expect(html).toContain('href="/business-mobile?fiveG=1#deals"');
    expect(html).toContain('href="#get-quote"');
  });

  it("says when no deal covers the team's lines", async () => {
    expect(await page("?lines=50&network=Three")).toContain("No deal fits with Three only");
    await server.db.updateTable("tariffs").set({ maxLines: 10 }).execute();
    expect(await page("?lines=50")).toContain("No deal in the comparison covers 50 lines");
  });

  it("says prices are coming when the catalogue is empty, and offers the quote form", async () => {
    await server.db.deleteFrom("tariffs").execute();
    const html = await page();
    expect(html).toContain("prices are coming soon");
    expect(dealsIn(html)).toEqual([]);
  });

  it("marks sample tariffs as illustrative prices", async () => {
    await server.db.updateTable("tariffs").set({ isSample: 1 }).where("slug", "=", EE.slug).execute();
    expect(await page()).toContain("Illustrative prices");
  });

  it("gives the chosen deal when `tariff` names a live tariff that covers the lines, priced for them", async () => {
    const start = ukDay(new Date());
    const { chosenDeal } = await pageData(`?lines=4&network=O2&tariff=${EE.slug}`);
    expect(chosenDeal).toMatchObject({ slug: EE.slug, network: "EE", ...priceTariff(EE, { lines: 4, start }) });
    expect((await pageData("?tariff=ee-withdrawn")).chosenDeal).toBeNull();
    expect((await pageData("?tariff=no-such-deal")).chosenDeal).toBeNull();
    expect((await pageData(`?lines=11&tariff=${THREE.slug}`)).chosenDeal).toBeNull();
    expect((await pageData("?tariff=Not A Slug")).chosenDeal).toBeNull();
  });

  it("after a wizard step posted without JavaScript, offers to price the deals for the team size given", async () => {
    const response = await visitor.postForm("/business-mobile", { teamSize: "5 - 9" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('href="/business-mobile?lines=9#deals"');
    expect(html).toContain("Price these deals for 9 lines");
    // Lines the visitor chose in the comparison are theirs: no offer then.
    const chosen = await (await visitor.postForm("/business-mobile?lines=2", { teamSize: "5 - 9" })).text();
    expect(chosen).not.toContain("Price these deals for 9 lines");
  });

  it("opens the wizard at its second question after Get this deal, the deal's lines answering the team size", async () => {
    const html = await page(`?lines=4&term=24&tariff=${EE.slug}`);
    expect(html).toContain("When does your current contract end?");
    expect(html).toContain('<input type="hidden" name="teamSize" value="3 - 4"/>');
    expect(html).toContain('<input type="hidden" name="comparison" value="lines=4&amp;term=24"/>');
  });

  it("keeps the comparison's filters in the thank-you shortlist of a lead that came with a chosen deal", async () => {
    const shortlist = async (comparison?: string) => {
      const email = `shortlist-${comparison ?? "none"}@example.co.uk`.replace(/[=&]/g, "-");
      const response = await visitor.postJson("/api/quote-requests", { ...SAMPLE_QUOTE, email, tariffSlug: THREE.slug, lines: 2, comparison });
      expect(response.status).toBe(201);
      const row = await server.db.selectFrom("leads").select("tariffShortlist").where("email", "=", email).executeTakeFirstOrThrow();
      return (JSON.parse(row.tariffShortlist!) as TariffOffer[]).map((offer) => offer.slug);
    };
    expect(await shortlist()).toEqual(["three-5gb-36", "ee-business-30gb-24", "o2-unlimited-12"]);
    expect(await shortlist("lines=2&term=36")).toEqual(["three-5gb-36"]);
    expect(await shortlist("fiveG=1&minDataGb=30")).toEqual(["ee-business-30gb-24", "o2-unlimited-12"]);
  });

  it("is where the home page's Compare deals now leads", async () => {
    expect(await (await visitor.get("/")).text()).toContain('href="/business-mobile#deals"');
  });
});
