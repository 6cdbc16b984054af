/** The terms a quote is made on. Each quote keeps its version and text, so a change here never changes a quote made: new text, new version (its month). */
export const QUOTE_TERMS = {
  version: "2026-11",
  text: [
    "1. This quote is for the business named on it. Prices are in pounds sterling and exclude VAT unless marked inc VAT; VAT is charged at the rate in force when invoiced.",
    "2. The quote is open until the valid-until date shown. After that date, or once a newer version replaces it, it can no longer be accepted.",
    "3. Monthly charges are billed monthly in advance from the start date for the term shown against each line. Any price rises are listed in pounds and pence with the date they apply; there are no other in-contract rises.",
    "4. One-off charges are due on acceptance.",
    "5. Usage outside your allowances (for example calls to premium or international numbers, or roaming outside the included zones) is charged at the network's standard business rates, which we send on request.",
    "6. Services are supplied by the named network under its business terms, which we send with your order confirmation. Supply is subject to a credit check and to the network accepting the order.",
    "7. Leaving early: if you end a service before its term is over, the network may charge the monthly charges left to pay for that service, less any amount it does not incur. A 1-month rolling service ends with 30 days' notice.",
    "8. Accepting this quote online, by the person named with the authority to accept for the business, is an order for the services listed. We keep a record of who accepted, when, and the quote exactly as accepted.",
  ].join("\n"),
} as const;
