import { csvRow } from "~/lib/csv";
import type { PriceRise, TariffInput } from "./tariffs";
import { hasFractionsOfPence, penceFromPounds, plainPounds } from "~/lib/money";
import { calendarDayFromText } from "~/lib/calendar";

/** The catalogue's CSV columns, read by the import and written by the export from this one list, so an export imports back unchanged (docs/tariffs.md). */

/** Bounds of one import: rows beyond these are refused with a message, not read. */
export const TARIFF_CSV_LIMITS = {
  /** Tariffs in one file. */
  rows: 10_000,
  /** Errors listed in one refusal (the count of every error is in its message). */
  errorsListed: 1_000,
} as const;

/** A cell that cannot be read as its column's format; the message says what to write. */
export class TariffCellError extends Error {}

/** Money as pounds and pence ("12.50"): exact, never a float. */
export function penceFromPoundsCell(cell: string): number {
  const pence = penceFromPounds(cell);
  if (pence !== null) return pence;
  if (hasFractionsOfPence(cell)) throw new TariffCellError("Give pounds and pence with at most two decimal places, like 12.50");
  throw new TariffCellError("Enter pounds and pence, like 12.50");
}

/** The forms a date cell may take, for its error: a file saved from UK Excel writes day first. */
const DATE_FORMS = "DD/MM/YYYY (like 20/11/2026) or YYYY-MM-DD (like 2026-11-20)";

/** A day as ISO or as UK Excel writes it ("20/11/2026", "20/11/26"), read as YYYY-MM-DD; the export writes YYYY-MM-DD. */
export function dayFromCell(cell: string): string {
  const day = calendarDayFromText(cell);
  if (day === null) throw new TariffCellError(`Enter a date as ${DATE_FORMS}`);
  return day;
}

const UNLIMITED = "unlimited";

/** A number, or (empty or "unlimited") null; `whole` refuses fractions. */
function limitOrUnlimited(cell: string, whole: boolean): number | null {
  if (cell === "" || cell.toLowerCase() === UNLIMITED) return null;
  if (!(whole ? /^\d+$/ : /^\d+(?:\.\d+)?$/).test(cell)) throw new TariffCellError(`Enter a ${whole ? "whole number" : "number"}, or ${UNLIMITED}`);
  return Number(cell);
}

const allowanceCell = (value: number | null) => (value === null ? UNLIMITED : String(value));

function wholeNumber(cell: string): number | undefined {
  if (cell === "") return undefined;
  if (!/^\d+$/.test(cell)) throw new TariffCellError("Enter a whole number");
  return Number(cell);
}

function yesNo(cell: string): boolean | undefined {
  const answer = cell.toLowerCase();
  if (answer === "") return undefined;
  if (answer === "yes") return true;
  if (answer === "no") return false;
  throw new TariffCellError("Enter yes or no");
}

const yesNoCell = (value: boolean) => (value ? "yes" : "no");

/** "2027-04-01=14.00;01/04/2028=15.50": each rise's first day (ISO or UK) and its monthly price in pounds and pence. */
function priceRises(cell: string): PriceRise[] {
  if (cell === "") return [];
  return cell.split(";").map((part) => {
    const [from, price, ...rest] = part.split("=").map((piece) => piece.trim());
    if (!from || price === undefined || rest.length > 0)
      throw new TariffCellError("Write each rise as date=pounds, separated by ;, like 01/04/2027=14.00 or 2027-04-01=14.00");
    const day = calendarDayFromText(from);
    if (day === null) throw new TariffCellError(`The rise from "${from}" needs its date as ${DATE_FORMS}`);
    return { from: day, monthlyPriceExVatPence: penceFromPoundsCell(price) };
  });
}

const priceRisesCell = (rises: readonly PriceRise[]) => rises.map((rise) => `${rise.from}=${plainPounds(rise.monthlyPriceExVatPence)}`).join(";");

/** What a row is read into before the tariff's schema checks it: TariffInput's shape, loosely. */
export type TariffDraft = Record<string, unknown> & {
  euRoaming: Record<string, unknown>;
  multiLineDiscount: { fromLine?: number; percent?: number };
};

export interface TariffCsvColumn {
  name: string;
  /** For docs/tariffs.md and the screen. */
  meaning: string;
  example: string;
  /** The tariff's fields (dotted) whose errors are this column's. */
  fields: readonly string[];
  read(cell: string, draft: TariffDraft): void;
  write(tariff: TariffInput): string | number;
}

const text = (name: string, field: keyof TariffInput, meaning: string, example: string): TariffCsvColumn => ({
  name,
  meaning,
  example,
  fields: [field],
  read: (cell, draft) => {
    if (cell !== "") (draft as Record<string, unknown>)[field] = cell;
  },
  write: (tariff) => String(tariff[field] ?? ""),
});

const pounds = (name: string, field: "monthlyPriceExVatPence" | "upfrontCostExVatPence", meaning: string, example: string): TariffCsvColumn => ({
  name,
  meaning,
  example,
  fields: [field],
  read: (cell, draft) => {
    if (cell !== "") draft[field] = penceFromPoundsCell(cell);
  },
  write: (tariff) => plainPounds(tariff[field]),
});

const whole = (name: string, field: "termMonths" | "minLines" | "maxLines", meaning: string, example: string): TariffCsvColumn => ({
  name,
  meaning,
  example,
  fields: [field],
  read: (cell, draft) => (draft[field] = wholeNumber(cell)),
  write: (tariff) => tariff[field],
});

const allowance = (name: string, field: "dataGb" | "minutes" | "texts", isWhole: boolean, meaning: string, example: string): TariffCsvColumn => ({
  name,
  meaning,
  example,
  fields: [field],
  read: (cell, draft) => (draft[field] = limitOrUnlimited(cell, isWhole)),
  write: (tariff) => allowanceCell(tariff[field]),
});

const flag = (name: string, field: "fiveG" | "wifiCalling", meaning: string): TariffCsvColumn => ({
  name,
  meaning,
  example: "yes",
  fields: [field],
  read: (cell, draft) => (draft[field] = yesNo(cell)),
  write: (tariff) => yesNoCell(tariff[field]),
});

export const TARIFF_CSV_COLUMNS: readonly TariffCsvColumn[] = [
  text("slug", "slug", "The tariff's own name in addresses; a slug already in the catalogue updates that tariff", "ee-business-30gb-24"),
  text("network", "network", "EE, O2, Vodafone or Three", "EE"),
  text("name", "name", "The tariff's name as the network gives it", "Business SIM 30GB"),
  text("service_type", "serviceType", "sim_only, handset or data_only", "sim_only"),
  text("status", "status", "draft, live or withdrawn (empty: draft); only live tariffs are shown to visitors", "live"),
  pounds("monthly_price_ex_vat", "monthlyPriceExVatPence", "Price per line per month, ex VAT, in pounds and pence (at most two decimal places)", "12.50"),
  pounds("upfront_cost_ex_vat", "upfrontCostExVatPence", "One-off cost per line, ex VAT, in pounds and pence (empty: 0.00)", "0.00"),
  whole("term_months", "termMonths", "Contract length in months: 1, 12, 24 or 36", "24"),
  {
    name: "price_rises",
    meaning: "Dated monthly prices per line ex VAT, in pounds and pence, separated by ; (dates DD/MM/YYYY or YYYY-MM-DD; empty: none)",
    example: "2027-04-01=14.00;2028-04-01=15.50",
    fields: ["priceRises"],
    read: (cell, draft) => (draft.priceRises = priceRises(cell)),
    write: (tariff) => priceRisesCell(tariff.priceRises),
  },
  allowance("data_gb", "dataGb", false, "Data per line per month in GB (decimals allowed); empty or unlimited: unlimited", "30"),
  allowance("minutes", "minutes", true, "UK minutes per line per month; empty or unlimited: unlimited", "unlimited"),
  allowance("texts", "texts", true, "UK texts per line per month; empty or unlimited: unlimited", "unlimited"),
  flag("five_g", "fiveG", "5G included: yes or no (empty: no)"),
  {
    name: "eu_roaming",
    meaning: "EU roaming included in the price: yes or no (empty: no)",
    example: "yes",
    fields: ["euRoaming.included", "euRoaming"],
    read: (cell, draft) => (draft.euRoaming.included = yesNo(cell) ?? false),
    write: (tariff) => yesNoCell(tariff.euRoaming.included),
  },
  {
    name: "eu_roaming_fair_use_gb",
    meaning: "Fair-use data limit while roaming, in GB (empty: none stated)",
    example: "15",
    fields: ["euRoaming.fairUseGb"],
    read: (cell, draft) => {
      if (cell !== "" && !/^\d+(?:\.\d+)?$/.test(cell)) throw new TariffCellError("Enter a number of GB, or leave it empty");
      draft.euRoaming.fairUseGb = cell === "" ? null : Number(cell);
    },
    write: (tariff) => tariff.euRoaming.fairUseGb ?? "",
  },
  {
    name: "eu_roaming_daily_charge",
    meaning: "Charge per day used in the EU when roaming is not included, ex VAT, in pounds and pence (empty: none stated)",
    example: "2.00",
    fields: ["euRoaming.dailyChargePence"],
    read: (cell, draft) => (draft.euRoaming.dailyChargePence = cell === "" ? null : penceFromPoundsCell(cell)),
    write: (tariff) => (tariff.euRoaming.dailyChargePence === null ? "" : plainPounds(tariff.euRoaming.dailyChargePence)),
  },
  flag("wifi_calling", "wifiCalling", "Wi-Fi calling: yes or no (empty: no)"),
  {
    name: "business_extras",
    meaning: "Short extras, separated by ; (empty: none)",
    example: "Priority support;Shared data",
    fields: ["businessExtras"],
    read: (cell, draft) =>
      (draft.businessExtras = cell
        .split(";")
        .map((extra) => extra.trim())
        .filter(Boolean)),
    write: (tariff) => tariff.businessExtras.join(";"),
  },
  {
    name: "multi_line_discount_from_line",
    meaning: "The first line the multi-line discount applies to, 2 or more (empty, with the percent empty: no discount)",
    example: "2",
    fields: ["multiLineDiscount.fromLine", "multiLineDiscount"],
    read: (cell, draft) => (draft.multiLineDiscount.fromLine = wholeNumber(cell)),
    write: (tariff) => tariff.multiLineDiscount?.fromLine ?? "",
  },
  {
    name: "multi_line_discount_percent",
    meaning: "Percent off each of those lines, each month (up to two decimal places)",
    example: "10",
    fields: ["multiLineDiscount.percent"],
    read: (cell, draft) => {
      if (cell !== "" && !/^\d+(?:\.\d+)?$/.test(cell)) throw new TariffCellError("Enter the discount as a percentage, like 10 or 12.5");
      draft.multiLineDiscount.percent = cell === "" ? undefined : Number(cell);
    },
    write: (tariff) => tariff.multiLineDiscount?.percent ?? "",
  },
  whole("min_lines", "minLines", "Fewest lines the tariff is sold for, 1 to 50 (empty: 1)", "1"),
  whole("max_lines", "maxLines", "Most lines, 1 to 50 (empty: 50)", "50"),
  {
    name: "source_url",
    meaning: "Where staff read the prices: a web address starting https:// (empty: none)",
    example: "https://ee.co.uk/business/sim-only",
    fields: ["sourceUrl"],
    read: (cell, draft) => (draft.sourceUrl = cell === "" ? null : cell),
    write: (tariff) => tariff.sourceUrl ?? "",
  },
  {
    name: "checked_on",
    meaning: "The day staff checked the prices, DD/MM/YYYY or YYYY-MM-DD (not in the future)",
    example: "2026-11-01",
    fields: ["checkedOn"],
    read: (cell, draft) => {
      if (cell !== "") draft.checkedOn = dayFromCell(cell);
    },
    write: (tariff) => tariff.checkedOn,
  },
];

/** The header line's cells, in order. */
export const TARIFF_CSV_HEADER = TARIFF_CSV_COLUMNS.map((column) => column.name);

/** One tariff as a CSV line (through csvRow: quoted, formula-guarded). */
export function tariffCsvRow(tariff: TariffInput): string {
  return csvRow(TARIFF_CSV_COLUMNS.map((column) => column.write(tariff)));
}
