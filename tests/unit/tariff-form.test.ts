import { describe, expect, it } from "vitest";
import { parseTariffForm } from "~/features/tariffs/tariff-form-schema";
import { TARIFF_LIMITS } from "~/features/tariffs/tariffs-schema";
import {
  newTariffFormValues,
  penceFromTypedPounds,
  priceRiseRowCount,
  TARIFF_FORM_FIELDS,
  tariffFormValues,
  type TariffFormValues,
} from "~/features/tariffs/tariff-form-fields";
import { tariffInput } from "../support/tariffs";
import { plainPounds } from "~/lib/money";

/** The form of a complete tariff, as the edit dialog shows it, with some fields typed over. */
function form(changes: TariffFormValues = {}): TariffFormValues {
  return { ...tariffFormValues(tariffInput()), ...changes };
}

describe("pounds typed into the tariff form", () => {
  it.each([
    ["12.50", 1250],
    ["12.5", 1250],
    ["12", 1200],
    ["0.01", 1],
    // 19.99 * 100 is 1998.9999... as a float: the digits are read instead.
    ["19.99", 1999],
    ["1.15", 115],
    ["£1234.56", 123_456],
    [" 7.05 ", 705],
  ])("%s is %i pence", (typed, pence) => {
    expect(penceFromTypedPounds(typed)).toBe(pence);
  });

  it.each(["", "12.505", "abc", "-1", "1,23", "12.", ".5", "1e3", "12,50", "1,234.56"])("%j is not an amount", (typed) => {
    expect(penceFromTypedPounds(typed)).toBeNull();
  });

  it.each([
    [1999, "19.99"],
    [5, "0.05"],
    [0, "0.00"],
    [123_456, "1234.56"],
  ])("%i pence shows as %s", (pence, shown) => {
    expect(plainPounds(pence)).toBe(shown);
  });
});

describe("the tariff form and the tariff", () => {
  it("a stored tariff's form, posted unchanged, is the same tariff", () => {
    const tariff = tariffInput({
      priceRises: [
        { from: "2027-04-01", monthlyPriceExVatPence: 1399 },
        { from: "2028-04-01", monthlyPriceExVatPence: 1575 },
      ],
      euRoaming: { included: false, fairUseGb: null, dailyChargePence: 229 },
      multiLineDiscount: { fromLine: 3, percent: 12.5 },
      businessExtras: ["Priority support", "Account manager"],
      dataGb: 0.5,
      minutes: 500,
    });
    expect(parseTariffForm(tariffFormValues(tariff))).toEqual({ success: true, data: tariff });
  });

  it("reads Unlimited, blank optional figures, one extra per line and the filled price-rise rows only", () => {
    const parsed = parseTariffForm(
      form({
        dataGbUnlimited: "on",
        dataGb: "",
        minutesUnlimited: undefined,
        minutes: "1000",
        upfrontCost: "",
        discountFromLine: "",
        discountPercent: "",
        euRoamingIncluded: undefined,
        euRoamingFairUseGb: "",
        businessExtras: "Priority support\r\n\r\n  Spend caps  \n",
        priceRise1From: "",
        priceRise1Price: "",
        priceRise3From: "2027-04-01",
        priceRise3Price: "13.99",
        sourceUrl: "",
      }),
    );
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.data).toMatchObject({
      dataGb: null,
      minutes: 1000,
      texts: null,
      upfrontCostExVatPence: 0,
      multiLineDiscount: null,
      euRoaming: { included: false, fairUseGb: null, dailyChargePence: null },
      businessExtras: ["Priority support", "Spend caps"],
      priceRises: [{ from: "2027-04-01", monthlyPriceExVatPence: 1399 }],
      sourceUrl: null,
    });
  });

  // Each refusal, from the form's own reading or the shared schema, comes back by the field it is about.
  it.each<[string, TariffFormValues, string, string]>([
    ["no monthly price", { monthlyPrice: "" }, "monthlyPrice", "Enter the monthly price in pounds, like 12.50"],
    ["a monthly price not in pounds", { monthlyPrice: "12.345" }, "monthlyPrice", "Enter the monthly price in pounds and pence, like 12.50"],
    ["a monthly price over the limit", { monthlyPrice: "100000.01" }, "monthlyPrice", "Check the monthly price: it is over £100,000"],
    ["an upfront cost not in pounds", { upfrontCost: "free" }, "upfrontCost", "Enter the upfront cost in pounds and pence, like 12.50"],
    ["no slug", { slug: "" }, "slug", "Enter a slug"],
    ["a slug with capitals", { slug: "EE Plan" }, "slug", "Use lower-case letters, digits and single hyphens in the slug"],
    ["no name", { name: " " }, "name", "Enter the tariff's name"],
    ["no network", { network: "" }, "network", "Choose a network: EE, O2, Vodafone, Three"],
    ["an unknown service type", { serviceType: "fibre" }, "serviceType", "Choose a service type: SIM only, Handset, Data only"],
    ["an unknown status", { status: "gone" }, "status", "Choose a status: draft, live, withdrawn"],
    ["a term not offered", { termMonths: "18" }, "termMonths", "Choose a term of 1, 12, 24, 36 months"],
    ["no data and not unlimited", { dataGb: "" }, "dataGb", "Enter the data in GB, or tick Unlimited"],
    ["data that is not a number", { dataGb: "lots" }, "dataGb", "Enter the data in GB as a number"],
    ["no data at all", { dataGb: "0" }, "dataGb", "Data must be above 0 GB, or null for unlimited"],
    ["minutes not whole", { minutesUnlimited: undefined, minutes: "10.5" }, "minutes", "Enter minutes as a whole number"],
    ["texts over a million", { textsUnlimited: undefined, texts: "1000001" }, "texts", "Check the texts: over a million is unlimited (null)"],
    ["a fair-use limit of 0", { euRoamingFairUseGb: "0" }, "euRoamingFairUseGb", "The roaming fair-use limit must be above 0"],
    [
      "a daily charge not in pounds",
      { euRoamingDailyCharge: "2 quid" },
      "euRoamingDailyCharge",
      "Enter the roaming daily charge in pounds and pence, like 12.50",
    ],
    ["a discount from line 1", { discountFromLine: "1" }, "discountFromLine", "A multi-line discount starts from line 2 or later"],
    ["a discount with no percent", { discountPercent: "" }, "discountPercent", "Enter the discount percent"],
    ["a discount over 100 %", { discountPercent: "120%" }, "discountPercent", "The discount cannot be over 100 %"],
    ["a discount to three places", { discountPercent: "10.125" }, "discountPercent", "Give the discount to at most two decimal places"],
    ["a rise with no date", { priceRise2Price: "15.00" }, "priceRise2From", "Enter the date the price rises"],
    ["a rise with no price", { priceRise2From: "2028-04-01" }, "priceRise2Price", "Enter the risen monthly price"],
    ["a rise on no real day", { priceRise1From: "2027-02-30" }, "priceRise1From", "Enter the date the price rises as a real date, YYYY-MM-DD"],
    ["a rise not in pounds", { priceRise1Price: "14,5" }, "priceRise1Price", "Enter the risen monthly price in pounds and pence, like 12.50"],
    ["two rises on one day", { priceRise2From: "2027-04-01", priceRise2Price: "15.00" }, "priceRises", "Give each price rise its own date"],
    ["a business extra too long", { businessExtras: "x".repeat(61) }, "businessExtras", "Keep each business extra to 60 characters"],
    ["fewest lines not whole", { minLines: "1.5" }, "minLines", "Enter the fewest lines as a whole number"],
    ["most lines under fewest", { minLines: "10", maxLines: "5" }, "maxLines", "The most lines cannot be fewer than the fewest lines"],
    ["a source that is no address", { sourceUrl: "the EE website" }, "sourceUrl", "Enter the source as a web address starting https://"],
    ["no check date", { checkedOn: "" }, "checkedOn", "Enter the day the prices were checked"],
    ["a check date in the future", { checkedOn: "2999-01-01" }, "checkedOn", "The day the prices were checked cannot be in the future"],
  ])("%s: the message is by %s", (_case, changes, field, message) => {
    const parsed = parseTariffForm(form(changes));
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.fieldErrors).toEqual({ [field]: message });
  });

  it("shows at least four price-rise rows, and one spare after the last filled", () => {
    expect(priceRiseRowCount(newTariffFormValues("2026-11-25"))).toBe(4);
    expect(priceRiseRowCount(form({ priceRise4From: "2030-01-01" }))).toBe(5);
  });

  it("starts a new tariff as a draft checked today, with nothing typed for its network, price or data", () => {
    const values = newTariffFormValues("2026-11-25");
    expect(values).toMatchObject({ status: "draft", checkedOn: "2026-11-25", termMonths: "24", network: "", monthlyPrice: "", dataGb: "", minLines: "1" });
    expect(parseTariffForm(values).success).toBe(false);
  });
});

describe("the form's inputs", () => {
  // The form is shipped to the browser without zod, so it keeps its own copy of the limits the browser enforces.
  it("stop typing where the schema's limits are", () => {
    expect(TARIFF_FORM_FIELDS.slug.maxLength).toBe(TARIFF_LIMITS.slug);
    expect(TARIFF_FORM_FIELDS.name.maxLength).toBe(TARIFF_LIMITS.name);
    expect(TARIFF_FORM_FIELDS.sourceUrl.maxLength).toBe(TARIFF_LIMITS.sourceUrl);
  });
});
