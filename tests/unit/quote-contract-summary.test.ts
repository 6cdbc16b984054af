import { describe, expect, it } from "vitest";
import { CONTRACT_SUMMARY_WORDS, quoteContractSummary } from "~/features/quotes/quote-contract-summary";
import { tariffOffer, tariffSnapshot } from "~/features/tariffs/tariff-comparison";
import { priceTariff } from "~/features/tariffs/tariff-prices";
import { plainQuoteLine } from "../support/quote-documents";
import { tariffInput } from "../support/tariffs";

// The catalogue's usual test tariff, as a lead keeps it: priced for 3 lines.
const tariff = { ...tariffInput(), isSample: false, createdAt: "", updatedAt: "" };
const snapshot = tariffSnapshot(tariffOffer({ tariff, pricing: priceTariff(tariff, { lines: 3, start: "2026-11-25" }) }), new Date("2026-11-25T10:00:00Z"));

const line = plainQuoteLine;

const START = "2026-12-01";

describe("the contract summary Ofcom requires before a small business's contract", () => {
  it("is left out for a business of more than ten, or of an unknown size", () => {
    expect(quoteContractSummary([line({})], "10+", START)).toBeNull();
    expect(quoteContractSummary([line({})], null, START)).toBeNull();
  });

  it("lists each monthly line with its price ex and inc VAT, its rises as the team pays them, allowances and roaming; one-offs are left out", () => {
    const summary = quoteContractSummary(
      [
        line({
          description: "EE Business SIM 30GB",
          tariff: snapshot,
          quantity: 3,
          unitPriceExVatPence: 1200,
          termMonths: 24,
          priceRises: snapshot.priceRises,
          multiLineDiscount: { fromLine: 2, percent: 10 },
        }),
        line({ group: "broadband", description: "Fibre broadband", unitPriceExVatPence: 3500 }),
        line({ group: "hardware", description: "Handsets", charge: "one_off", termMonths: null, unitPriceExVatPence: 20000 }),
      ],
      "3 - 4",
      START,
    );
    expect(summary).toEqual({
      services: [
        {
          description: "EE Business SIM 30GB",
          termMonths: 24,
          // £12.00 + 2 x £10.80 (10 % off from the 2nd line): the price module's first month.
          monthlyPriceExVatPence: 3360,
          monthlyPriceIncVatPence: 4032,
          // The team's new month, not a bare per-line figure beside the team's: £14.00 + 2 x £12.60.
          priceRises: ["From 1 Apr 2027: £39.20 a month for your 3 lines (£14.00 a line)"],
          allowances: "30GB data, Unlimited minutes, Unlimited texts, 5G",
          roaming: "EU roaming included (15GB fair use)",
        },
        {
          description: "Fibre broadband",
          termMonths: 12,
          monthlyPriceExVatPence: 3500,
          monthlyPriceIncVatPence: 4200,
          priceRises: [],
          allowances: CONTRACT_SUMMARY_WORDS.freeLine,
          roaming: CONTRACT_SUMMARY_WORDS.freeLine,
        },
      ],
      outOfBundle: CONTRACT_SUMMARY_WORDS.outOfBundle,
      howToLeave: CONTRACT_SUMMARY_WORDS.howToLeave,
      longTermWarning: null,
    });
  });

  it("warns when any term is over 24 months, for each small team size", () => {
    for (const teamSize of ["1 - 2", "3 - 4", "5 - 9"]) {
      expect(quoteContractSummary([line({ termMonths: 24 })], teamSize, START)?.longTermWarning).toBeNull();
      expect(quoteContractSummary([line({ termMonths: 24 }), line({ termMonths: 36 })], teamSize, START)?.longTermWarning).toBe(
        CONTRACT_SUMMARY_WORDS.longTermWarning,
      );
    }
  });
});
