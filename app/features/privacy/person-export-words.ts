import type { QuoteLine } from "~/features/quotes";
import { dealName, describeDiscount, describeLines, describeTerm, teamMonthlyText, type TariffSnapshot } from "~/features/tariffs";
import { formatCalendarDay, formatDateTime, isCalendarDay } from "~/lib/calendar";
import { formatCount, formatPercent, formatPounds } from "~/lib/money";
import { NUMBER_CHOICE_LABELS, ORDER_BUSINESS_KIND_LABELS, ORDER_STATUS_LABELS, SIM_TYPE_LABELS, type OrderLineWithoutPac } from "~/features/orders";
import type { PersonContract, PersonOrder } from "./person-data";

/** The access export's readable page's words for values (person-export-page.ts): dates, deals, quote lines, email copies, any other object. */

/** A field's value: words, or a nested list of labelled values (a deal's facts, a webhook's copy). Empty values are left out. */
export type Value = string | null | undefined | Field[];
export type Field = [label: string, value: Value];

export const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : null);
export const day = (value: string | null | undefined) => (value ? (isCalendarDay(value) ? formatCalendarDay(value) : value) : null);
/** A page of the site by its path: "/" is the home page. */
export const pageName = (path: string | null) => (path === "/" ? "Home page" : path);
export const nameOf = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(" ");

/** A JSON column's value, or null when it holds none (an erased or older record). */
export function parsed<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** "EE Business SIM 30GB, 3 lines, £33.60 a month ex VAT (£40.32 inc VAT), 24-month contract". */
export const dealInWords = (deal: TariffSnapshot) =>
  `${dealName(deal)}, ${describeLines(deal.lines)}, ${teamMonthlyText(deal)}, ${describeTerm(deal.termMonths)}`;

/** "7 x Business SIM 30GB at £10.50 ex VAT a month for 24 months, 10% off each line from the 2nd; loyalty: 5% off". */
export function quoteLineInWords(line: QuoteLine): string {
  const charge = line.charge === "monthly" ? ` a month${line.termMonths ? ` for ${countOfMonths(line.termMonths)}` : ""}` : " one-off";
  const parts = [`${formatCount(line.quantity)} x ${line.description} at ${formatPounds(line.unitPriceExVatPence)} ex VAT${charge}`];
  const multiLine = describeDiscount(line.multiLineDiscount);
  if (multiLine) parts.push(multiLine);
  if (line.discount) {
    const off = line.discount.kind === "percent" ? `${formatPercent(line.discount.percent / 100)} off` : `${formatPounds(line.discount.amountExVatPence)} off`;
    parts.push(`${line.discount.reason}: ${off}`);
  }
  return parts.join(", ");
}
const countOfMonths = (months: number) => (months === 1 ? "1 month" : `${formatCount(months)} months`);

/** The totals a sent quote was fixed with (drafts have none stored). */
export interface StoredTotals {
  monthlyExVatPence?: number;
  monthlyIncVatPence?: number;
  oneOffExVatPence?: number;
  oneOffIncVatPence?: number;
  contractTotalExVatPence?: number;
  contractTotalIncVatPence?: number;
}
export const exAndIncVat = (ex: number | undefined, inc: number | undefined) =>
  ex === undefined ? null : `${formatPounds(ex)} ex VAT${inc === undefined ? "" : ` (${formatPounds(inc)} inc VAT)`}`;

/** An email's or webhook's copy: an email as its subject and text; anything else as labelled values. */
export function copyFields(payload: string): Field[] {
  const copy = parsed<Record<string, unknown>>(payload);
  if (!copy || typeof copy !== "object") return [["Copy", payload || null]];
  if (typeof copy.subject === "string" && typeof copy.text === "string") {
    return [
      ["To", Array.isArray(copy.to) ? copy.to.join(", ") : null],
      ["Subject", copy.subject],
      ["Message", copy.text],
    ];
  }
  return [["Copy", plainFields(copy)]];
}

/** "teamSize" as "Team size": for a copy sent elsewhere (the lead webhook's), whose keys are another system's. */
const plainLabel = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Any object as labelled values in words, however deep: dates and times in UK form, yes and no, lists one after another. */
function plainFields(value: Record<string, unknown>): Field[] {
  // Row ids are the sending system's, not the person's data.
  const shown = Object.entries(value).filter(([key]) => key !== "id" && !key.endsWith("Id"));
  return shown.map(([key, item]): Field => [plainLabel(key), key.endsWith("Pence") && typeof item === "number" ? formatPounds(item) : plainValue(item)]);
}

/** A deal as a copy carries it (the webhook's lead): its name and price in words, as on the lead. */
const isDeal = (value: object): value is TariffSnapshot => "network" in value && "name" in value && "teamMonthlyExVatPence" in value && "termMonths" in value;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
function plainValue(value: unknown): Value {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return formatCount(value);
  if (typeof value === "string") return ISO_INSTANT.test(value) ? formatDateTime(value) : day(value);
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== "object" || item === null)) return value.map((item) => String(plainValue(item) ?? "")).join(", ");
    if (value.every((item) => typeof item === "object" && item !== null && isDeal(item))) return (value as TariffSnapshot[]).map(dealInWords).join("; ");
    return value.map((item, index): Field => [`${index + 1}`, plainValue(item)]);
  }
  if (isDeal(value)) return dealInWords(value);
  return plainFields(value as Record<string, unknown>);
}

/** A line of an order: its user, number, SIM and tariff; a PAC only ever as its last three characters. */
function orderLineFields(line: OrderLineWithoutPac): Field[] {
  return [
    ["User", line.userName],
    ["Number", line.numberChoice === "keep" ? line.mobileNumber : line.numberChoice ? NUMBER_CHOICE_LABELS[line.numberChoice] : null],
    ["PAC", line.pacEnding ? `PAC ending ${line.pacEnding}` : null],
    ["PAC issued", day(line.pacIssuedOn)],
    ["SIM", line.simType ? SIM_TYPE_LABELS[line.simType] : null],
    ["Tariff", line.tariffName],
    ["Term", line.termMonths ? `${formatCount(line.termMonths)} months` : null],
    ["A month", `${formatPounds(line.monthlyExVatPence)} ex VAT`],
    ["Status", ORDER_STATUS_LABELS[line.status] ?? line.status],
    ["Port date", day(line.portDate)],
  ];
}

/** An order: its business, delivery and billing contacts, and each line in words. */
export function orderFields(order: PersonOrder): Field[] {
  return [
    ["Reference", order.reference],
    ["For quote request", order.leadReference],
    ["Status", ORDER_STATUS_LABELS[order.status] ?? order.status],
    ["Why on hold", order.holdReason],
    ["Business", order.businessName],
    ["Type of business", order.businessKind ? ORDER_BUSINESS_KIND_LABELS[order.businessKind] : null],
    ["Company number", order.companyNumber],
    [
      "Deliver to",
      [order.deliveryName, order.deliveryLine1, order.deliveryLine2, order.deliveryTown, order.deliveryPostcode].filter(Boolean).join("\n") || null,
    ],
    ["Billing contact", [order.billingName, order.billingEmail, order.billingPhone].filter(Boolean).join("\n") || null],
    ["Earliest connection date", day(order.earliestConnectionDate)],
    [order.onlyTheirLines ? "Your lines" : "Lines", order.lines.map((line): Field => [`Line ${line.position}`, orderLineFields(line)])],
    ["Made", when(order.createdAt)],
    ["Details sent by you", when(order.detailsSubmittedAt)],
    ["Live", when(order.liveAt)],
    ["Last changed", when(order.updatedAt)],
    ["Personal details cleared", when(order.anonymisedAt)],
  ];
}

/** A contract: its tariff, term, start, end and monthly price. */
export function contractFields(contract: PersonContract): Field[] {
  return [
    ["Order", contract.orderReference],
    ["Tariff", contract.tariffName],
    ["Term", `${formatCount(contract.termMonths)} months`],
    ["Starts", day(contract.startDate)],
    ["Ends", day(contract.endDate)],
    ["A month", `${formatPounds(contract.monthlyExVatPence)} ex VAT`],
  ];
}
