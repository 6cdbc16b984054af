import fs from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";

const require = createRequire(import.meta.url);

/**
 * Debian's Chromium as a headless shell (`apt-get install -y chromium-headless-shell`) when
 * installed: the same Blink and V8 without the desktop browser around them, at about half the
 * CPU per test (docs/decisions/014-tests-on-chromium-headless-shell.md). Else the full browser.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => fs.existsSync(file));

/** Headless Debian Chromium with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!CHROMIUM || !fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM ?? "/usr/bin/chromium"}: apt-get install -y chromium chromium-headless-shell (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      "--disable-quic",
      // Every test opens pages in contexts of its own; sharing a few renderer processes instead of
      // starting one per page and site takes about a sixth off Chromium's CPU time in a test run.
      "--renderer-process-limit=2",
      "--disable-site-isolation-trials",
    ],
  });
}

/** Every journey runs twice: as a visitor with scripts blocked, and with them running. */
export const JS_MODES = [
  { name: "without JavaScript", javaScriptEnabled: false },
  { name: "with JavaScript", javaScriptEnabled: true },
] as const;

export type JsMode = (typeof JS_MODES)[number];

export async function openPage(browser: Browser, mode: JsMode, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled, ...options });
  const page = await context.newPage();
  followLoading(page);
  return page;
}

/** What a page opened by `openPage` is still loading and what went wrong in it, for a hydration that never comes. */
const pageLoading = new WeakMap<Page, { pending: Set<string>; failed: string[]; errors: string[] }>();

function followLoading(page: Page) {
  const loading = { pending: new Set<string>(), failed: [] as string[], errors: [] as string[] };
  pageLoading.set(page, loading);
  page.on("request", (request) => loading.pending.add(request.url()));
  page.on("requestfinished", (request) => loading.pending.delete(request.url()));
  page.on("requestfailed", (request) => {
    loading.pending.delete(request.url());
    loading.failed.push(`${request.url()} (${request.failure()?.errorText ?? "failed"})`);
  });
  page.on("pageerror", (error) => loading.errors.push(error.message));
}

/** Why a page has not hydrated: its load state, its scripts, and the requests it is waiting for. */
async function hydrationReport(page: Page): Promise<string> {
  const state = await page
    .evaluate(() => ({
      readyState: document.readyState,
      scriptsWaitingForLoad: document.getElementById("page-scripts")?.getAttribute("type") === "text/x-page-scripts",
      router: (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined,
    }))
    .catch((error: Error) => ({ unreadable: error.message }));
  const loading = pageLoading.get(page);
  return JSON.stringify({ url: page.url(), ...state, pending: [...(loading?.pending ?? [])], failed: loading?.failed, errors: loading?.errors });
}

/**
 * Waits until Remix has hydrated the page, so clicks reach React's handlers. A page's scripts
 * start at its load event: Remix's router exists once they have run and hydration has begun.
 *
 * Interactive parts of public pages (the quote wizard, the carousel, the cookie banner) load
 * their code when the visitor comes to use them; a journey points at each of them first, as a
 * visitor would, and waits for their code (`wakeParts: false` leaves them as the page loaded).
 */
export async function waitForHydration(page: Page, { wakeParts = true }: { wakeParts?: boolean } = {}) {
  try {
    await whenHydrated(page, wakeParts);
  } catch (error) {
    throw new Error(`The page did not hydrate: ${await hydrationReport(page)}`, { cause: error });
  }
}

// Checked every 100 ms rather than at each animation frame, so a page that draws no frames is still seen.
const POLLING = { polling: 100 };

async function whenHydrated(page: Page, wakeParts: boolean) {
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined, undefined, POLLING);
  // Hydrated: every interactive part with something on screen listens for the visitor, or runs.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll("[data-wake-on]")].every(
        (part) => part.hasAttribute("data-waiting") || part.hasAttribute("data-live") || part.childElementCount === 0,
      ),
    undefined,
    POLLING,
  );
  if (wakeParts) {
    await page.evaluate(() => {
      for (const part of document.querySelectorAll("[data-waiting]")) part.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    });
    await page.waitForFunction(() => document.querySelector("[data-waiting]") === null, undefined, POLLING);
  }
  await page.waitForLoadState("networkidle");
}

/** Console errors, uncaught errors and refusals by the Content Security Policy on this page. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || /Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/**
 * Marks the document on screen, so a later `isSameDocument` tells a client-side navigation (the
 * mark survives) from the browser loading a new document (it is gone).
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { sameDocumentMark: boolean }).sameDocumentMark = true));
}

/** Whether the document `markDocument` marked is still the one on screen. */
export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { sameDocumentMark?: boolean }).sameDocumentMark === true);
}

const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target })),
    }));
  });
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
}

/** Controls smaller than 24 x 24 CSS px (WCAG 2.2, 2.5.8) as "tag "name" WxH", a link inside a sentence excepted. */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea, summary")]
      .filter((control) => {
        const box = control.getBoundingClientRect();
        // Hidden, or visually hidden until focused (a skip link): not a target while unseen.
        if (box.width <= 1 || box.height <= 1 || getComputedStyle(control).visibility === "hidden") return false;
        if (box.width >= 24 && box.height >= 24) return false;
        // A link in a sentence is excepted: the text around it sets its size.
        const inSentence =
          control.tagName === "A" &&
          getComputedStyle(control).display === "inline" &&
          (control.parentElement?.textContent ?? "").replace(control.textContent ?? "", "").trim() !== "";
        return !inSentence;
      })
      .map((control) => {
        const box = control.getBoundingClientRect();
        const name = (control.getAttribute("aria-label") ?? control.textContent ?? "").trim().slice(0, 40) || control.getAttribute("name") || control.tagName;
        return `${control.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`;
      }),
  );
}

export interface Appearance {
  /** Milliseconds from the start of navigation to the first painted frame that shows the element. */
  shownAt: number;
  /** Painted frames in which the element was in the page but not yet shown. */
  hiddenFrames: number;
}

/**
 * Opens `url` and reports when `selector` first shows as a person sees it: on
 * painted frames, once the page's styles apply (an unstyled element before the
 * stylesheet arrives is never painted, so it does not count), with visibility
 * and opacity both letting it through. The stylesheets are held back until the
 * watcher is running, so no frame is painted unseen, however slow the machine.
 * The watcher runs in an isolated world, so it works with JavaScript disabled too.
 */
export async function watchAppearance(page: Page, url: string, selector: string): Promise<Appearance> {
  let releaseStylesheets = () => {};
  const watcherRunning = new Promise<void>((resolve) => (releaseStylesheets = resolve));
  const holdStylesheet = async (route: import("playwright-core").Route) => {
    await watcherRunning;
    await route.continue();
  };
  await page.route("**/*.css", holdStylesheet);
  try {
    await page.goto(url, { waitUntil: "commit" });
    const cdp = await page.context().newCDPSession(page);
    const { frameTree } = await cdp.send("Page.getFrameTree");
    const { executionContextId } = await cdp.send("Page.createIsolatedWorld", { frameId: frameTree.frame.id, worldName: "appearance-watch" });
    const watcher = `(() => {
      let hiddenFrames = 0;
      globalThis.__appeared = new Promise((resolve) => {
        const onFrame = (time) => {
          const element = document.querySelector(${JSON.stringify(selector)});
          if (element) {
            const style = getComputedStyle(element);
            if (style.visibility === "visible" && Number(style.opacity) > 0) return resolve({ shownAt: time, hiddenFrames });
            hiddenFrames++;
          }
          requestAnimationFrame(onFrame);
        };
        requestAnimationFrame(onFrame);
      });
    })()`;
    await cdp.send("Runtime.evaluate", { contextId: executionContextId, expression: watcher });
    releaseStylesheets();
    const { result, exceptionDetails } = await cdp.send("Runtime.evaluate", {
      contextId: executionContextId,
      expression: "globalThis.__appeared",
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails) throw new Error(`Watching ${selector} failed: ${exceptionDetails.text}`);
    await cdp.detach();
    return result.value as Appearance;
  } finally {
    releaseStylesheets();
    await page.unroute("**/*.css", holdStylesheet);
  }
}
