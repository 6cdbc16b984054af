import { createHash } from "node:crypto";
import { canonicalJson } from "~/lib/canonical-json";
import type { QuoteDocument } from "./quotes";

/** SHA-256 (hex) of the document's canonical JSON, kept with an acceptance so the quote as accepted can be proved later: same document, same hash. */
export function quoteContentHash(document: QuoteDocument): string {
  return createHash("sha256").update(canonicalJson(document), "utf8").digest("hex");
}
