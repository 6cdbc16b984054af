import { z } from "zod";
import { hiddenCharactersMessage } from "~/lib/form-fields";
import {
  TARIFF_LINES,
  TARIFF_NETWORKS,
  TARIFF_SERVICE_TYPE_LABELS,
  TARIFF_SERVICE_TYPES,
  TARIFF_SLUG_MAX_LENGTH,
  TARIFF_SLUG_PATTERN,
  TARIFF_STATUSES,
  TARIFF_TERMS,
  type TariffInput,
  type TariffListFilters,
} from "./tariffs";
import { withoutHiddenCharacters } from "~/lib/schema-fields";
import { cleanSearchText } from "~/lib/search-schema";
import { isCalendarDay, ukDay } from "~/lib/calendar";

/** Limits of one tariff: a higher figure is a typing mistake, not a deal. */
export const TARIFF_LIMITS = {
  slug: TARIFF_SLUG_MAX_LENGTH,
  name: 120,
  /** £100,000 a month or upfront, in pence. */
  pence: 10_000_000,
  dataGb: 100_000,
  allowance: 1_000_000,
  priceRises: 12,
  businessExtras: 8,
  businessExtra: 60,
  sourceUrl: 500,
} as const;

/** The catalogue's own addresses beside /admin/api/tariffs/{slug} and /admin/tariffs/{slug}: no tariff may take them. */
const RESERVED_SLUGS: readonly string[] = ["import", "import-samples", "export", "new"];

/** A required text of one line, trimmed, with what to enter and its limit in the staff's words. */
export const requiredText = (label: string, max: number) =>
  withoutHiddenCharacters(
    z
      .string({ required_error: `Enter ${label}`, invalid_type_error: `Enter ${label}` })
      .trim()
      .min(1, `Enter ${label}`)
      .max(max, `Keep ${label} to ${max} characters`),
    { message: hiddenCharactersMessage(label) },
  );

/** An amount of money in whole pence, from nothing to £100,000. */
export const penceAmount = (label: string) =>
  z
    .number({ required_error: `Enter ${label} in pence`, invalid_type_error: `Enter ${label} as a whole number of pence` })
    .int(`Enter ${label} as a whole number of pence`)
    .min(0, `${label[0]!.toUpperCase()}${label.slice(1)} cannot be negative`)
    .max(TARIFF_LIMITS.pence, `Check ${label}: it is over £100,000`);

/** null means unlimited; a number is a limit. A missing value is refused: unlimited is never assumed. */
const allowance = (label: string, limit: (number: z.ZodNumber) => z.ZodNumber) =>
  limit(
    z.number({
      required_error: `Enter ${label.toLowerCase()}, or null for unlimited`,
      invalid_type_error: `Enter ${label.toLowerCase()} as a number, or null for unlimited`,
    }),
  )
    .min(0, `${label} cannot be negative`)
    .nullable();

const calendarDay = (label: string) =>
  z
    .string({ required_error: `Enter ${label}`, invalid_type_error: `Enter ${label} as YYYY-MM-DD` })
    .refine(isCalendarDay, `Enter ${label} as a real date, YYYY-MM-DD`);

const flag = (label: string) => z.boolean({ invalid_type_error: `${label} must be true or false` }).default(false);

/** One dated price, as the catalogue and a quote line both take it. */
export const priceRise = z.object({
  from: calendarDay("the date the price rises"),
  monthlyPriceExVatPence: penceAmount("the risen monthly price"),
});

const euRoaming = z
  .object({
    included: z.boolean({ required_error: "Say whether EU roaming is included", invalid_type_error: "EU roaming's included must be true or false" }),
    fairUseGb: z
      .number({ invalid_type_error: "Enter the roaming fair-use limit in GB" })
      .positive("The roaming fair-use limit must be above 0")
      .max(TARIFF_LIMITS.dataGb)
      .nullable()
      .default(null),
    dailyChargePence: penceAmount("the roaming daily charge").nullable().default(null),
  })
  .default({ included: false, fairUseGb: null, dailyChargePence: null });

export const multiLineDiscount = z
  .object({
    fromLine: z
      .number({ invalid_type_error: "Enter the line the discount starts from" })
      .int("Enter the line the discount starts from as a whole number")
      .min(2, "A multi-line discount starts from line 2 or later")
      .max(TARIFF_LINES.max, `A multi-line discount starts by line ${TARIFF_LINES.max}`),
    percent: z
      .number({ invalid_type_error: "Enter the discount as a percentage" })
      .positive("The discount must be above 0 %")
      .max(100, "The discount cannot be over 100 %")
      .refine((percent) => Number.isInteger(Math.round(percent * 100 * 1e6) / 1e6), "Give the discount to at most two decimal places"),
  })
  .nullable()
  .default(null);

const lineCount = (label: string, fallback: number) =>
  z
    .number({ invalid_type_error: `Enter the ${label} as a whole number` })
    .int(`Enter the ${label} as a whole number`)
    .min(TARIFF_LINES.min, `The ${label} must be between ${TARIFF_LINES.min} and ${TARIFF_LINES.max}`)
    .max(TARIFF_LINES.max, `The ${label} must be between ${TARIFF_LINES.min} and ${TARIFF_LINES.max}`)
    .default(fallback);

/** One tariff as staff write it (JSON routes, dialog, CSV row). Money is pence ex VAT; rises are dated amounts, never percentages (Ofcom, January 2025). */
export const tariffFieldsSchema = z.object({
  slug: requiredText("a slug", TARIFF_LIMITS.slug).pipe(
    z
      .string()
      .regex(TARIFF_SLUG_PATTERN, "Use lower-case letters, digits and single hyphens in the slug")
      .refine((slug) => !RESERVED_SLUGS.includes(slug), "This slug names one of the catalogue's own pages: choose another"),
  ),
  network: z.enum(TARIFF_NETWORKS, { errorMap: () => ({ message: `Choose a network: ${TARIFF_NETWORKS.join(", ")}` }) }),
  name: requiredText("the tariff's name", TARIFF_LIMITS.name),
  serviceType: z.enum(TARIFF_SERVICE_TYPES, {
    errorMap: () => ({ message: `Choose a service type: ${Object.values(TARIFF_SERVICE_TYPE_LABELS).join(", ")}` }),
  }),
  status: z.enum(TARIFF_STATUSES, { errorMap: () => ({ message: `Choose a status: ${TARIFF_STATUSES.join(", ")}` }) }).default("draft"),
  monthlyPriceExVatPence: penceAmount("the monthly price"),
  upfrontCostExVatPence: penceAmount("the upfront cost").default(0),
  termMonths: z
    .number({ required_error: "Choose a term", invalid_type_error: "Choose a term" })
    .refine(
      (term): term is (typeof TARIFF_TERMS)[number] => (TARIFF_TERMS as readonly number[]).includes(term),
      `Choose a term of ${TARIFF_TERMS.join(", ")} months`,
    ),
  priceRises: z
    .array(priceRise, { invalid_type_error: "Price rises must be a list" })
    .max(TARIFF_LIMITS.priceRises, `List at most ${TARIFF_LIMITS.priceRises} price rises`)
    .refine((rises) => new Set(rises.map((rise) => rise.from)).size === rises.length, "Give each price rise its own date")
    .default([]),
  dataGb: allowance("Data", (gb) =>
    gb.positive("Data must be above 0 GB, or null for unlimited").max(TARIFF_LIMITS.dataGb, "Check the data: it is over 100,000 GB"),
  ),
  minutes: allowance("Minutes", (minutes) =>
    minutes.int("Enter minutes as a whole number").max(TARIFF_LIMITS.allowance, "Check the minutes: over a million is unlimited (null)"),
  ),
  texts: allowance("Texts", (texts) =>
    texts.int("Enter texts as a whole number").max(TARIFF_LIMITS.allowance, "Check the texts: over a million is unlimited (null)"),
  ),
  fiveG: flag("5G"),
  euRoaming,
  wifiCalling: flag("Wi-Fi calling"),
  businessExtras: z
    .array(requiredText("each business extra", TARIFF_LIMITS.businessExtra), { invalid_type_error: "Business extras must be a list" })
    .max(TARIFF_LIMITS.businessExtras, `List at most ${TARIFF_LIMITS.businessExtras} business extras`)
    .default([]),
  multiLineDiscount,
  minLines: lineCount("fewest lines", TARIFF_LINES.min),
  maxLines: lineCount("most lines", TARIFF_LINES.max),
  sourceUrl: withoutHiddenCharacters(
    z
      .string({ invalid_type_error: "Enter the source as a web address" })
      .trim()
      .max(TARIFF_LIMITS.sourceUrl, `Keep the source address to ${TARIFF_LIMITS.sourceUrl} characters`)
      .url("Enter the source as a web address starting https://")
      .refine((url) => /^https?:\/\//i.test(url), "Enter the source as a web address starting https://"),
  )
    .nullable()
    .default(null),
  checkedOn: calendarDay("the day the prices were checked").refine(
    (day) => day <= ukDay(new Date()),
    "The day the prices were checked cannot be in the future",
  ),
});

/** One tariff as staff write it, whole (see tariffFieldsSchema). */
export const tariffInputSchema = tariffFieldsSchema.superRefine((tariff, context) => {
  if (tariff.minLines > tariff.maxLines) {
    context.addIssue({ code: z.ZodIssueCode.custom, path: ["maxLines"], message: "The most lines cannot be fewer than the fewest lines" });
  }
}) satisfies z.ZodType<TariffInput, z.ZodTypeDef, unknown>;

/** A staff edit (`PATCH /admin/api/tariffs/{slug}`): a field left out keeps its value; the model checks the edited tariff whole before it is stored. */
export const tariffChangesSchema = tariffFieldsSchema.partial();
export type TariffChanges = z.infer<typeof tariffChangesSchema>;

/** An empty parameter is the same as none. */
const optionalParam = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/** The staff list's filters as URL parameters (`GET /admin/api/tariffs`, the Tariffs screen); a value not in its list is refused. */
export const tariffListQuerySchema = z
  .object({
    q: optionalParam(z.string().transform(cleanSearchText)),
    network: optionalParam(z.enum(TARIFF_NETWORKS, { errorMap: () => ({ message: `Choose a network: ${TARIFF_NETWORKS.join(", ")}` }) })),
    status: optionalParam(z.enum(TARIFF_STATUSES, { errorMap: () => ({ message: `Choose a status: ${TARIFF_STATUSES.join(", ")}` }) })),
    serviceType: optionalParam(z.enum(TARIFF_SERVICE_TYPES, { errorMap: () => ({ message: `Choose a service type: ${TARIFF_SERVICE_TYPES.join(", ")}` }) })),
    stale: optionalParam(z.enum(["1", "0"], { errorMap: () => ({ message: "Say stale=1 for only stale tariffs or stale=0 for the others" }) })),
  })
  .transform(({ q, stale, ...filters }): TariffListFilters => ({
    ...filters,
    ...(q ? { search: q } : {}),
    ...(stale === undefined ? {} : { stale: stale === "1" }),
  }));

/** The raw list parameters of a URL, for tariffListQuerySchema. */
export function tariffListParams(url: URL): Record<string, string | null> {
  const names = ["q", "network", "status", "serviceType", "stale"] as const;
  return Object.fromEntries(names.map((name) => [name, url.searchParams.get(name)]));
}
