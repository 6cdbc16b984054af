import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInBrowser, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { JS_MODES, launchBrowser, seriousAccessibilityViolations, smallTargets, waitForHydration, watchProblems, type JsMode } from "../support/browser";
import { seedTestLeads } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";
import { createOneOfEach } from "../support/staff-fixtures";
import { routePath, STAFF_ROUTES, type RecordKind } from "../support/staff-routes";

/**
 * Every staff screen and dialog, as a sales rep opens it on a phone (390 x 844), a tablet
 * (768 x 1024) and a laptop (1,366 x 900) without JavaScript, and on the phone with it: the page never scrolls
 * sideways (on the laptop no list scrolls inside its frame either), and a dialog sits inside the viewport. With JavaScript on the phone, axe finds nothing serious on any of them
 * (axe runs as a script, so only where scripts run; its findings do not change with the width).
 */
const WIDTHS = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "tablet", viewport: { width: 768, height: 1024 } },
  { name: "laptop", viewport: { width: 1366, height: 900 } },
] as const;

/** The staff pages a super admin sees as pages: the signed-in screens and dialogs, not downloads or redirects. */
const SCREENS = Object.values(STAFF_ROUTES)
  .filter((route) => route.answers === "page" && route.view !== "anyone" && (route.viewStatus ?? 200) === 200)
  .filter((route) => !/\/export|\.json$|\.html$|\.csv$|\/run$|\/erase$|\/object$/.test(route.path))
  .filter((route, index, all) => all.findIndex((other) => other.path === route.path) === index);

let server: TestServer;
let browser: Browser;
let ids: Record<RecordKind, string>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(TEST_OWNER_ENV), launchBrowser()]);
  await seedTestLeads(server.db, 30);
  ids = await createOneOfEach(server.db);
  // The lead's page with a sent quote on it: its customer's link to copy must fit a phone too.
  const sentAt = new Date().toISOString();
  await server.db
    .updateTable("quotes")
    .set({ leadId: Number(ids.lead), status: "sent", sentAt })
    .where("id", "=", Number(ids.quote))
    .execute();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Fit {
  path: string;
  pageWidth: number;
  viewportWidth: number;
  dialog: { left: number; right: number } | null;
  /** How far the widest list table overflows its frame (it scrolls inside it, never the page). */
  tableOverflow: number;
  /** Controls smaller than 24 x 24 px (WCAG 2.2, 2.5.8), links inside a sentence excepted. */
  smallTargets: string[];
}

async function fitOf(page: Page, path: string): Promise<Fit> {
  const measured = await page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"]')?.getBoundingClientRect();
    return {
      pageWidth: document.documentElement.scrollWidth,
      viewportWidth: document.documentElement.clientWidth,
      dialog: dialog ? { left: Math.round(dialog.left), right: Math.round(dialog.right) } : null,
      tableOverflow: Math.max(0, ...[...document.querySelectorAll("table")].map((table) => table.scrollWidth - table.parentElement!.clientWidth)),
    };
  });
  return { path, ...measured, smallTargets: await smallTargets(page) };
}

/**
 * Without JavaScript each width; with it, the phone: the server draws the same markup either way, and what scripts add
 * (dialogs as modals over their list, controls only scripts show) is tightest on the phone. A page with JavaScript costs
 * three times one without (the walk waits for it to hydrate), and the staff journeys open each screen with it at a desktop
 * width as well.
 */
const WALKS = JS_MODES.flatMap((mode) => WIDTHS.filter((width) => !mode.javaScriptEnabled || width.name === "phone").map((width) => ({ mode, width })));

describe.each(WALKS)("staff screens $mode.name on a $width.name", ({ mode, width: { viewport } }: { mode: JsMode; width: (typeof WIDTHS)[number] }) => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled, viewport });
    await signInBrowser(context, server, TEST_OWNER.email);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("never scroll sideways, keep every dialog inside the viewport, and give every control 24 x 24 px", async () => {
    const page = await context.newPage();
    // With JavaScript, a screen that draws differently once hydrated (a value only the server has) is an error in the console.
    const problems = watchProblems(page);
    const problemsBy: Array<{ path: string; problems: string[] }> = [];
    const misfits: Fit[] = [];
    const findings: Array<{ path: string; rule: string; targets: string[] }> = [];
    for (const route of SCREENS) {
      const path = routePath(route, route.record ? ids[route.record] : undefined);
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status(), path).toBe(200);
      if (mode.javaScriptEnabled) await waitForHydration(page);
      // The fixture's stock image is a row without a file: its 404 is the fixture's, not the screen's.
      const screenProblems = problems.splice(0).filter((problem) => !problem.startsWith("Failed to load resource"));
      if (mode.javaScriptEnabled && screenProblems.length > 0) problemsBy.push({ path, problems: screenProblems });
      const fit = await fitOf(page, path);
      const dialogOut = fit.dialog && (fit.dialog.left < 0 || fit.dialog.right > fit.viewportWidth);
      // On a laptop every column is in view: no list scrolls inside its frame either.
      const tableScrolls = viewport.width >= 1366 && fit.tableOverflow > 0;
      if (fit.pageWidth > fit.viewportWidth || dialogOut || tableScrolls || fit.smallTargets.length > 0) misfits.push(fit);
      if (mode.javaScriptEnabled && viewport.width === 390) {
        for (const violation of await seriousAccessibilityViolations(page)) {
          findings.push({ path, rule: violation.id, targets: violation.nodes.map((node) => node.target.join(" ")) });
        }
      }
    }
    expect(problemsBy).toEqual([]);
    expect(misfits).toEqual([]);
    expect(findings).toEqual([]);
  });
});
