import { clientKey } from "~/lib/client-address";
import { env } from "./env.server";
import { requestContext } from "./request-context.server";

/**
 * Limits on public writes, per form (quote, contact, newsletter ...): at most
 * RATE_LIMIT_MAX per client per RATE_LIMIT_WINDOW_SECONDS, and at most
 * RATE_LIMIT_GLOBAL_MAX from everyone together, so a client rotating through
 * addresses cannot fill the disk. In memory: the product runs as one process.
 */
interface Window {
  count: number;
  resetsAt: number;
}

const windows = new Map<string, Window>();

function sweep(now = Date.now()) {
  for (const [key, window] of windows) if (window.resetsAt <= now) windows.delete(key);
}

// Old windows go on a timer, whatever the traffic; the timer never keeps the process alive.
const globalForSweep = globalThis as unknown as { __rateLimitSweep?: NodeJS.Timeout };
globalForSweep.__rateLimitSweep ??= setInterval(sweep, env.RATE_LIMIT_WINDOW_SECONDS * 1000).unref();

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts one write in `key`'s current window and says whether it is within `max`. */
function count(key: string, max: number, now: number): RateLimitResult {
  let window = windows.get(key);
  if (!window || window.resetsAt <= now) {
    window = { count: 0, resetsAt: now + env.RATE_LIMIT_WINDOW_SECONDS * 1000 };
    windows.set(key, window);
  }
  window.count += 1;
  return { allowed: window.count <= max, retryAfterSeconds: Math.max(1, Math.ceil((window.resetsAt - now) / 1000)) };
}

export function consumeRateLimit(scope: string, now = Date.now()): RateLimitResult {
  const client = count(`${scope}:${clientKey(requestContext().clientAddress)}`, env.RATE_LIMIT_MAX, now);
  if (!client.allowed) return client;
  return count(`${scope}:*`, env.RATE_LIMIT_GLOBAL_MAX, now);
}
