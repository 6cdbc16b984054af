// Lighthouse (mobile, simulated throttling: its default config) on the public pages, with the stock
// images staff upload in production: the four category scores of each page, the metrics that cost
// performance points, and each score beside its goal. Each page is measured several times
// and the median run is reported (Lighthouse's own computeMedianRun, as Lighthouse CI does): one
// run's performance score swings with the order things happened in its trace.
import fs from "node:fs";
import nodePath from "node:path";
import puppeteer from "puppeteer-core";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import sharp from "sharp";
import { printGoals, printTable } from "./measure.js";

export const name = "lighthouse";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PAGES = ["/", "/business-mobile", "/about", "/contact"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const GOALS = { performance: 0.98, accessibility: 1, "best-practices": 1, seo: 1 };
const METRICS = [
  ["LCP", "largest-contentful-paint"],
  ["TBT", "total-blocking-time"],
  ["CLS", "cumulative-layout-shift"],
  ["FCP", "first-contentful-paint"],
  ["SI", "speed-index"],
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const OWNER = { email: "bench-owner@clearlinebusiness.co.uk", password: "bench-owner-password-123" };

/** A camera-sized picture with detail everywhere (gradients, waves and grain), as JPEG: a stock photo's weight. */
async function photo(width, height, seed) {
  const pixels = Buffer.alloc(width * height * 3);
  let random = seed * 7919 + 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      random = (random * 1103515245 + 12345) & 0x7fffffff;
      const grain = (random % 25) - 12;
      const wave = Math.sin((x + seed * 97) / 37) * Math.cos(y / 53) * 40;
      const offset = (y * width + x) * 3;
      pixels[offset] = Math.max(0, Math.min(255, (x / width) * 200 + wave + grain + seed * 20));
      pixels[offset + 1] = Math.max(0, Math.min(255, (y / height) * 180 + wave + grain));
      pixels[offset + 2] = Math.max(0, Math.min(255, 220 - (x / width) * 120 - wave + grain));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function logo(seed) {
  return sharp({ create: { width: 360, height: 120, channels: 4, background: { r: 20 + seed * 50, g: 60, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

async function signIn(url) {
  const response = await fetch(`${url}/admin/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams(OWNER),
    redirect: "manual",
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((pair) => pair.startsWith("__session=") && pair !== "__session=");
  if (!session) throw new Error(`Sign-in failed: ${response.status}`);
  return session;
}

/** Uploads the site's images through the admin API, as staff do. */
async function seedStockImages(url) {
  const session = await signIn(url);
  const uploads = [
    ["hero-section", "A small business team comparing mobile deals", await photo(2400, 1800, 1), "hero.jpg"],
    ["services", "An office phone system on a desk", await photo(2000, 1500, 2), "services.jpg"],
    ["about-us", "Our advisers in the office", await photo(2000, 1500, 3), "about.jpg"],
    ["general", "A business mobile on a meeting table", await photo(2000, 1500, 4), "general.jpg"],
    ["contact", "Our support team on the phone", await photo(2000, 1500, 5), "contact.jpg"],
    ["resources", "Choosing a SIM-only plan", await photo(1600, 1200, 6), "resource1.jpg"],
    ["resources", "Moving to VoIP", await photo(1600, 1200, 7), "resource2.jpg"],
    ["resources", "Business broadband checklist", await photo(1600, 1200, 8), "resource3.jpg"],
    ...[1, 2, 3, 4].map((n) => [`formlogo${n}`, `Network ${n}`, null, `logo${n}.png`]),
  ];
  for (const [location, description, bytes, filename] of uploads) {
    const form = new FormData();
    const body = bytes ?? (await logo(Number(filename.match(/\d/)[0])));
    form.set("image", new Blob([body], { type: filename.endsWith(".png") ? "image/png" : "image/jpeg" }), filename);
    form.set("location", location);
    form.set("description", description);
    const response = await fetch(`${url}/admin/api/stock-images`, { method: "POST", headers: { Cookie: session, Origin: url }, body: form });
    if (response.status !== 201) throw new Error(`Upload for ${location} failed: ${response.status} ${await response.text()}`);
  }
}

function formatMetric(audit) {
  if (!audit || audit.numericValue === undefined) return "-";
  return audit.numericUnit === "millisecond" ? `${Math.round(audit.numericValue)} ms` : audit.numericValue.toFixed(3);
}

export async function run({ startBuiltServer }) {
  const server = await startBuiltServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  /** @type {import("puppeteer-core").Browser | undefined} */
  let browser;
  try {
    await seedStockImages(server.url);
    // A pipe, not a port: when this process ends in any way the pipe closes and Chromium exits with it.
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      pipe: true,
      ignoreDefaultArgs: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "about:blank"],
    });
    const scores = [];
    const metrics = [];
    for (const path of PAGES) {
      // Once unmeasured first, so the measured run does not pay for variants made on first request.
      const page = await browser.newPage();
      await page.goto(`${server.url}${path}`, { waitUntil: "networkidle0" });
      await page.close();
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const measuredPage = await browser.newPage();
        const result = await lighthouse(`${server.url}${path}`, { logLevel: "error", output: "json", onlyCategories: CATEGORIES }, undefined, measuredPage);
        await measuredPage.close().catch(() => {});
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${result.lhr.runtimeError.message}`);
        runs.push(result.lhr);
      }
      const lhr = computeMedianRun(runs);
      console.log(
        `${path}: performance in ${RUNS} runs ${runs.map((run) => run.categories.performance.score?.toFixed(2)).join(", ")}; the median run is reported`,
      );
      // LIGHTHOUSE_REPORT_DIR=/tmp/lighthouse keeps each page's median report, to read what a score is made of.
      if (process.env.LIGHTHOUSE_REPORT_DIR) {
        fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
        fs.writeFileSync(nodePath.join(process.env.LIGHTHOUSE_REPORT_DIR, `${path === "/" ? "home" : path.slice(1)}.json`), JSON.stringify(lhr, null, 1));
      }
      scores.push({ path, ...Object.fromEntries(CATEGORIES.map((category) => [category, lhr.categories[category].score])) });
      metrics.push({ page: path, ...Object.fromEntries(METRICS.map(([label, id]) => [label, formatMetric(lhr.audits[id])])) });
      const failing = Object.values(lhr.audits).filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 1 &&
          audit.scoreDisplayMode !== "informative" &&
          audit.scoreDisplayMode !== "notApplicable" &&
          audit.scoreDisplayMode !== "manual",
      );
      const costly = failing.filter((audit) => audit.scoreDisplayMode === "binary" || audit.score < 0.9).map((audit) => audit.id);
      if (costly.length) console.log(`${path}: audits below full marks: ${costly.join(", ")}`);
    }
    printTable(scores.map((row) => ({ page: row.path, ...Object.fromEntries(CATEGORIES.map((category) => [category, row[category]?.toFixed(2) ?? "-"])) })));
    console.log("");
    printTable(metrics);
    console.log("");
    printGoals(
      scores.flatMap((row) =>
        CATEGORIES.map((category) => ({
          figure: `${row.path} ${category}`,
          measured: row[category]?.toFixed(2) ?? "-",
          goal: `>= ${GOALS[category]}`,
          met: row[category] !== null && row[category] >= GOALS[category],
        })),
      ),
    );
  } finally {
    await browser?.close().catch(() => browser?.process()?.kill("SIGKILL"));
    await server.stop();
  }
}
