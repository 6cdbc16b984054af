import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { startTestServer, type TestServer } from "./server";

/**
 * One real server and one Chromium for a browser test file, started before
 * its tests and stopped after them. Read `journey.server` and
 * `journey.browser` inside tests (they exist once `beforeAll` has run).
 */
export function useServerAndBrowser(env: Record<string, string> = {}): { server: TestServer; browser: Browser } {
  const journey = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    const [server, browser] = await Promise.allSettled([startTestServer(env), launchBrowser()]);
    // Keep whatever did start, so afterAll stops it even when the other failed.
    if (server.status === "fulfilled") journey.server = server.value;
    if (browser.status === "fulfilled") journey.browser = browser.value;
    for (const started of [server, browser]) if (started.status === "rejected") throw started.reason;
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey;
}
