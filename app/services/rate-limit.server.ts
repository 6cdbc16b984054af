import { env } from "./env.server";
import { requestContext } from "./request-context.server";

/**
 * Per-client limit on public writes: at most RATE_LIMIT_MAX per
 * RATE_LIMIT_WINDOW_SECONDS for each scope (quote, contact, newsletter ...).
 * In memory: the product runs as one process in one container.
 */
interface Window {
  count: number;
  resetsAt: number;
}

const windows = new Map<string, Window>();

function sweep(now: number) {
  for (const [key, window] of windows) if (window.resetsAt <= now) windows.delete(key);
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

export function consumeRateLimit(scope: string, now = Date.now()): RateLimitResult {
  if (windows.size > 10_000) sweep(now);
  const key = `${scope}:${requestContext().clientAddress}`;
  let window = windows.get(key);
  if (!window || window.resetsAt <= now) {
    window = { count: 0, resetsAt: now + env.RATE_LIMIT_WINDOW_SECONDS * 1000 };
    windows.set(key, window);
  }
  window.count += 1;
  return {
    allowed: window.count <= env.RATE_LIMIT_MAX,
    retryAfterSeconds: Math.max(1, Math.ceil((window.resetsAt - now) / 1000)),
  };
}
