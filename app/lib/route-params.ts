/**
 * A record id from the URL: plain digits only, so "1e3", "0x1", "1.5", "-1" or "abc" name no record. Anything else becomes 0, which no record has: the model
 * then answers "not found", so every route treats a bad id and a missing record alike (404). The one id parser.
 */
export function recordId(value: string | undefined): number {
  return /^[1-9]\d{0,14}$/.test(value ?? "") ? Number(value) : 0;
}
