// Quotes as staff make them, for the benchmarks that serve a customer's quote: a lead through the
// public API, its quote drafted, filled and sent through the staff JSON routes.
import { SAMPLE_QUOTE, signInAs } from "./measure.js";

const GROUPS = ["mobile", "broadband", "phone_system", "it_services", "hardware"];

/**
 * `count` lines across the groups: monthly lines with a rise and a discount on every third, and
 * one-off hardware. `description(group, index)` writes each line's description.
 */
export function quoteLines(count, description = (group, index) => `${group.replace("_", " ")} line ${index + 1}`) {
  return Array.from({ length: count }, (_, index) => {
    const group = GROUPS[index % GROUPS.length];
    const oneOff = group === "hardware";
    return {
      group,
      description: description(group, index),
      quantity: 1 + (index % 4),
      unitPriceExVatPence: 900 + index * 137,
      charge: oneOff ? "one_off" : "monthly",
      termMonths: oneOff ? null : 24,
      priceRises: oneOff ? [] : [{ from: "2027-04-01", monthlyPriceExVatPence: 1100 + index * 137 }],
      discount: index % 3 === 0 ? { kind: "percent", percent: 10, reason: "Bundled with the mobiles" } : null,
    };
  });
}

async function staffJson(url, cookie, method, path, body) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { Cookie: cookie, Origin: url, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * A lead with a quote of `lines` sent to it, made by `owner` ({ email, password }: the server's
 * ADMIN_EMAIL and ADMIN_PASSWORD); the customer's page (`/quote/{token}`).
 */
export async function sentQuote(url, owner, lines, customerNote = "As discussed on the phone.") {
  const cookie = await signInAs(url, owner);
  const posted = await fetch(`${url}/api/quote-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(SAMPLE_QUOTE),
  });
  if (!posted.ok) throw new Error(`The quote request answered ${posted.status}`);
  const lead = await posted.json();
  const draft = await staffJson(url, cookie, "POST", `/admin/api/leads/${lead.id}/quotes`);
  await staffJson(url, cookie, "PATCH", `/admin/api/quotes/${draft.id}`, { lines, customerNote });
  const sent = await staffJson(url, cookie, "POST", `/admin/api/quotes/${draft.id}/send`);
  return sent.customerPath;
}
