import { completeQuoteLine } from "./quote-form";
import { priceTariff, tariffOffer, tariffSnapshot } from "~/features/tariffs";
import type { QuoteLine } from "./quotes";
import type { QuoteLineInput } from "./quotes-schema";
import type { TariffSnapshot } from "~/features/tariffs";
import { ModelError } from "~/platform/model-error.server";
import { findLiveTariff } from "~/features/tariffs/index.server";

/** A quote's lines from the lead's chosen tariff, plus a one-off line for any upfront cost. The shortlist is left out: it was shown, not chosen. */
export function linesFromChosenTariff(tariff: TariffSnapshot | null): QuoteLine[] {
  if (!tariff) return [];
  const description = `${tariff.network} ${tariff.name}`;
  const lines: QuoteLine[] = [
    {
      group: "mobile",
      description,
      tariff,
      quantity: tariff.lines,
      unitPriceExVatPence: tariff.monthlyPriceExVatPence,
      charge: "monthly",
      termMonths: tariff.termMonths,
      priceRises: [...tariff.priceRises],
      multiLineDiscount: tariff.multiLineDiscount,
      discount: null,
    },
  ];
  if (tariff.upfrontCostExVatPence > 0) {
    lines.push({
      group: "mobile",
      description: `${description}: upfront cost`,
      tariff: null,
      quantity: tariff.lines,
      unitPriceExVatPence: tariff.upfrontCostExVatPence,
      charge: "one_off",
      termMonths: null,
      priceRises: [],
      multiLineDiscount: null,
      discount: null,
    });
  }
  return lines;
}

/** The catalogue tariff `slug` as a snapshot priced for `quantity` lines from `start`; a field error when it cannot be quoted. */
async function catalogueSnapshot(slug: string, quantity: number, start: string, field: string, now: Date): Promise<TariffSnapshot> {
  const tariff = await findLiveTariff(slug);
  if (!tariff) throw new ModelError(400, `No live tariff "${slug}" in the catalogue`, field);
  if (quantity < tariff.minLines || quantity > tariff.maxLines) {
    throw new ModelError(
      400,
      `${tariff.network} ${tariff.name} is sold for ${tariff.minLines} to ${tariff.maxLines} lines`,
      `${field.replace(/tariffSlug$/, "quantity")}`,
    );
  }
  return tariffSnapshot(tariffOffer({ tariff, pricing: priceTariff(tariff, { lines: quantity, start }) }), now);
}

/** The lines staff wrote, made whole. A tariff's line keeps the draft's snapshot of it (so later catalogue edits never change it), else copies the live one. */
export async function resolveQuoteLines(inputs: readonly QuoteLineInput[], current: readonly QuoteLine[], start: string, now: Date): Promise<QuoteLine[]> {
  const held = new Map(current.flatMap((line) => (line.tariff ? [[line.tariff.slug, line.tariff] as const] : [])));
  const lines: QuoteLine[] = [];
  for (const [index, input] of inputs.entries()) {
    const slug = input.tariffSlug ?? null;
    const tariff = slug ? (held.get(slug) ?? (await catalogueSnapshot(slug, input.quantity, start, `lines.${index}.tariffSlug`, now))) : null;
    if (tariff) held.set(tariff.slug, tariff);
    lines.push(completeQuoteLine(input, tariff));
  }
  return lines;
}
