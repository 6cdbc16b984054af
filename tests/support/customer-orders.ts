import { expect } from "vitest";
import type { Quote } from "~/features/quotes/quotes";
import { lineFieldName, type LineField } from "~/features/orders/customer-order";
import type { Client, StaffClient } from "./client";
import { SAMPLE_QUOTE } from "./forms";
import { ukDayFromNow } from "./seeded-quotes";
import { submitQuoteRequest } from "./leads";
import { acceptAsShown } from "./quote-answers";
import { tariffInput } from "./tariffs";
import type { TestServer } from "./server";

/**
 * An accepted quote ready for its order, made as staff and the customer make one: a quote request, a quote of two tariffs (3 and 4 lines) and a one-off
 * drafted and sent by staff over the JSON routes, then accepted on its page. What the customer then posts to /quote/{token}/order.
 */

export const ORDER_TARIFFS = [
  tariffInput({ slug: "ee-business-unlimited-24", name: "Business Unlimited", monthlyPriceExVatPence: 2000 }),
  tariffInput({ slug: "vodafone-business-30gb-12", network: "Vodafone", name: "Business 30GB", termMonths: 12, monthlyPriceExVatPence: 1001, priceRises: [] }),
];

let quoteCount = 0;

/** A quote of 3 lines of the first tariff, 4 of the second and SIM delivery once, sent by `staff`; its token and the customer's path. */
export async function sentOrderQuote(server: TestServer, staff: StaffClient): Promise<{ leadId: number; quote: Quote; token: string; path: string }> {
  quoteCount += 1;
  const lead = await submitQuoteRequest(server, { ...SAMPLE_QUOTE, email: `order-${quoteCount}-${process.pid}@example.co.uk` });
  const drafted = await staff.postJson(`/admin/api/leads/${lead.id}/quotes`, undefined);
  expect(drafted.status, await drafted.clone().text()).toBe(201);
  const draft = (await drafted.json()) as Quote;
  const lines = [
    { group: "mobile", tariffSlug: ORDER_TARIFFS[0]!.slug, quantity: 3 },
    { group: "hardware", description: "SIM cards, delivered", quantity: 7, unitPriceExVatPence: 500, charge: "one_off" },
    { group: "mobile", tariffSlug: ORDER_TARIFFS[1]!.slug, quantity: 4 },
  ];
  const patched = await staff.patch(`/admin/api/quotes/${draft.id}`, { lines });
  expect(patched.status, await patched.clone().text()).toBe(200);
  const sent = await staff.postJson(`/admin/api/quotes/${draft.id}/send`, undefined);
  expect(sent.status, await sent.clone().text()).toBe(200);
  const { token } = await server.db.selectFrom("quotes").select("token").where("id", "=", draft.id).executeTakeFirstOrThrow();
  return { leadId: lead.id, quote: (await sent.json()) as Quote, token, path: `/quote/${token}` };
}

/** The customer accepts the quote on its page (a plain form post, as without JavaScript). */
export async function acceptOrderQuote(customer: Client, path: string): Promise<void> {
  const accepted = await acceptAsShown(customer, path, { fullName: "Sam Patel", role: "Director" });
  expect(accepted.status, await accepted.clone().text()).toBe(302);
}

/** Line fields by position: `lineFields(2, { pac: "ABC123456" })` is `{ line2Pac: "ABC123456" }`. */
export function lineFields(position: number, fields: Partial<Record<LineField, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, value]) => [lineFieldName(position, field as LineField), value]));
}

/** Line `position` keeping a number, its PAC issued `issuedDaysAgo` days ago, as "ABC123" and the position's digits. */
export const keptNumberLine = (position: number, issuedDaysAgo = 2) =>
  lineFields(position, {
    userName: `Kept User ${position}`,
    numberChoice: "keep",
    mobileNumber: `07700 90012${position}`,
    pac: `abc123${String(position).padStart(3, "4")}`,
    pacIssuedOn: ukDayFromNow(-issuedDaysAgo),
    simType: "sim",
  });

export const newNumberLine = (position: number) => lineFields(position, { userName: `New User ${position}`, numberChoice: "new", simType: "esim" });

export const BUSINESS = { businessKind: "limited_company", companyNumber: "01234567", businessName: "Patel Plumbing Ltd" };
export const DELIVERY = { deliveryName: "Sam Patel", deliveryLine1: "1 High Street", deliveryLine2: "", deliveryTown: "Leeds", deliveryPostcode: "ls1 1aa" };
export const billing = (connectionInDays = 7) => ({
  billingName: "Sam Patel",
  billingEmail: "accounts@patel-plumbing.example.co.uk",
  billingPhone: "0113 496 0000",
  earliestConnectionDate: ukDayFromNow(connectionInDays),
});
