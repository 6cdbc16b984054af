// What abusive traffic costs everyone else, each figure measured while the abuse runs, on the
// production server with its production limits (one fresh server per part):
//   1. a visitor's public pages (the `/` p99 and the page-cache hit rate of the visitor's own
//      requests) while another client cycles 1,000 spellings of the same pages (`/About`,
//      `/%61bout`, `/about//` ...);
//   2. a genuine quote request from a new address while 100 addresses post junk to the quote,
//      contact and newsletter forms as fast as they are answered, past the global cap;
//   3. the owner's sign-in time while 40 clients sign in with made-up emails;
//   4. the server's memory and its /metrics size before and after 100,000 requests to made-up
//      paths.
// The abusive clients run in a worker thread, so their work does not pause the client being
// timed. Each part's figures are printed beside its goals; a goal missed fails the run.
import http from "node:http";
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { pickFrom, printTable, SAMPLE_QUOTE, seededRandom } from "./measure.js";
import { freePort, PRODUCTION_TUNING } from "../scripts/built-server.js";

export const name = "abuse";

const OWNER = { email: "owner@clearlinebusiness.co.uk", password: "abuse-benchmark-owner-password" };
const SERVER_ENV = { TRUST_PROXY: "true", ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password };
/** The production limits (app/platform/rate-limit.server.ts; the built server's starter raises them for the other benchmarks). */
const SERVER_OPTIONS = { tuning: PRODUCTION_TUNING };
/** Writes of one form from everyone together a minute: 60 times a client's 10. */
const GLOBAL_CAP = 600;

const PAGES = ["/", "/business-mobile", "/about", "/contact", "/testimonials", "/cookies", "/privacy", "/terms"];
const BROWSER_HEADERS = { Accept: "text/html,application/xhtml+xml", "Accept-Encoding": "gzip, deflate, br", "User-Agent": "abuse-benchmark" };

// Part 1: the visitor asks for `/` every HOME_GAP_MS (the most visited page, and the figures for its
// p99), and for the other pages in turn, the next once the other client has had SPELLINGS_PER_VISIT
// more spellings answered: each other page comes round once in 7 × 50 = 350 spellings, more than
// the page cache's 200 pages, as a site's less visited pages do among the abuse.
const SPELLINGS = 1_000;
const SPELLING_CONNECTIONS = 8;
const SPELLINGS_PER_VISIT = 50;
const HOME_GAP_MS = 50;
const SPELLING_MIN_SECONDS = 20;
const SPELLING_MAX_SECONDS = 60;
const HOME_P99_GOAL_MS = 50;

// Part 2.
const JUNK_ADDRESSES = 100;
const GENUINE_QUOTES = 3;
/** Within the rate limits' window of 60 s. */
const JUNK_MAX_SECONDS = 45;

// Part 3.
const SIGN_IN_CLIENTS = 40;
const OWNER_SIGN_INS = 3;
const OWNER_SIGN_IN_GOAL_MS = 2_000;
/** A sign-in still unanswered after this long is counted as this long (and fails). */
const SIGN_IN_TIMEOUT_MS = 60_000;

// Part 4.
const RANDOM_REQUESTS = 100_000;
const RANDOM_WARM_UP_REQUESTS = 2_000;
const RANDOM_CONNECTIONS = 32;
/** A machine too busy to make the requests in this time stops short (and fails). */
const RANDOM_MAX_SECONDS = 600;
const RSS_GROWTH_GOAL_MIB = 20;
/** One more (route, method, status) series is 14 lines (a counter and a histogram of 10 buckets). */
const METRIC_LINES_TOLERANCE = 50;

/** `count` spellings of the public pages, none of them a page's own: case, %-encoded letters, extra slashes. */
export function pathSpellings(count = SPELLINGS) {
  const random = seededRandom(1);
  const spellings = new Set(["/About", "/%61bout", "/about/", "/about//", "/ABOUT///", "//", "///"]);
  while (spellings.size < count) {
    const page = pickFrom(random, PAGES.slice(1));
    const letters = [...page.slice(1)].map((letter) => {
      if (!/[a-z]/.test(letter)) return letter;
      const roll = random();
      if (roll < 0.15) {
        const hex = letter.charCodeAt(0).toString(16);
        return `%${random() < 0.5 ? hex : hex.toUpperCase()}`;
      }
      return roll < 0.55 ? letter.toUpperCase() : letter;
    });
    const slashes = random() < 0.5 ? "/".repeat(1 + Math.floor(random() * 3)) : "";
    const spelling = `/${letters.join("")}${slashes}`;
    if (!PAGES.includes(spelling)) spellings.add(spelling);
  }
  return [...spellings];
}

// ---- The abusive clients: each `...Clients(options)` gives one function per client, `(n) => its nth request`.

/** Part 1: the spellings, shared out between the connections. */
export function spellingClients({ connections }) {
  const spellings = pathSpellings();
  return Array.from({ length: connections }, (_, client) => (n) => ({
    label: "GET a spelling",
    method: "GET",
    path: spellings[(n * connections + client) % spellings.length],
    headers: BROWSER_HEADERS,
  }));
}

const form = (fields) => new URLSearchParams(fields).toString();
const JUNK = [
  { label: "quote {}", form: "quote", path: "/api/quote-requests", type: "application/json", body: "{}" },
  {
    label: "quote, bad email",
    form: "quote",
    path: "/api/quote-requests",
    type: "application/json",
    body: JSON.stringify({ ...SAMPLE_QUOTE, email: "not-an-email" }),
  },
  { label: "quote, not JSON", form: "quote", path: "/api/quote-requests", type: "application/json", body: '{"teamSize":' },
  { label: "contact, empty", form: "contact", path: "/contact", type: "application/x-www-form-urlencoded", body: "" },
  {
    label: "contact, bad email",
    form: "contact",
    path: "/contact",
    type: "application/x-www-form-urlencoded",
    body: form({ name: "x", email: "not-an-email", message: "x" }),
  },
  { label: "newsletter, empty", form: "newsletter", path: "/about", type: "application/x-www-form-urlencoded", body: "" },
  { label: "newsletter, bad email", form: "newsletter", path: "/about", type: "application/x-www-form-urlencoded", body: form({ email: "not-an-email" }) },
];

/** Part 2: each client an address of its own, posting every kind of junk in turn. */
export function junkClients({ addresses }) {
  return Array.from({ length: addresses }, (_, address) => (n) => {
    const junk = JUNK[(n + address) % JUNK.length];
    return {
      label: junk.label,
      method: "POST",
      path: junk.path,
      headers: { "Content-Type": junk.type, "Fly-Client-IP": `198.51.100.${address + 1}` },
      body: junk.body,
    };
  });
}

/** Part 3: each client an address of its own, signing in with a new made-up email and password each time. */
export function signInClients({ clients, origin }) {
  return Array.from({ length: clients }, (_, client) => {
    const random = seededRandom(1000 + client);
    return () => {
      const guess = Math.floor(random() * 1e9).toString(36);
      return {
        label: "sign-in, made-up email",
        method: "POST",
        path: "/admin/api/login",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "Fly-Client-IP": `203.0.113.${client + 1}` },
        body: form({ email: `someone-${guess}@example.com`, password: `guess-${guess}` }),
      };
    };
  });
}

/** Part 4: GET /<random>, POST /<random> and GET /admin/<random>, in random case, with doubled and trailing slashes. */
export function randomPathClients({ connections, seed }) {
  const characters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_";
  return Array.from({ length: connections }, (_, client) => {
    const random = seededRandom(seed * 1000 + client);
    const segment = () => Array.from({ length: 3 + Math.floor(random() * 10) }, () => pickFrom(random, [...characters])).join("");
    const randomPath = () => {
      const segments = Array.from({ length: 1 + Math.floor(random() * 3) }, segment);
      const joined = segments.map((part, index) => (index > 0 && random() < 0.25 ? `/${part}` : part)).join("/");
      return `${joined}${random() < 0.3 ? "/".repeat(1 + Math.floor(random() * 2)) : ""}`;
    };
    return () => {
      const roll = random();
      if (roll < 1 / 3) return { label: "GET /<random>", method: "GET", path: `/${randomPath()}`, headers: BROWSER_HEADERS };
      if (roll < 2 / 3) {
        return {
          label: "POST /<random>",
          method: "POST",
          path: `/${randomPath()}`,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: form({ email: "x@example.com" }),
        };
      }
      return { label: "GET /admin/<random>", method: "GET", path: `/admin/${randomPath()}`, headers: BROWSER_HEADERS };
    };
  });
}

// ---- Sending requests.

/**
 * Sends one request exactly as described (the path as written: no URL parser tidies it) and
 * reads the whole answer. Never rejects: a failure is status 0.
 */
function send(agent, origin, { method, path, headers = {}, body }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const sized = body === undefined ? headers : { ...headers, "Content-Length": Buffer.byteLength(body) };
    const request = http.request(origin, { agent, method, path, headers: sized, timeout: SIGN_IN_TIMEOUT_MS }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, ms: performance.now() - started }));
      response.on("error", (error) => resolve({ status: 0, headers: {}, ms: performance.now() - started, error }));
    });
    request.on("timeout", () => request.destroy(new Error(`no answer in ${SIGN_IN_TIMEOUT_MS} ms`)));
    request.on("error", (error) => resolve({ status: 0, headers: {}, ms: performance.now() - started, error }));
    request.end(body);
  });
}

/** In the worker: runs `workerData`'s clients until told to stop (or `amount` requests are answered), reporting as it goes. */
async function runAbusiveClients() {
  const { origin, clients: clientsName, options, amount } = workerData;
  const makers = { spellingClients, junkClients, signInClients, randomPathClients };
  const clients = makers[/** @type {keyof typeof makers} */ (clientsName)](options);
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients.length });
  const stats = {
    sent: 0,
    answered: 0,
    failed: 0,
    answers: /** @type {Record<string, Record<string, number>>} */ ({}),
    pageCache: /** @type {Record<string, number>} */ ({}),
    failures: /** @type {Record<string, number>} */ ({}),
  };
  let stopping = false;
  const report = (done = false) => parentPort?.postMessage({ done, stats });
  parentPort?.on("message", (message) => {
    if (message !== "stop") return;
    stopping = true;
    report(true);
  });
  // Often: the visitor of part 1 paces itself by these reports.
  const timer = setInterval(report, 20);
  await Promise.all(
    clients.map(async (client) => {
      for (let n = 0; !stopping && (amount === undefined || stats.sent < amount); n += 1) {
        stats.sent += 1;
        const request = client(n);
        const answer = await send(agent, origin, request);
        if (stopping) return;
        if (answer.status === 0) {
          stats.failed += 1;
          const reason = answer.error?.code ?? answer.error?.message ?? "unknown";
          stats.failures[reason] = (stats.failures[reason] ?? 0) + 1;
        } else stats.answered += 1;
        const byStatus = (stats.answers[request.label] ??= {});
        byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
        const cache = String(answer.headers["x-page-cache"] ?? "none");
        stats.pageCache[cache] = (stats.pageCache[cache] ?? 0) + 1;
      }
    }),
  );
  clearInterval(timer);
  agent.destroy();
  if (!stopping) report(true);
}

if (!isMainThread && workerData?.abusiveClients) await runAbusiveClients();

/** Starts the named clients in a worker thread; `stop()` ends them and gives their counts. */
function startAbusiveClients(server, clients, options, amount) {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { abusiveClients: true, origin: server.url, clients, options, amount },
    // Not this process's `--import`s: exit-with-parent.js (`npm run bench`) would see the worker's
    // own stdin, which has already ended, and stop the whole benchmark.
    execArgv: [],
  });
  let latest = { sent: 0, answered: 0, failed: 0, answers: {}, pageCache: {}, failures: {} };
  let settle;
  const done = new Promise((resolve, reject) => {
    settle = resolve;
    worker.on("error", reject);
    worker.on("exit", (code) => reject(new Error(`The abusive clients' worker ended (${code}) before reporting`)));
  });
  worker.on("message", (message) => {
    latest = message.stats;
    if (message.done) settle(message.stats);
  });
  return {
    stats: () => latest,
    /** Resolves once `amount` requests are answered. */
    finished: async () => {
      const stats = await done;
      await worker.terminate();
      return stats;
    },
    stop: async () => {
      worker.postMessage("stop");
      const stats = await done;
      // Requests still in flight are dropped with the worker.
      await worker.terminate();
      return stats;
    },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const percentile = (values, fraction) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
};
const answersText = (answers) =>
  Object.entries(answers)
    .map(([status, count]) => `${count} × ${status === "0" ? "no answer" : status}`)
    .join(", ");

function printAbusiveAnswers(stats) {
  printTable(Object.entries(stats.answers).map(([label, answers]) => ({ "abusive request": label, answers: answersText(answers) })));
  if (stats.failed > 0) console.log(`Unanswered: ${answersText(stats.failures)}`);
}

// ---- The four parts. Each returns its goal rows: { figure, measured, goal, pass }.

async function pagesUnderSpellings(startBuiltServer) {
  console.log(`\n### 1. A visitor's pages while another client cycles ${SPELLINGS.toLocaleString("en-GB")} spellings of them`);
  const server = await startBuiltServer(SERVER_ENV, SERVER_OPTIONS);
  // One connection for `/`, one for the other pages.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  try {
    const page = (path) => ({ method: "GET", path, headers: BROWSER_HEADERS });
    // Each page's first request renders it; it is kept once compressed, so ask until it is a hit.
    const warmUpRequests = {};
    for (const path of PAGES) {
      for (let tries = 1; ; tries += 1) {
        const answer = await send(agent, server.url, page(path));
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
        if (answer.headers["x-page-cache"] === "hit") {
          warmUpRequests[path] = tries;
          break;
        }
        if (tries === 100) throw new Error(`${path} was never answered from the page cache`);
        await sleep(20);
      }
    }
    console.log(`Warm-up: requests until each page was a page-cache hit: ${Object.values(warmUpRequests).join(", ")}`);

    const abuse = startAbusiveClients(server, "spellingClients", { connections: SPELLING_CONNECTIONS });
    const started = performance.now();
    const over = () => {
      const elapsed = performance.now() - started;
      return elapsed > SPELLING_MAX_SECONDS * 1000 || (elapsed > SPELLING_MIN_SECONDS * 1000 && abuse.stats().answered >= 2 * SPELLINGS);
    };
    const visits = [];
    const visit = async (path) => {
      const answer = await send(agent, server.url, page(path));
      visits.push({ path, status: answer.status, cache: answer.headers["x-page-cache"], ms: answer.ms });
    };
    const otherPages = PAGES.slice(1);
    await Promise.all([
      (async () => {
        while (!over()) {
          await visit("/");
          await sleep(HOME_GAP_MS);
        }
      })(),
      (async () => {
        for (let n = 0; !over(); n += 1) {
          await visit(otherPages[n % otherPages.length]);
          const next = abuse.stats().answered + SPELLINGS_PER_VISIT;
          while (abuse.stats().answered < next && !over()) await sleep(5);
        }
      })(),
    ]);
    const abusive = await abuse.stop();
    const took = performance.now() - started;

    const ofPages = (paths) => visits.filter((visit) => paths.includes(visit.path));
    const hitsOf = (list) => list.filter((visit) => visit.status === 200 && visit.cache === "hit").length;
    const times = (list) => list.map((visit) => visit.ms);
    printTable(
      PAGES.map((path) => {
        const own = ofPages([path]);
        return {
          page: path,
          visits: own.length,
          "page-cache hits": hitsOf(own),
          "p50 ms": percentile(times(own), 0.5).toFixed(1),
          "p99 ms": percentile(times(own), 0.99).toFixed(1),
          "not 200": own.filter((visit) => visit.status !== 200).length,
        };
      }),
    );
    console.log(
      `The other client, ${SPELLING_CONNECTIONS} connections for ${seconds(took)}: ${abusive.answered.toLocaleString("en-GB")} spellings answered ` +
        `(${(abusive.answered / SPELLINGS).toFixed(1)} rounds of ${SPELLINGS.toLocaleString("en-GB")}: ${answersText(abusive.answers["GET a spelling"] ?? {})}; ` +
        `X-Page-Cache ${answersText(abusive.pageCache)})`,
    );
    if (abusive.failed > 0) console.log(`Unanswered: ${answersText(abusive.failures)}`);
    const home = ofPages(["/"]);
    const others = ofPages(otherPages);
    const homeP99 = percentile(times(home), 0.99);
    const hitRate = (list) => `${((hitsOf(list) / list.length) * 100).toFixed(1)} % (${hitsOf(list)} of ${list.length})`;
    return [
      { figure: "1. visitor's page-cache hit rate, /", measured: hitRate(home), goal: "100 %", pass: hitsOf(home) === home.length },
      { figure: "1. ... the other pages", measured: hitRate(others), goal: "100 %", pass: hitsOf(others) === others.length },
      {
        figure: "1. visitor's / p99",
        measured: `${homeP99.toFixed(1)} ms (${home.length} requests)`,
        goal: `< ${HOME_P99_GOAL_MS} ms`,
        pass: homeP99 < HOME_P99_GOAL_MS,
      },
    ];
  } finally {
    agent.destroy();
    await server.stop();
  }
}

async function quoteUnderJunk(startBuiltServer) {
  console.log(`\n### 2. A genuine quote request while ${JUNK_ADDRESSES} addresses post junk to the quote, contact and newsletter forms`);
  const server = await startBuiltServer(SERVER_ENV, SERVER_OPTIONS);
  const agent = new http.Agent({ keepAlive: false });
  try {
    const abuse = startAbusiveClients(server, "junkClients", { addresses: JUNK_ADDRESSES });
    const started = performance.now();
    // Past the global cap: twice as many posts to the quote form answered as it allows in its window.
    const pastTheCap = () =>
      Object.entries(abuse.stats().answers)
        .filter(([label]) => JUNK.some((junk) => junk.label === label && junk.form === "quote"))
        .reduce((sum, [, answers]) => sum + Object.values(answers).reduce((a, b) => a + b, 0), 0) >=
      2 * GLOBAL_CAP;
    while (!pastTheCap() && performance.now() - started < JUNK_MAX_SECONDS * 1000) await sleep(50);
    const junkBefore = abuse.stats().answered;
    const genuine = [];
    for (let n = 1; n <= GENUINE_QUOTES; n += 1) {
      const answer = await send(agent, server.url, {
        method: "POST",
        path: "/api/quote-requests",
        headers: { "Content-Type": "application/json", "Fly-Client-IP": `192.0.2.${n}` },
        body: JSON.stringify(SAMPLE_QUOTE),
      });
      genuine.push(answer);
    }
    const abusive = await abuse.stop();
    console.log(
      `Junk for ${seconds(performance.now() - started)}: ${junkBefore.toLocaleString("en-GB")} posts answered before the genuine quotes` +
        `${pastTheCap() ? "" : ` (not yet ${2 * GLOBAL_CAP} to the quote form after ${JUNK_MAX_SECONDS} s)`}, ${(abusive.answered - junkBefore).toLocaleString("en-GB")} while they were posted:`,
    );
    printAbusiveAnswers(abusive);
    const answered201 = genuine.filter((answer) => answer.status === 201).length;
    return [
      {
        figure: `2. genuine quotes answered 201 (new addresses)`,
        measured: `${answered201} of ${genuine.length} (${genuine.map((answer) => `${answer.status || "no answer"} in ${answer.ms.toFixed(0)} ms`).join(", ")})`,
        goal: "all 201",
        pass: answered201 === genuine.length,
      },
    ];
  } finally {
    agent.destroy();
    await server.stop();
  }
}

async function ownerSignInUnderStorm(startBuiltServer) {
  console.log(`\n### 3. The owner's sign-in while ${SIGN_IN_CLIENTS} clients sign in with made-up emails`);
  const server = await startBuiltServer(SERVER_ENV, SERVER_OPTIONS);
  const agent = new http.Agent({ keepAlive: false });
  try {
    /** The sign-in form's post as the browser sends it; signed in is a 302 with a session cookie. */
    const ownerSignIn = async (address) => {
      const answer = await send(agent, server.url, {
        method: "POST",
        path: "/admin/api/login",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "Fly-Client-IP": address },
        body: form(OWNER),
      });
      const cookies = /** @type {string[]} */ (answer.headers["set-cookie"] ?? []);
      const signedIn = answer.status === 302 && cookies.some((cookie) => /^__session=[^;]/.test(cookie));
      return { ...answer, signedIn };
    };
    // Alone first: the owner is written just after the server starts answering, so ask until signed in.
    let alone;
    for (let tries = 1; ; tries += 1) {
      alone = await ownerSignIn(`192.0.2.${100 + tries}`);
      if (alone.signedIn) break;
      if (tries === 20) throw new Error(`The owner could not sign in: ${alone.status}`);
      await sleep(250);
    }
    const abuse = startAbusiveClients(server, "signInClients", { clients: SIGN_IN_CLIENTS, origin: server.url });
    const started = performance.now();
    // Every made-up sign-in is in flight by then.
    await sleep(2_000);
    const owner = [];
    for (let n = 1; n <= OWNER_SIGN_INS; n += 1) owner.push(await ownerSignIn(`192.0.2.${n}`));
    const abusive = await abuse.stop();
    console.log(`Made-up sign-ins for ${seconds(performance.now() - started)} (the owner's began after 2 s):`);
    printAbusiveAnswers(abusive);
    console.log(`The owner's sign-in alone, before: ${alone.ms.toFixed(0)} ms`);
    const slowest = Math.max(...owner.map((answer) => (answer.signedIn ? answer.ms : Infinity)));
    return [
      {
        figure: "3. owner's sign-in (slowest of 3)",
        measured: `${Number.isFinite(slowest) ? `${slowest.toFixed(0)} ms` : "not signed in"} (${owner
          .map((answer) => `${answer.signedIn ? "302" : answer.status || "no answer"} in ${answer.ms.toFixed(0)} ms`)
          .join(", ")})`,
        goal: `signed in, < ${OWNER_SIGN_IN_GOAL_MS} ms`,
        pass: slowest < OWNER_SIGN_IN_GOAL_MS,
      },
    ];
  } finally {
    agent.destroy();
    await server.stop();
  }
}

async function memoryUnderRandomPaths(startBuiltServer) {
  console.log(`\n### 4. The server's memory and /metrics over ${RANDOM_REQUESTS.toLocaleString("en-GB")} requests to made-up paths`);
  const metricsPort = await freePort();
  const server = await startBuiltServer({ ...SERVER_ENV, METRICS_ADDRESS: String(metricsPort) }, SERVER_OPTIONS);
  try {
    const rssMiB = () => Number(fs.readFileSync(`/proc/${server.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)\s+kB/)?.[1] ?? NaN) / 1024;
    const metricLines = async () => {
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
      return (await response.text()).trimEnd().split("\n").length;
    };
    const rssAtStart = rssMiB();
    // The same kinds of request first, so what a first request of each kind leaves (compiled code,
    // each answer's series) is there before the count starts.
    await startAbusiveClients(server, "randomPathClients", { connections: RANDOM_CONNECTIONS, seed: 1 }, RANDOM_WARM_UP_REQUESTS).finished();
    await metricLines();
    await sleep(1_000);
    const before = { rss: rssMiB(), lines: await metricLines() };
    const started = performance.now();
    const abuse = startAbusiveClients(server, "randomPathClients", { connections: RANDOM_CONNECTIONS, seed: 2 }, RANDOM_REQUESTS);
    let timer;
    const timeLimit = new Promise((resolve) => (timer = setTimeout(resolve, RANDOM_MAX_SECONDS * 1000))).then(() => abuse.stop());
    const abusive = await Promise.race([abuse.finished(), timeLimit]);
    clearTimeout(timer);
    const took = performance.now() - started;
    await sleep(1_000);
    const after = { rss: rssMiB(), lines: await metricLines() };
    console.log(
      `${abusive.answered.toLocaleString("en-GB")} answered in ${seconds(took)} (${(abusive.answered / (took / 1000)).toFixed(0)}/s, ${RANDOM_CONNECTIONS} connections), ` +
        `${abusive.failed} unanswered; RSS at start ${rssAtStart.toFixed(1)} MiB, then ${RANDOM_WARM_UP_REQUESTS.toLocaleString("en-GB")} requests of the same kinds before the count`,
    );
    printAbusiveAnswers(abusive);
    const growth = after.rss - before.rss;
    const lineGrowth = after.lines - before.lines;
    return [
      {
        figure: "4. requests to made-up paths made",
        measured: `${(abusive.answered + abusive.failed).toLocaleString("en-GB")} (${abusive.failed} unanswered)`,
        goal: `${RANDOM_REQUESTS.toLocaleString("en-GB")} in ${RANDOM_MAX_SECONDS} s`,
        pass: abusive.answered + abusive.failed >= RANDOM_REQUESTS,
      },
      {
        figure: "4. server RSS growth",
        measured: `${growth >= 0 ? "+" : ""}${growth.toFixed(1)} MiB (${before.rss.toFixed(1)} → ${after.rss.toFixed(1)})`,
        goal: `< ${RSS_GROWTH_GOAL_MIB} MiB`,
        pass: growth < RSS_GROWTH_GOAL_MIB,
      },
      {
        figure: "4. /metrics lines",
        measured: `${lineGrowth >= 0 ? "+" : ""}${lineGrowth} (${before.lines} → ${after.lines})`,
        goal: `flat (± ${METRIC_LINES_TOLERANCE})`,
        pass: Math.abs(lineGrowth) <= METRIC_LINES_TOLERANCE,
      },
    ];
  } finally {
    await server.stop();
  }
}

export async function run({ startBuiltServer }) {
  const started = performance.now();
  const goals = [
    ...(await pagesUnderSpellings(startBuiltServer)),
    ...(await quoteUnderJunk(startBuiltServer)),
    ...(await ownerSignInUnderStorm(startBuiltServer)),
    ...(await memoryUnderRandomPaths(startBuiltServer)),
  ];
  console.log("\n### Goals");
  printTable(goals.map(({ figure, measured, goal, pass }) => ({ figure, measured, goal, result: pass ? "PASS" : "FAIL" })));
  console.log(`Took ${seconds(performance.now() - started)}.`);
  if (goals.some((goal) => !goal.pass)) process.exitCode = 1;
}
