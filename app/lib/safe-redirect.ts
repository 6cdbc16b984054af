/** Browsers drop tabs and newlines inside a URL and read a backslash as a slash, so "/\\evil.example" or "/\t/evil.example" would leave the site. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/** A same-site path to send the visitor back to; anything else becomes the fallback. */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || UNSAFE_CHARACTERS.test(value)) {
    return fallback;
  }
  return value;
}
