import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { TestMailbox } from "./mailbox";
import { startTestServer, type TestServer } from "./server";

/**
 * One real server and one Chromium for a browser test file, started before
 * its tests and stopped after them. Read `journey.server` and
 * `journey.browser` inside tests (they exist once `beforeAll` has run).
 * `env` may be a function, read as the server starts: for settings known only
 * then, such as a mailbox's address (see `useMailbox`).
 */
export function useServerAndBrowser(env: Record<string, string> | (() => Record<string, string>) = {}): { server: TestServer; browser: Browser } {
  const journey = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    const [server, browser] = await Promise.allSettled([startTestServer(typeof env === "function" ? env() : env), launchBrowser()]);
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

/**
 * One real SMTP server for a test file, started before the hooks registered
 * after it (so a server's env can name it) and closed after them.
 */
export function useMailbox(): { mailbox: TestMailbox } {
  const mail = {} as { mailbox: TestMailbox };
  beforeAll(async () => {
    mail.mailbox = await TestMailbox.start();
  });
  afterAll(async () => {
    await mail.mailbox?.close();
  });
  return mail;
}
