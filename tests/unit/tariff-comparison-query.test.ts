import { describe, expect, it } from "vitest";
import {
  comparisonSearchParams,
  comparisonToday,
  normalisedComparisonSearch,
  parseComparisonLeniently,
  parseComparisonStrictly,
} from "~/features/tariffs/tariff-comparison-schema";

// The comparison's query: one reading for GET /api/tariffs (strict), the page (lenient) and the page cache (normalised).

const TODAY = "2026-11-25";
const params = (query: string) => new URLSearchParams(query);
const isTracking = (name: string) => name.startsWith("utm_");

describe("parseComparisonStrictly", () => {
  it("gives the defaults for an empty query, starting on the given day", () => {
    expect(parseComparisonStrictly(params(""), TODAY)).toEqual({
      success: true,
      request: {
        query: { lines: 1, network: null, minDataGb: null, term: null, planType: null, fiveG: false, euRoaming: false, sort: "average-monthly", start: TODAY },
        tariff: null,
        offset: 0,
      },
      page: { limit: 50, offset: 0 },
    });
  });

  it("reads every parameter", () => {
    const parsed = parseComparisonStrictly(
      params(
        "lines=12&network=Vodafone&minDataGb=5&term=24&planType=data-only&fiveG=1&euRoaming=true&sort=data&start=2027-01-31&tariff=vf-1&limit=10&offset=7",
      ),
      TODAY,
    );
    expect(parsed).toEqual({
      success: true,
      request: {
        query: {
          lines: 12,
          network: "Vodafone",
          minDataGb: 5,
          term: 24,
          planType: "data-only",
          fiveG: true,
          euRoaming: true,
          sort: "data",
          start: "2027-01-31",
        },
        tariff: "vf-1",
        // The API's offset is its page (any number of tariffs to skip), not the page's Show more deals.
        offset: 0,
      },
      page: { limit: 10, offset: 7 },
    });
  });

  it("treats an empty value as the default (a GET form's 'Any')", () => {
    const parsed = parseComparisonStrictly(params("lines=&network=&minDataGb=&term=&sort=&start="), TODAY);
    expect(parsed.success && parsed.request.query).toMatchObject({
      lines: 1,
      network: null,
      minDataGb: null,
      term: null,
      sort: "average-monthly",
      start: TODAY,
    });
  });

  it.each([
    ["lines=0", "lines"],
    ["lines=1.5", "lines"],
    ["network=ee", "network"],
    ["minDataGb=1e3", "minDataGb"],
    ["minDataGb=2.5", "minDataGb"],
    ["minDataGb=31", "minDataGb"],
    ["term=6", "term"],
    ["fiveG=on", "fiveG"],
    ["sort=price", "sort"],
    ["planType=voice", "planType"],
    // The whole contract's cost compares only deals of one term.
    ["sort=contract-total", "sort"],
    ["sort=contract-total&term=", "sort"],
    ["start=2026-11-24", "start"],
    ["start=2027-11-26", "start"],
    ["tariff=../etc", "tariff"],
    ["limit=1000", "limit"],
    ["network=EE&network=O2", "network"],
  ])("names the field of %s", (query, field) => {
    const parsed = parseComparisonStrictly(params(query), TODAY);
    expect(parsed.success).toBe(false);
    expect(!parsed.success && Object.keys(parsed.fieldErrors)).toEqual([field]);
  });

  it("sorts by the whole contract's cost once a term is chosen, and reads an old link's team-monthly as the average monthly", () => {
    const contract = parseComparisonStrictly(params("sort=contract-total&term=24"), TODAY);
    expect(contract.success && contract.request.query).toMatchObject({ sort: "contract-total", term: 24 });
    const old = parseComparisonStrictly(params("sort=team-monthly"), TODAY);
    expect(old.success && old.request.query.sort).toBe("average-monthly");
  });

  it("takes a start from today to a year ahead", () => {
    expect(parseComparisonStrictly(params(`start=${TODAY}`), TODAY).success).toBe(true);
    expect(parseComparisonStrictly(params("start=2027-11-25"), TODAY).success).toBe(true);
  });
});

describe("parseComparisonLeniently", () => {
  it("drops each bad value to its default and says why, keeping the good ones", () => {
    const { request, dropped } = parseComparisonLeniently(params("lines=99&network=O2&sort=nope"), TODAY);
    expect(request.query).toMatchObject({ lines: 1, network: "O2", sort: "average-monthly" });
    expect(Object.keys(dropped).sort()).toEqual(["lines", "sort"]);
  });

  it("drops a whole-contract sort without a term to the average monthly, and says why", () => {
    const { request, dropped } = parseComparisonLeniently(params("sort=contract-total&network=EE"), TODAY);
    expect(request.query).toMatchObject({ sort: "average-monthly", network: "EE", term: null });
    expect(dropped).toEqual({ sort: "Choose a contract term to sort by whole-contract cost: it compares deals of the same term" });
  });

  it("takes the page's offset in steps of 20, up to 180, and drops any other", () => {
    expect(parseComparisonLeniently(params("offset=40"), TODAY)).toMatchObject({ request: { offset: 40 }, dropped: {} });
    for (const offset of ["7", "200", "-20", "lots"]) {
      const { request, dropped } = parseComparisonLeniently(params(`offset=${offset}`), TODAY);
      expect(request.offset).toBe(0);
      expect(dropped.offset).toBe("Show more deals 20 at a time, up to 200");
    }
  });
});

describe("the normalised query", () => {
  it("writes the parameters in one order, without the defaults", () => {
    const { request } = parseComparisonLeniently(params("sort=data&fiveG=1&network=EE&lines=1&term=&start=2026-11-25"), TODAY);
    expect(comparisonSearchParams(request, TODAY).toString()).toBe("network=EE&fiveG=1&sort=data");
    const all = parseComparisonLeniently(params("offset=20&planType=voice-and-data&sort=contract-total&term=12&lines=2"), TODAY).request;
    expect(comparisonSearchParams(all, TODAY).toString()).toBe("lines=2&term=12&planType=voice-and-data&sort=contract-total&offset=20");
  });

  it("is the same for every spelling of one comparison", () => {
    const spellings = [
      "lines=3&network=O2",
      "network=O2&lines=03",
      "lines=3&network=O2&minDataGb=0&fiveG=0&sort=team-monthly&utm_source=x",
      "lines=3&network=O2&sort=average-monthly&offset=0",
    ];
    expect(new Set(spellings.map((query) => normalisedComparisonSearch(params(query), TODAY, isTracking)))).toEqual(new Set(["lines=3&network=O2"]));
  });

  it("is undefined for a bad value or an unknown parameter (such a page is not shared)", () => {
    expect(normalisedComparisonSearch(params("lines=99"), TODAY, isTracking)).toBeUndefined();
    expect(normalisedComparisonSearch(params("step=2"), TODAY, isTracking)).toBeUndefined();
    expect(normalisedComparisonSearch(params("utm_source=x"), TODAY, isTracking)).toBe("");
    expect(normalisedComparisonSearch(params("sort=contract-total"), TODAY, isTracking)).toBeUndefined();
  });

  it("keeps a start other than today, and the chosen deal", () => {
    expect(normalisedComparisonSearch(params("tariff=ee-1&start=2027-01-01"), TODAY, isTracking)).toBe("start=2027-01-01&tariff=ee-1");
  });
});

describe("comparisonToday", () => {
  it("is the UK's day, not UTC's", () => {
    expect(comparisonToday(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(comparisonToday(new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
  });
});
