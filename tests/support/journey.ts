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
    [journey.server, journey.browser] = await Promise.all([startTestServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey;
}
