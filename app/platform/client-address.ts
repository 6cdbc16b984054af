/**
 * The part of a client's address that names one client, for the rate limits and the sign-in throttle. An IPv6 user is usually given a whole /64 and can pick
 * any address in it, so the first 64 bits count as one client; an IPv4 address (also one written as IPv6, `::ffff:1.2.3.4`) counts whole.
 */
export function clientKey(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(trimmed);
  if (mapped) return mapped[1];
  if (trimmed.includes(":")) return `${expandIPv6(trimmed).slice(0, 4).join(":")}::/64`;
  return trimmed || "unknown";
}

/** The eight groups of an IPv6 address, zeros filled in ("2001:db8::1" → 2001, db8, 0, 0, 0, 0, 0, 1). */
function expandIPv6(address: string): string[] {
  const [head, tail = ""] = address.split("%")[0].split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(0, missing)).fill("0"), ...right].map((group) => parseInt(group, 16).toString(16));
}
