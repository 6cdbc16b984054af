// What the other capabilities may use of tariffs (rules, types and components); everything else in this folder is its own.
// Lint refuses an import of any other file here from outside the folder (docs/decisions/017-one-folder-per-capability.md).
export { chosenDealText, dealFacts, dealName, dealPriceRises, teamMonthlyText } from "./deal-text";
export { linesForTeamSize, NO_SHORTLIST_FILTERS, shortlistTariffs, tariffOffer, tariffSnapshot, TEAM_SIZES, teamSizeForLines } from "./tariff-comparison";
export type { ShortlistFilters } from "./tariff-comparison";
export {
  COMPARISON_PATH,
  describeAllowance,
  describeData,
  describeDiscount,
  describeEuRoaming,
  describeLines,
  describeTerm,
  QUOTE_STEP_ANCHOR,
} from "./tariff-deal-words";
export { penceFromTypedPounds } from "./tariff-form-fields";
export {
  describePriceRises,
  describeTeamPriceRise,
  divideRoundingHalfUp,
  monthStartsFrom,
  priceInForce,
  priceTariff,
  sortedPriceRises,
  teamPriceFor,
  teamPriceRises,
  vatOn,
  withVat,
} from "./tariff-prices";
export { SAMPLE_PRICES_LABEL, TARIFF_LINES } from "./tariffs";
export type { TeamPriceRise } from "./tariff-prices";
export type { PriceRise, Tariff, TariffOffer, TariffSnapshot } from "./tariffs";
export { multiLineDiscount, penceAmount, priceRise, requiredText, TARIFF_LIMITS } from "./tariffs-schema";
