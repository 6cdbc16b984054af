import { expect } from "vitest";
import type { CustomerQuote } from "~/features/quotes/quotes";
import { SHOWN_FINGERPRINT_FIELD } from "~/features/quotes/quote-response";
import type { Client } from "./client";

/**
 * A customer's answers to their quote at /quote/{token}, as its page posts them. The accept
 * form carries the fingerprint of the document the page showed; these read it the way the
 * page's own script reads the page's data again (not a view), so a test accepts what the
 * customer would see at that moment.
 */

/** The route whose data the customer's page reads (`?_data=`). */
const QUOTE_PAGE_ROUTE = "routes/quote.$token";

/** The fingerprint the customer's page carries in its accept form now. */
export async function shownFingerprint(client: Client, path: string): Promise<string> {
  const response = await client.get(`${path}?_data=${encodeURIComponent(QUOTE_PAGE_ROUTE)}`);
  expect(response.status, `the page's data of ${path}`).toBe(200);
  return ((await response.json()) as { quote: CustomerQuote }).quote.fingerprint;
}

/** The fingerprint in a rendered customer's page (its accept form's hidden field). */
export function fingerprintIn(html: string): string | undefined {
  return new RegExp(`name="${SHOWN_FINGERPRINT_FIELD}" value="([0-9a-f]{64})"`).exec(html)?.[1];
}

/** The accept form posted as the page shows it now: its fingerprint and the customer's fields (given ones win). */
export async function acceptAsShown(client: Client, path: string, fields: Record<string, string>, headers?: Record<string, string>): Promise<Response> {
  const fingerprint = await shownFingerprint(client, path);
  return client.postForm(path, { intent: "accept", authorised: "on", [SHOWN_FINGERPRINT_FIELD]: fingerprint, ...fields }, headers);
}
