import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { quoteContentHash } from "~/features/quotes/quote-content-hash.server";
import { canonicalJson } from "~/lib/canonical-json";
import type { QuoteDocument } from "~/features/quotes/quotes";
import { everyGroupQuote, quoteDocument, quoteLine } from "../support/quote-documents";

/** The same object with its keys written in reverse order, at every depth. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, item]) => [key, reversedKeys(item)]),
    );
  }
  return value;
}

describe("the fingerprint of a quote as accepted", () => {
  it("is the SHA-256 hex of the document's canonical JSON", () => {
    const document = everyGroupQuote();
    const hash = quoteContentHash(document);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(createHash("sha256").update(canonicalJson(document)).digest("hex"));
  });

  it("is the same for the same document, whatever order its keys were written in, and after a trip through JSON", () => {
    const document = everyGroupQuote();
    const hash = quoteContentHash(document);
    expect(quoteContentHash(everyGroupQuote())).toBe(hash);
    expect(quoteContentHash(reversedKeys(document) as QuoteDocument)).toBe(hash);
    expect(quoteContentHash(JSON.parse(JSON.stringify(document)) as QuoteDocument)).toBe(hash);
  });

  it("changes when anything the customer was shown changes: a price, a word of the terms, the note", () => {
    const document = quoteDocument([quoteLine()]);
    const hash = quoteContentHash(document);
    expect(quoteContentHash(quoteDocument([quoteLine({ unitPriceExVatPence: 1201 })]))).not.toBe(hash);
    expect(quoteContentHash({ ...document, terms: { ...document.terms, text: `${document.terms.text} ` } })).not.toBe(hash);
    expect(quoteContentHash({ ...document, customerNote: null })).not.toBe(hash);
  });

  it("writes keys in order and leaves undefined properties out, as JSON does", () => {
    expect(canonicalJson({ b: 1, a: [{ d: undefined, c: "£" }], e: null })).toBe('{"a":[{"c":"£"}],"b":1,"e":null}');
  });
});
