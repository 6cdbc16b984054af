// Quotes as a customer would be shown them, their figures from the one price module (priceQuote).
// Shared by the PDF tests and `npm run bench -- quote-pdf`, so it imports nothing of vitest.
import type { QuoteAcceptanceRecord, QuoteContractSummary, QuoteDocument, QuoteLine, QuoteProposal } from "~/features/quotes/quotes";
import { describeTeamPriceRise, withVat } from "~/features/tariffs/tariff-prices";
import { priceQuote, quoteLinePriceRises } from "~/features/quotes/quote-prices";

const START = "2026-11-25";

export function quoteLine(overrides: Partial<QuoteLine> = {}): QuoteLine {
  return {
    group: "mobile",
    description: "EE Business SIM 30GB, 24 months",
    tariff: null,
    quantity: 3,
    unitPriceExVatPence: 1200,
    charge: "monthly",
    termMonths: 24,
    priceRises: [{ from: "2027-04-01", monthlyPriceExVatPence: 1400 }],
    multiLineDiscount: { fromLine: 2, percent: 10 },
    discount: null,
    ...overrides,
  };
}

/** A free monthly line: one at £10.00 a month for 12 months, no rises or discounts; a test changes what it is about. */
export function plainQuoteLine(overrides: Partial<QuoteLine> = {}): QuoteLine {
  return quoteLine({ description: "A line", quantity: 1, unitPriceExVatPence: 1000, termMonths: 12, priceRises: [], multiLineDiscount: null, ...overrides });
}

export const TERMS_TEXT = [
  "1. These terms apply to the services and equipment in this quote once you accept it.",
  "2. Monthly charges are billed in advance from the day each service starts; one-off charges are due on acceptance.",
  "3. Prices rise only on the dated rises shown in pounds and pence in this quote and its contract summary.",
  "4. You may cancel a service within 14 days of it starting without a charge for leaving early.",
].join("\n\n");

/** A quote built from `lines`, priced by priceQuote; a contract summary of its monthly lines when `withSummary`. */
export function quoteDocument(lines: QuoteLine[], { withSummary = true, customerNote = "Thanks for your time on the phone." } = {}): QuoteDocument {
  const totals = priceQuote(lines, START);
  const monthly = lines.map((line, index) => ({ line, index })).filter(({ line }) => line.charge === "monthly");
  const contractSummary: QuoteContractSummary | null =
    withSummary && monthly.length > 0
      ? {
          services: monthly.map(({ line, index }) => ({
            description: line.description,
            termMonths: line.termMonths ?? 1,
            monthlyPriceExVatPence: totals.lines[index]!.amountExVatPence,
            monthlyPriceIncVatPence: withVat(totals.lines[index]!.amountExVatPence),
            priceRises: quoteLinePriceRises(line, START).map(describeTeamPriceRise),
            allowances: "30GB data, unlimited minutes and texts, 5G",
            roaming: "EU roaming included (15GB fair use)",
          })),
          outOfBundle: "Calls to premium and international numbers are charged at the network's published business rates.",
          howToLeave: "Give 30 days' notice; leaving before the end of the term costs the remaining monthly charges.",
          longTermWarning: monthly.some(({ line }) => (line.termMonths ?? 0) > 24)
            ? "One or more services here run for more than 24 months: you are committing for longer than the usual two years."
            : null,
        }
      : null;
  return {
    brandName: "ClearLine Business",
    reference: "CLB-2026-123456-Q1",
    version: 1,
    issuedOn: "2026-11-25",
    validUntil: "2026-12-09",
    start: START,
    customer: { businessName: "Harbour Bakery Ltd", contactName: "Zoë O’Neill", email: "zoe@harbour-bakery.co.uk" },
    customerNote,
    lines,
    totals,
    contractSummary,
    terms: { version: "2026-11", text: TERMS_TEXT },
  };
}

/** A quote of one line in each group, with a discount of each kind. */
export function everyGroupQuote(): QuoteDocument {
  return quoteDocument([
    quoteLine(),
    quoteLine({
      group: "broadband",
      description: "Full fibre 900Mb with static IP",
      quantity: 1,
      unitPriceExVatPence: 3500,
      termMonths: 36,
      priceRises: [],
      multiLineDiscount: null,
      discount: { kind: "percent", percent: 10, reason: "Bundled with mobile" },
    }),
    quoteLine({
      group: "phone_system",
      description: "Hosted phone system seat with call recording",
      quantity: 4,
      unitPriceExVatPence: 850,
      termMonths: 12,
      priceRises: [],
      multiLineDiscount: null,
    }),
    quoteLine({
      group: "it_services",
      description: "Set-up and migration of the office's email",
      quantity: 1,
      unitPriceExVatPence: 25_000,
      charge: "one_off",
      termMonths: null,
      priceRises: [],
      multiLineDiscount: null,
    }),
    quoteLine({
      group: "hardware",
      description: "Yealink T54W desk phone",
      quantity: 3,
      unitPriceExVatPence: 2999,
      charge: "one_off",
      termMonths: null,
      priceRises: [],
      multiLineDiscount: null,
      discount: { kind: "amount", amountExVatPence: 997, reason: "Round price" },
    }),
  ]);
}

/** A quote of 30 lines across the groups, each description its own ("Line 01 of 30 ..."), long enough to wrap. */
export function thirtyLineQuote({ withSummary = false } = {}): QuoteDocument {
  const groups = ["mobile", "broadband", "phone_system", "it_services", "hardware"] as const;
  const lines = Array.from({ length: 30 }, (_, index) => {
    const number = String(index + 1).padStart(2, "0");
    const oneOff = index % 4 === 3;
    return quoteLine({
      group: groups[index % groups.length],
      description: `Line ${number} of 30: business service with a description long enough to wrap onto a second line in the table`,
      quantity: 1 + (index % 5),
      unitPriceExVatPence: 995 + index * 137,
      charge: oneOff ? "one_off" : "monthly",
      termMonths: oneOff ? null : [12, 24, 36][index % 3],
      priceRises: oneOff ? [] : [{ from: "2027-04-01", monthlyPriceExVatPence: 1100 + index * 150 }],
      multiLineDiscount: null,
      discount: index % 7 === 0 ? { kind: "percent", percent: 5, reason: "Loyalty" } : null,
    });
  });
  return quoteDocument(lines, { withSummary });
}

/** An acceptance as the customer's page records one. */
export const ACCEPTANCE: QuoteAcceptanceRecord = {
  fullName: "Zoë O’Neill",
  role: "Director",
  acceptedAt: "2026-11-27T14:05:09.000Z",
  ip: "203.0.113.24",
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  contentHash: "5f2b8e1c0d9a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c",
};

/** The PDF's proposal around a document: the brand's legal details, an account manager, and the acceptance when `accepted`. */
export function quoteProposal(document: QuoteDocument, { accepted = false, paymentInstructions = null as string | null } = {}): QuoteProposal {
  return {
    document,
    supplier: {
      legalName: "ClearLine Communications Ltd",
      companyNumber: "09876543",
      registeredAddress: "Suite 4, Riverside House, 12 Wharf Street, Leeds, LS2 7EQ",
      vatNumber: "GB 123 4567 89",
      phone: "0113 496 0123",
      email: "hello@clearlinebusiness.co.uk",
    },
    accountManager: { name: "Priya Shah", email: "priya.shah@clearlinebusiness.co.uk", phone: "0113 496 0123" },
    paymentInstructions,
    acceptance: accepted ? ACCEPTANCE : null,
  };
}

/** The 30-line quote as an accepted proposal with its contract summary: the most a PDF draws. */
export function thirtyLineProposal(): QuoteProposal {
  return quoteProposal(thirtyLineQuote({ withSummary: true }), { accepted: true });
}

/**
 * Lines whose amounts a customer checks by hand: the multi-line discount alone (7 x £10.50, 10% off lines 2-7: £67.20), with a
 * further 10% off (£60.48, where 10% off 7 x £10.50 would wrongly give £66.15), the same at a price whose discount rounds
 * (7 x £10.55: £60.80), and a one-off with an amount off (3 x £29.99 less £9.97: £80.00).
 */
export function addUpQuote(): QuoteDocument {
  const team = {
    quantity: 7,
    termMonths: 24,
    priceRises: [{ from: "2027-04-01", monthlyPriceExVatPence: 1175 }],
    multiLineDiscount: { fromLine: 2, percent: 10 },
  };
  return quoteDocument([
    quoteLine({ ...team, description: "Team SIMs, multi-line discount", unitPriceExVatPence: 1050 }),
    quoteLine({ ...team, description: "Team SIMs, loyalty on top", unitPriceExVatPence: 1050, discount: { kind: "percent", percent: 10, reason: "Loyalty" } }),
    quoteLine({ ...team, description: "Team SIMs, rounding", unitPriceExVatPence: 1055, discount: { kind: "percent", percent: 10, reason: "Loyalty" } }),
    quoteLine({
      group: "hardware",
      description: "Desk phones, less a round-down",
      quantity: 3,
      unitPriceExVatPence: 2999,
      charge: "one_off",
      termMonths: null,
      priceRises: [],
      multiLineDiscount: null,
      discount: { kind: "amount", amountExVatPence: 997, reason: "Round price" },
    }),
  ]);
}
