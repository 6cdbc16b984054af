import { beforeEach, describe, expect, it } from "vitest";
import { TARIFF_API_PAGE } from "~/features/tariffs/tariff-comparison-schema";
import { priceTariff, withVat } from "~/features/tariffs/tariff-prices";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient } from "../support/client";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";
import { addTariffs, tariffInput } from "../support/tariffs";
import { addCalendarMonths, ukDay } from "~/lib/calendar";

// `GET /api/tariffs`: the visitors' comparison as JSON, against the real built server.

const server = testServerForSuite(TEST_OWNER_ENV);
const visitor = publicClient(server);
const admin = forSuite(() => staffClient(server, "admin"));

const today = () => ukDay(new Date());

const EE = tariffInput();
const O2 = tariffInput({
  slug: "o2-unlimited-12",
  network: "O2",
  name: "Business Unlimited",
  monthlyPriceExVatPence: 2000,
  termMonths: 12,
  priceRises: [],
  dataGb: null,
  fiveG: true,
  euRoaming: { included: false, fairUseGb: null, dailyChargePence: 222 },
  multiLineDiscount: null,
});
const THREE = tariffInput({
  slug: "three-5gb-36",
  network: "Three",
  name: "Business 5GB",
  monthlyPriceExVatPence: 650,
  upfrontCostExVatPence: 1000,
  termMonths: 36,
  priceRises: [{ from: "2027-04-01", monthlyPriceExVatPence: 700 }],
  dataGb: 5,
  fiveG: false,
  multiLineDiscount: null,
  maxLines: 10,
});
const DRAFT = tariffInput({ slug: "ee-draft", status: "draft", monthlyPriceExVatPence: 100 });
const WITHDRAWN = tariffInput({ slug: "ee-withdrawn", status: "withdrawn", monthlyPriceExVatPence: 100 });

beforeEach(async () => {
  await server.db.deleteFrom("tariffs").execute();
  await addTariffs(admin, [EE, O2, THREE, DRAFT, WITHDRAWN]);
});

async function tariffs(query = "") {
  const response = await visitor.get(`/api/tariffs${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json() as Promise<{ total: number; limit: number; offset: number; tariffs: Array<Record<string, unknown> & { slug: string }> }>;
}

const slugs = (answer: { tariffs: Array<{ slug: string }> }) => answer.tariffs.map((tariff) => tariff.slug);

describe("GET /api/tariffs", () => {
  it("lists the live tariffs only (never drafts or withdrawn ones), cheapest team monthly first", async () => {
    const answer = await tariffs();
    expect(slugs(answer)).toEqual(["three-5gb-36", "ee-business-30gb-24", "o2-unlimited-12"]);
    expect(answer).toMatchObject({ total: 3, limit: TARIFF_API_PAGE.defaultLimit, offset: 0 });
  });

  it("answers each tariff's fields and the figures the one price calculation gives, ex and inc VAT", async () => {
    const start = addCalendarMonths(today(), 1);
    const answer = await tariffs(`?lines=5&start=${start}`);
    const ee = answer.tariffs.find((tariff) => tariff.slug === EE.slug)!;
    const pricing = priceTariff(EE, { lines: 5, start });
    expect(ee).toMatchObject({
      slug: EE.slug,
      network: "EE",
      name: EE.name,
      termMonths: 24,
      dataGb: 30,
      fiveG: true,
      euRoaming: EE.euRoaming,
      priceRises: EE.priceRises,
      multiLineDiscount: EE.multiLineDiscount,
      checkedOn: EE.checkedOn,
      isSample: false,
      ...pricing,
      linePriceIncVatPence: withVat(pricing.linePriceExVatPence),
      teamMonthlyIncVatPence: withVat(pricing.teamMonthlyExVatPence),
      contractTotalIncVatPence: withVat(pricing.contractTotalExVatPence),
      effectiveMonthlyIncVatPence: withVat(pricing.effectiveMonthlyExVatPence),
    });
    // Five lines, 10 % off each from the second; the 2027 rise is in the contract total.
    expect(pricing.teamMonthlyExVatPence).toBe(1200 + 4 * 1080);
    expect(pricing.contractTotalExVatPence).toBeGreaterThan(24 * pricing.teamMonthlyExVatPence);
  });

  it("prices from the UK's today when no start is given", async () => {
    const answer = await tariffs("?lines=2");
    expect(answer.tariffs.find((tariff) => tariff.slug === EE.slug)).toMatchObject(priceTariff(EE, { lines: 2, start: today() }));
  });

  it.each<[string, string[]]>([
    ["?network=O2", ["o2-unlimited-12"]],
    ["?minDataGb=30", ["ee-business-30gb-24", "o2-unlimited-12"]],
    ["?minDataGb=50", ["o2-unlimited-12"]],
    ["?term=36", ["three-5gb-36"]],
    ["?fiveG=1", ["ee-business-30gb-24", "o2-unlimited-12"]],
    ["?euRoaming=1", ["three-5gb-36", "ee-business-30gb-24"]],
    ["?lines=11", ["ee-business-30gb-24", "o2-unlimited-12"]],
    ["?network=Three&fiveG=1", []],
    ["?network=&term=&minDataGb=", ["three-5gb-36", "ee-business-30gb-24", "o2-unlimited-12"]],
  ])("filters %s", async (query, expected) => {
    const answer = await tariffs(query);
    expect(slugs(answer)).toEqual(expected);
    expect(answer.total).toBe(expected.length);
  });

  it.each<[string, string[]]>([
    ["sort=average-monthly", ["three-5gb-36", "ee-business-30gb-24", "o2-unlimited-12"]],
    // An old link's sort: read as the average monthly.
    ["sort=team-monthly", ["three-5gb-36", "ee-business-30gb-24", "o2-unlimited-12"]],
    ["sort=contract-total&term=24", ["ee-business-30gb-24"]],
    ["sort=data", ["o2-unlimited-12", "ee-business-30gb-24", "three-5gb-36"]],
  ])("sorts by %s", async (query, expected) => {
    expect(slugs(await tariffs(`?${query}`))).toEqual(expected);
  });

  it("ranks by the average monthly cost over the term, so a rolling month's low total comes after a cheaper contract", async () => {
    await addTariffs(admin, [
      tariffInput({ slug: "vodafone-rolling", network: "Vodafone", termMonths: 1, monthlyPriceExVatPence: 1500, priceRises: [], multiLineDiscount: null }),
    ]);
    const answer = await tariffs();
    expect(slugs(answer)).toEqual(["three-5gb-36", "ee-business-30gb-24", "vodafone-rolling", "o2-unlimited-12"]);
    const averages = answer.tariffs.map((tariff) => tariff.effectiveMonthlyExVatPence as number);
    expect(averages).toEqual([...averages].sort((a, b) => a - b));
    // The whole contract's cost compares one term's deals only: a rolling month's £15.00 total is no rival to 24 months.
    expect(slugs(await tariffs("?sort=contract-total&term=1"))).toEqual(["vodafone-rolling"]);
  });

  it.each<[string, string[]]>([
    ["data-only", ["o2-data-24"]],
    ["voice-and-data", ["three-5gb-36", "ee-business-30gb-24", "o2-unlimited-12"]],
  ])("filters ?planType=%s (data only: no minutes and no texts)", async (planType, expected) => {
    await addTariffs(admin, [tariffInput({ slug: "o2-data-24", network: "O2", name: "Data SIM", minutes: 0, texts: 0, monthlyPriceExVatPence: 700 })]);
    const answer = await tariffs(`?planType=${planType}`);
    expect(slugs(answer)).toEqual(expected);
    expect(answer.total).toBe(expected.length);
  });

  it("answers a page at a time with the total", async () => {
    const answer = await tariffs("?limit=1&offset=1");
    expect(answer).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(slugs(answer)).toEqual(["ee-business-30gb-24"]);
  });

  it("shows a staff change on the next request", async () => {
    expect((await tariffs()).total).toBe(3);
    await addTariffs(admin, [tariffInput({ slug: "vodafone-new", network: "Vodafone", monthlyPriceExVatPence: 500, priceRises: [] })]);
    expect(slugs(await tariffs())[0]).toBe("vodafone-new");
    await server.db.updateTable("tariffs").set({ status: "withdrawn" }).where("slug", "=", "vodafone-new").execute();
    expect(slugs(await tariffs())).not.toContain("vodafone-new");
  });

  it.each([
    ["lines=0", "lines"],
    ["lines=51", "lines"],
    ["lines=two", "lines"],
    ["lines=1&lines=2", "lines"],
    ["network=Tesco", "network"],
    ["minDataGb=-1", "minDataGb"],
    ["minDataGb=lots", "minDataGb"],
    // Only the form's own steps: any other amount would be one more comparison to price.
    ["minDataGb=31", "minDataGb"],
    ["minDataGb=2.5", "minDataGb"],
    ["minDataGb=100000", "minDataGb"],
    ["term=18", "term"],
    ["fiveG=yes", "fiveG"],
    ["euRoaming=2", "euRoaming"],
    ["sort=cheapest", "sort"],
    ["sort=contract-total", "sort"],
    ["planType=voice", "planType"],
    ["planType=data-only&planType=voice-and-data", "planType"],
    ["start=2020-01-01", "start"],
    ["start=2026-02-30", "start"],
    ["start=tomorrow", "start"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["offset=-1", "offset"],
  ])("answers 400 with the field's error for %s", async (query, field) => {
    const response = await visitor.get(`/api/tariffs?${query}`);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBeTruthy();
    expect(Object.keys(body.fieldErrors)).toEqual([field]);
    expect(body.fieldErrors[field]).toMatch(/\w/);
  });

  it("refuses a start date more than a year ahead, and takes one within it", async () => {
    expect((await visitor.get(`/api/tariffs?start=${addCalendarMonths(today(), 13)}`)).status).toBe(400);
    expect((await visitor.get(`/api/tariffs?start=${addCalendarMonths(today(), 12)}`)).status).toBe(200);
  });

  it("answers other methods with 405", async () => {
    const response = await visitor.postJson("/api/tariffs", {});
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });

  it("answers an empty list when the catalogue is empty", async () => {
    await server.db.deleteFrom("tariffs").execute();
    expect(await tariffs()).toMatchObject({ total: 0, tariffs: [] });
  });
});
