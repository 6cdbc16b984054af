import { createHash } from "node:crypto";
import { canonicalJson } from "~/lib/canonical-json";
import type { QuoteDocument } from "./quotes";

/**
 * The fingerprint of a quote's content as its customer was shown it: SHA-256
 * (hex) of its document's canonical JSON. Kept with an acceptance, so the
 * quote as accepted can be proved later: the same document always gives the same hash.
 */
export function quoteContentHash(document: QuoteDocument): string {
  return createHash("sha256").update(canonicalJson(document), "utf8").digest("hex");
}
