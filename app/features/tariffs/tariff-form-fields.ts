/**
 * The tariff dialog's form: pounds as typed ("12.50") and "Unlimited" ticks, both ways to the catalogue's pence and null, and the field each message is
 * shown by. Pure, no zod: it is shipped to the browser.
 */

import { optionalTextRule, requiredTextRule } from "~/lib/form-fields";
import { TARIFF_LINES, type PriceRise, type TariffInput } from "./tariffs";
import { penceFromPounds, plainPounds } from "~/lib/money";

/** A form's values as posted: text, and "on" for a ticked box (an unticked one is absent). */
export type TariffFormValues = Partial<Record<string, string>>;

/** The price-rise rows the form shows at least (a fixed number, so it works without JavaScript); a tariff with more shows them all. */
export const PRICE_RISE_ROWS = 4;

export const TICKED = "on";

export const TARIFF_FORM_FIELDS = {
  slug: requiredTextRule("a slug", 80),
  name: requiredTextRule("the tariff's name", 120),
  monthlyPrice: requiredTextRule("the monthly price", 16),
  upfrontCost: optionalTextRule("the upfront cost", 16),
  dataGb: optionalTextRule("the data in GB", 12),
  minutes: optionalTextRule("the minutes", 12),
  texts: optionalTextRule("the texts", 12),
  euRoamingFairUseGb: optionalTextRule("the roaming fair-use limit", 12),
  euRoamingDailyCharge: optionalTextRule("the roaming daily charge", 16),
  discountFromLine: optionalTextRule("the line the discount starts from", 3),
  discountPercent: optionalTextRule("the discount percent", 8),
  businessExtras: optionalTextRule("the business extras", 600),
  minLines: optionalTextRule("the fewest lines", 3),
  maxLines: optionalTextRule("the most lines", 3),
  sourceUrl: optionalTextRule("the source address", 500),
  checkedOn: requiredTextRule("the day the prices were checked", 10),
} as const;

/** The allowances with an "Unlimited" box beside their number (`dataGbUnlimited` ...). */
export const TARIFF_ALLOWANCES = ["dataGb", "minutes", "texts"] as const;
type Allowance = (typeof TARIFF_ALLOWANCES)[number];

export const unlimitedField = (allowance: Allowance) => `${allowance}Unlimited`;
export const priceRiseFields = (row: number) => ({ from: `priceRise${row}From`, price: `priceRise${row}Price` });

/** Every field a message can be shown by: the text fields, the selects, the ticks and the price rises as a group. */
export type TariffFormField =
  | keyof typeof TARIFF_FORM_FIELDS
  | "network"
  | "serviceType"
  | "status"
  | "termMonths"
  | "euRoamingIncluded"
  | "priceRises"
  | `priceRise${number}From`
  | `priceRise${number}Price`
  | `${Allowance}Unlimited`
  | "fiveG"
  | "wifiCalling";

/** Pounds as typed ("12.50", "£7.5", " 12 ") in integer pence, read by the catalogue's one money rule; null when it is not an amount. */
export function penceFromTypedPounds(typed: string): number | null {
  return penceFromPounds(typed.trim());
}

const DECIMAL = /^\d+(?:\.\d+)?$/;

/** The form's values for a stored tariff (the edit dialog) or the defaults (the add dialog). */
export function tariffFormValues(tariff: Omit<TariffInput, "slug"> & { slug?: string }): TariffFormValues {
  const values: TariffFormValues = {
    slug: tariff.slug ?? "",
    name: tariff.name,
    network: tariff.network,
    serviceType: tariff.serviceType,
    status: tariff.status,
    monthlyPrice: plainPounds(tariff.monthlyPriceExVatPence),
    upfrontCost: plainPounds(tariff.upfrontCostExVatPence),
    termMonths: String(tariff.termMonths),
    euRoamingFairUseGb: tariff.euRoaming.fairUseGb === null ? "" : String(tariff.euRoaming.fairUseGb),
    euRoamingDailyCharge: tariff.euRoaming.dailyChargePence === null ? "" : plainPounds(tariff.euRoaming.dailyChargePence),
    discountFromLine: tariff.multiLineDiscount ? String(tariff.multiLineDiscount.fromLine) : "",
    discountPercent: tariff.multiLineDiscount ? String(tariff.multiLineDiscount.percent) : "",
    businessExtras: tariff.businessExtras.join("\n"),
    minLines: String(tariff.minLines),
    maxLines: String(tariff.maxLines),
    sourceUrl: tariff.sourceUrl ?? "",
    checkedOn: tariff.checkedOn,
  };
  const tick = (name: string, on: boolean) => {
    if (on) values[name] = TICKED;
  };
  for (const allowance of TARIFF_ALLOWANCES) {
    values[allowance] = tariff[allowance] === null ? "" : String(tariff[allowance]);
    tick(unlimitedField(allowance), tariff[allowance] === null);
  }
  tick("fiveG", tariff.fiveG);
  tick("wifiCalling", tariff.wifiCalling);
  tick("euRoamingIncluded", tariff.euRoaming.included);
  tariff.priceRises.forEach((rise, index) => {
    const fields = priceRiseFields(index + 1);
    values[fields.from] = rise.from;
    values[fields.price] = plainPounds(rise.monthlyPriceExVatPence);
  });
  return values;
}

/** The price-rise rows to show: at least PRICE_RISE_ROWS, and one spare after the last filled. */
export function priceRiseRowCount(values: TariffFormValues): number {
  let last = 0;
  for (const [name, value] of Object.entries(values)) {
    const row = /^priceRise(\d+)(?:From|Price)$/.exec(name);
    if (row && value?.trim()) last = Math.max(last, Number(row[1]));
  }
  return Math.max(PRICE_RISE_ROWS, last + 1);
}

/** What the form means, in the shape `tariffInputSchema` reads, with what could not be read at all. */
export interface TariffFormReading {
  /** For `tariffInputSchema`: a field that could not be read is left out (its error says why). */
  input: Record<string, unknown>;
  /** Errors found before the schema: an amount that is not pounds, a number that is not one, half a row. */
  fieldErrors: Partial<Record<TariffFormField, string>>;
  /** The form's row of each price rise in `input.priceRises`, to put the schema's messages on the right row. */
  priceRiseRows: number[];
}

/** A posted tariff form read into the object `tariffInputSchema` parses. */
export function readTariffForm(values: TariffFormValues): TariffFormReading {
  const fieldErrors: TariffFormReading["fieldErrors"] = {};
  const text = (name: string) => (values[name] ?? "").trim();
  const ticked = (name: string) => values[name] === TICKED;
  const optional = (name: string) => text(name) || undefined;

  /** Pounds in pence; blank is `blank`; anything else not pounds is an error on the field. */
  const pounds = (name: TariffFormField, label: string, blank: () => number | null | undefined) => {
    if (!text(name)) return blank();
    const pence = penceFromTypedPounds(text(name));
    if (pence === null) fieldErrors[name] = `Enter ${label} in pounds and pence, like 12.50`;
    return pence ?? undefined;
  };
  /** A number as typed; blank is `blank`. */
  const number = (name: TariffFormField, label: string, blank: () => number | null | undefined) => {
    if (!text(name)) return blank();
    const typed = text(name).replace(/%$/, "").trim();
    if (!DECIMAL.test(typed)) fieldErrors[name] = `Enter ${label} as a number`;
    return DECIMAL.test(typed) ? Number(typed) : undefined;
  };
  const missing = (name: TariffFormField, message: string) => () => {
    fieldErrors[name] = message;
    return undefined;
  };

  const input: Record<string, unknown> = {
    slug: text("slug"),
    network: optional("network"),
    name: text("name"),
    serviceType: optional("serviceType"),
    status: optional("status"),
    monthlyPriceExVatPence: pounds("monthlyPrice", "the monthly price", missing("monthlyPrice", "Enter the monthly price in pounds, like 12.50")),
    upfrontCostExVatPence: pounds("upfrontCost", "the upfront cost", () => 0),
    termMonths: text("termMonths") ? Number(text("termMonths")) : undefined,
    fiveG: ticked("fiveG"),
    wifiCalling: ticked("wifiCalling"),
    euRoaming: {
      included: ticked("euRoamingIncluded"),
      fairUseGb: number("euRoamingFairUseGb", "the roaming fair-use limit in GB", () => null),
      dailyChargePence: pounds("euRoamingDailyCharge", "the roaming daily charge", () => null),
    },
    businessExtras: (values.businessExtras ?? "")
      .split(/\r?\n/)
      .map((extra) => extra.trim())
      .filter(Boolean),
    minLines: number("minLines", "the fewest lines", () => undefined),
    maxLines: number("maxLines", "the most lines", () => undefined),
    sourceUrl: text("sourceUrl") || null,
    checkedOn: optional("checkedOn"),
  };

  for (const allowance of TARIFF_ALLOWANCES) {
    const label = { dataGb: "the data in GB", minutes: "the minutes", texts: "the texts" }[allowance];
    input[allowance] = ticked(unlimitedField(allowance)) ? null : number(allowance, label, missing(allowance, `Enter ${label}, or tick Unlimited`));
  }

  const fromLine = text("discountFromLine");
  const percent = text("discountPercent");
  input.multiLineDiscount =
    fromLine || percent
      ? {
          fromLine: number("discountFromLine", "the line the discount starts from", missing("discountFromLine", "Enter the line the discount starts from")),
          percent: number("discountPercent", "the discount percent", missing("discountPercent", "Enter the discount percent")),
        }
      : null;

  const priceRises: Partial<PriceRise>[] = [];
  const priceRiseRows: number[] = [];
  for (let row = 1; row <= priceRiseRowCount(values); row += 1) {
    const fields = priceRiseFields(row);
    if (!text(fields.from) && !text(fields.price)) continue;
    priceRiseRows.push(row);
    priceRises.push({
      from: text(fields.from) || missing(fields.from as TariffFormField, "Enter the date the price rises")(),
      monthlyPriceExVatPence:
        pounds(fields.price as TariffFormField, "the risen monthly price", missing(fields.price as TariffFormField, "Enter the risen monthly price")) ??
        undefined,
    });
  }
  input.priceRises = priceRises;

  return { input, fieldErrors, priceRiseRows };
}

/** Where the tariff's own fields are on the form, when the name differs. */
const FORM_FIELD_OF: Record<string, TariffFormField> = {
  monthlyPriceExVatPence: "monthlyPrice",
  upfrontCostExVatPence: "upfrontCost",
  euRoaming: "euRoamingIncluded",
  "euRoaming.included": "euRoamingIncluded",
  "euRoaming.fairUseGb": "euRoamingFairUseGb",
  "euRoaming.dailyChargePence": "euRoamingDailyCharge",
  multiLineDiscount: "discountFromLine",
  "multiLineDiscount.fromLine": "discountFromLine",
  "multiLineDiscount.percent": "discountPercent",
};

/** The form field a message about `path` (a zod issue's or a model refusal's) is shown by: a price rise's on its row, a business extra's on the list. */
export function tariffFormField(path: readonly (string | number)[], priceRiseRows: readonly number[]): TariffFormField {
  const [first, index, inner] = path;
  if (first === "priceRises") {
    if (typeof index !== "number") return "priceRises";
    const fields = priceRiseFields(priceRiseRows[index] ?? index + 1);
    return (inner === "from" ? fields.from : fields.price) as TariffFormField;
  }
  if (first === "businessExtras") return "businessExtras";
  const joined = path.join(".");
  return FORM_FIELD_OF[joined] ?? FORM_FIELD_OF[String(first)] ?? (String(first) as TariffFormField);
}

/** The add dialog's form: a draft checked today, 24 months, nothing typed yet for the network, price or data. */
export function newTariffFormValues(today: string): TariffFormValues {
  return {
    ...tariffFormValues({
      name: "",
      network: "EE",
      serviceType: "sim_only",
      status: "draft",
      monthlyPriceExVatPence: 0,
      upfrontCostExVatPence: 0,
      termMonths: 24,
      priceRises: [],
      dataGb: 0,
      minutes: null,
      texts: null,
      fiveG: false,
      euRoaming: { included: false, fairUseGb: null, dailyChargePence: null },
      wifiCalling: false,
      businessExtras: [],
      multiLineDiscount: null,
      minLines: TARIFF_LINES.min,
      maxLines: TARIFF_LINES.max,
      sourceUrl: null,
      checkedOn: today,
    }),
    network: "",
    monthlyPrice: "",
    dataGb: "",
  };
}
