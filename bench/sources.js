// The Sources report (issue 41, "Speed") over a year of 100,000 leads: each view one request after another, as
// JSON (`GET /admin/api/reports/sources`, by source, by source and medium, by campaign) and as the Sources screen
// (`/admin/reports/sources`, by source, which also reads every lead of the period for its weekly chart).
// Goal: p95 under 300 ms for each.
//
// The leads are spread evenly over the last 365 UK days, the report's longest period, with attribution as a year of
// marketing leaves it (SEEDERS below): about 70% from one of the channels, 30% recording none; about 40% sent a
// quote, 15% accepted one and 8% with a live order and its contracts; every day's visits to the comparison per
// channel and campaign (about 20,000 rows) and each paid channel's monthly spend, whole and per campaign.
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import SQLite from "better-sqlite3";
import { loadAverage, percentile, pickFrom, printGoals, printTable, seededRandom, signInAs, sortedRequestTimes } from "./measure.js";
import { seedLeadRows } from "./seed-leads.js";

export const name = "sources";

/** SOURCES_BENCH_LEADS: fewer, to try the benchmark itself quickly; the goal is for 100,000. */
const LEADS = Number(process.env.SOURCES_BENCH_LEADS ?? 100_000);
/** The period: a full year of UK days up to today (the report's longest is 366). */
const PERIOD_DAYS = 365;
const WARM_UP = 30;
const SAMPLES = 200;
const GOAL_MS = 300;
const OWNER = { email: "bench@clearlinebusiness.co.uk", password: "benchmark-password-1" };

/** Shares of all leads, as issue 41's benchmark describes a year. */
const SHARE = { noAttribution: 0.3, quoteSent: 0.4, quoteAccepted: 0.15, orderLive: 0.08, orderNotLiveYet: 0.03, draftOnly: 0.05 };

const SEARCH_CAMPAIGNS = [
  "business-mobile-brand",
  "business-mobile-generic",
  "business-broadband",
  "business-broadband-rural",
  "sim-only-business",
  "5g-business",
  "switch-and-save",
  "iphone-business-deals",
  "samsung-business-deals",
  "leeds-local",
  "manchester-local",
  "competitor-conquest",
];
const SOCIAL_CAMPAIGNS = [
  "spring-switch",
  "summer-sim-only",
  "autumn-broadband",
  "winter-bundle",
  "retarget-comparison",
  "retarget-quote",
  "lookalike-customers",
  "video-awareness",
];
const LINKEDIN_CAMPAIGNS = ["decision-makers", "office-managers", "it-leads", "finance-directors", "growing-teams", "new-companies"];
const NEWSLETTER_CAMPAIGNS = Array.from({ length: 12 }, (_, month) => `newsletter-${String(month + 1).padStart(2, "0")}`);
const PARTNER_CAMPAIGNS = ["partner-x-members", "partner-y-offer"];
const SEARCH_TERMS = ["business mobile deals", "sim only business", "business broadband", "cheap business phone", "5g business plan", "business iphone"];
const CONTENTS = ["headline-a", "headline-b", "image-team", "image-phone", "cta-compare"];
const LANDING_PATHS = ["/", "/business-mobile", "/business-broadband", "/sim-only", "/compare", "/about", "/guides/switching"];
const FORM_PATHS = ["/", "/business-mobile", "/business-broadband", "/sim-only", "/quote"];

/**
 * Where the attributed leads came from (12 sources, 5 mediums, 40 campaigns), each with its weight among them. `referrer`: the site a visit from
 * it arrives from; `campaigns`: the campaigns it runs (none for organic search and most referrals); `terms`: whether it carries search keywords.
 */
const CHANNELS = [
  { source: "google", medium: "cpc", weight: 18, referrer: "google.com", campaigns: SEARCH_CAMPAIGNS, terms: true },
  { source: "google", medium: "organic", weight: 14, referrer: "google.com" },
  { source: "bing", medium: "cpc", weight: 5, referrer: "bing.com", campaigns: SEARCH_CAMPAIGNS, terms: true },
  { source: "bing", medium: "organic", weight: 3, referrer: "bing.com" },
  { source: "duckduckgo", medium: "organic", weight: 2, referrer: "duckduckgo.com" },
  { source: "facebook", medium: "social", weight: 6, referrer: "facebook.com", campaigns: SOCIAL_CAMPAIGNS },
  { source: "facebook", medium: "cpc", weight: 5, referrer: "m.facebook.com", campaigns: SOCIAL_CAMPAIGNS },
  { source: "instagram", medium: "social", weight: 3, referrer: "instagram.com", campaigns: SOCIAL_CAMPAIGNS },
  { source: "linkedin", medium: "social", weight: 3, referrer: "linkedin.com", campaigns: LINKEDIN_CAMPAIGNS },
  { source: "linkedin", medium: "cpc", weight: 4, referrer: "linkedin.com", campaigns: LINKEDIN_CAMPAIGNS },
  { source: "newsletter", medium: "email", weight: 6, campaigns: NEWSLETTER_CAMPAIGNS },
  { source: "partner-x", medium: "referral", weight: 4, referrer: "partner-x.co.uk", campaigns: PARTNER_CAMPAIGNS.slice(0, 1) },
  { source: "partner-y", medium: "referral", weight: 2, referrer: "partner-y.com", campaigns: PARTNER_CAMPAIGNS.slice(1) },
  { source: "uswitch", medium: "referral", weight: 2, referrer: "uswitch.com" },
  { source: "yell", medium: "referral", weight: 2, referrer: "yell.com" },
  { source: "chatgpt", medium: "referral", weight: 1, referrer: "chatgpt.com" },
];
const CHANNEL_WEIGHT = CHANNELS.reduce((sum, channel) => sum + channel.weight, 0);

const ukDay = (instant) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
const addDays = (day, days) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function channelFor(random) {
  let left = random() * CHANNEL_WEIGHT;
  for (const channel of CHANNELS) {
    left -= channel.weight;
    if (left < 0) return channel;
  }
  return CHANNELS.at(-1);
}

/** A lead's attribution columns: all null for about 30%, otherwise a channel's, as app/features/leads/attribution.ts keeps them. */
function attributionFor(random) {
  if (random() < SHARE.noAttribution) {
    return { source: null, medium: null, campaign: null, term: null, content: null, referrerDomain: null, landingPath: null, formPath: null };
  }
  const channel = channelFor(random);
  const campaign = channel.campaigns ? pickFrom(random, channel.campaigns) : null;
  return {
    source: channel.source,
    medium: channel.medium,
    campaign,
    term: channel.terms ? pickFrom(random, SEARCH_TERMS) : null,
    content: campaign && random() < 0.5 ? pickFrom(random, CONTENTS) : null,
    referrerDomain: channel.referrer ?? null,
    landingPath: pickFrom(random, LANDING_PATHS),
    formPath: pickFrom(random, FORM_PATHS),
  };
}

/**
 * The leads, spread evenly from the first day's start (taken as midnight UTC, inside that UK day in summer and winter) to now, each with its
 * attribution. `context.leads` receives each lead's id, creation time, business and email, for the seeders after this one.
 */
function seedAttributedLeads(db, context) {
  const insert = db.prepare(`INSERT INTO leads (reference, status, teamSize, contractExpiry, businessType, businessName, postcode, firstName, lastName, email,
      phoneNumber, sourcePage, createdAt, updatedAt, source, medium, campaign, term, content, referrerDomain, landingPath, formPath)
    VALUES (@reference, @status, @teamSize, @contractExpiry, @businessType, @businessName, @postcode, @firstName, @lastName, @email,
      @phoneNumber, @sourcePage, @createdAt, @updatedAt, @source, @medium, @campaign, @term, @content, @referrerDomain, @landingPath, @formPath)`);
  const start = Date.parse(`${context.from}T00:00:00Z`);
  const step = (context.now - start) / context.count;
  for (const [index, row] of seedLeadRows(context.count).entries()) {
    const createdAt = new Date(start + (index + 0.5) * step).toISOString();
    const id = insert.run({ ...row, createdAt, updatedAt: createdAt, ...attributionFor(context.random) }).lastInsertRowid;
    context.leads.push({ id, createdAt, businessName: row.businessName, email: row.email });
  }
}

/** `at` plus 1 to `maxDays` days, never later than now. */
const later = (context, at, maxDays) => new Date(Math.min(context.now, Date.parse(at) + (1 + context.random() * (maxDays - 1)) * 86_400_000)).toISOString();

/**
 * Quotes: about 15% of leads accepted one (a fifth of those after an earlier version was superseded), about 25% more were sent one they have not
 * accepted, and about 5% have a draft only. `context.accepted` receives the accepted quotes, for the orders.
 */
function seedQuotes(db, context) {
  const insert = db.prepare(`INSERT INTO quotes (leadId, version, status, token, lines, start, validUntil, termsVersion, termsText, createdAt, updatedAt,
      sentAt, acceptedAt, acceptedName, acceptedRole)
    VALUES (?, ?, ?, ?, '[]', ?, ?, 'bench', 'The benchmark''s terms.', ?, ?, ?, ?, ?, ?)`);
  const quote = (lead, version, status, sentAt, acceptedAt) => {
    const createdAt = sentAt ?? later(context, lead.createdAt, 3);
    const start = createdAt.slice(0, 10);
    return insert.run(
      lead.id,
      version,
      status,
      randomBytes(16).toString("base64url"),
      start,
      addDays(start, 14),
      createdAt,
      acceptedAt ?? createdAt,
      sentAt,
      acceptedAt,
      acceptedAt ? "Ada Signer" : null,
      acceptedAt ? "Director" : null,
    ).lastInsertRowid;
  };
  for (const lead of context.leads) {
    const outcome = context.random();
    if (outcome < SHARE.quoteAccepted) {
      let version = 1;
      if (context.random() < 0.2) quote(lead, version++, "superseded", later(context, lead.createdAt, 3), null);
      const sentAt = later(context, lead.createdAt, 5);
      const acceptedAt = later(context, sentAt, 7);
      context.accepted.push({ lead, quoteId: quote(lead, version, "accepted", sentAt, acceptedAt), acceptedAt, outcome });
    } else if (outcome < SHARE.quoteSent) {
      quote(lead, 1, pickFrom(context.random, ["sent", "viewed", "viewed", "declined", "expired"]), later(context, lead.createdAt, 5), null);
    } else if (outcome < SHARE.quoteSent + SHARE.draftOnly) {
      quote(lead, 1, "draft", null, null);
    }
  }
}

/**
 * Orders of the accepted quotes: about 8% of all leads live, each with 1 to 3 lines and a contract per line; about 3% more on their way (no
 * contracts yet).
 */
function seedOrders(db, context) {
  const insertOrder = db.prepare(`INSERT INTO orders (quoteId, leadId, reference, status, ownerId, businessName, billingName, billingEmail,
      billingEmailNormalised, createdAt, updatedAt, liveAt)
    VALUES (?, ?, ?, ?, NULL, ?, 'Ada Signer', ?, ?, ?, ?, ?)`);
  const insertLine = db.prepare(`INSERT INTO orderLines (orderId, position, tariffName, termMonths, monthlyExVatPence, status)
    VALUES (?, ?, ?, 24, ?, ?)`);
  const insertContract = db.prepare(`INSERT INTO contracts (orderId, orderLineId, tariffName, termMonths, monthlyExVatPence, startDate, endDate)
    VALUES (?, ?, ?, 24, ?, ?, ?)`);
  const tariffs = [
    { name: "Business 30GB", pence: 1400 },
    { name: "Business Unlimited", pence: 2600 },
    { name: "Business Broadband 500", pence: 3500 },
  ];
  let number = 0;
  for (const { lead, quoteId, acceptedAt, outcome } of context.accepted) {
    // The same draw that made the quote accepted: the lowest 8% of all leads went live, the next 3% are on their way.
    const live = outcome < SHARE.orderLive;
    if (!live && outcome >= SHARE.orderLive + SHARE.orderNotLiveYet) continue;
    number += 1;
    const createdAt = later(context, acceptedAt, 2);
    const liveAt = live ? later(context, createdAt, 14) : null;
    const status = live ? "live" : pickFrom(context.random, ["awaiting_details", "details_received", "submitted", "porting"]);
    const reference = `ORD-${String(number).padStart(6, "0")}`;
    const orderId = insertOrder.run(
      quoteId,
      lead.id,
      reference,
      status,
      lead.businessName,
      lead.email,
      lead.email,
      createdAt,
      liveAt ?? createdAt,
      liveAt,
    ).lastInsertRowid;
    const lines = 1 + Math.floor(context.random() * 3);
    for (let position = 1; position <= lines; position += 1) {
      const tariff = pickFrom(context.random, tariffs);
      const orderLineId = insertLine.run(orderId, position, tariff.name, tariff.pence, live ? "live" : "awaiting_details").lastInsertRowid;
      if (live) insertContract.run(orderId, orderLineId, tariff.name, tariff.pence, liveAt.slice(0, 10), addDays(liveAt.slice(0, 10), 730));
    }
  }
}

/** The channels' campaigns, or none, each as a visit records it ("" for none). */
const visitOrigins = () => [
  { source: "", medium: "", campaign: "" },
  ...CHANNELS.flatMap((channel) => (channel.campaigns ?? [""]).map((campaign) => ({ source: channel.source, medium: channel.medium, campaign }))),
];

/** Visits that reached the comparison: every day of the year, each channel's campaigns (and none) 5 to 60 visits, as the server counts them. */
function seedVisits(db, context) {
  const insert = db.prepare("INSERT INTO comparisonVisits (day, source, medium, campaign, visits) VALUES (?, ?, ?, ?, ?)");
  const origins = visitOrigins();
  context.visits = 0;
  for (let day = context.from; day <= context.today; day = addDays(day, 1)) {
    for (const origin of origins) {
      const visits = 5 + Math.floor(context.random() * 56);
      insert.run(day, origin.source, origin.medium, origin.campaign, visits);
      context.visits += visits;
    }
  }
}

/** Spend for each month the year touches: every paid channel's source as a whole, and each of its campaigns, £50 to £2,000. */
function seedSpend(db, context) {
  const insert = db.prepare(
    "INSERT INTO marketingSpend (month, source, campaign, amountPence, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
  );
  const stamp = new Date(context.now).toISOString();
  const paid = CHANNELS.filter((channel) => channel.medium === "cpc" || channel.medium === "social");
  for (let month = context.from.slice(0, 7); month <= context.today.slice(0, 7); month = addDays(`${month}-28`, 7).slice(0, 7)) {
    for (const channel of paid) {
      for (const campaign of ["", ...(channel.campaigns ?? [])])
        insert.run(month, channel.source, campaign, 5_000 + Math.floor(context.random() * 195_000), stamp, stamp);
    }
  }
}

/**
 * What the benchmark puts in the database, in order, each `(db, context)` in the one transaction: add a function here for another table the report
 * reads (a later seeder finds the leads in `context.leads`).
 */
const SEEDERS = [seedAttributedLeads, seedQuotes, seedOrders, seedVisits, seedSpend];

/** Seeds the year; gives the visits seeded, which the report's totals must show. */
function seed(file, today) {
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  const context = { count: LEADS, today, from: addDays(today, -(PERIOD_DAYS - 1)), now: Date.now(), random: seededRandom(41), leads: [], accepted: [] };
  db.transaction(() => {
    for (const seeder of SEEDERS) seeder(db, context);
  })();
  db.close();
  return { visits: context.visits };
}

/** The year's totals straight from the tables, to check the report measured is the report of what was seeded. */
function expectedTotals(file) {
  const db = new SQLite(file, { readonly: true });
  const one = (query) => db.prepare(query).get().n;
  const totals = {
    leads: one("SELECT count(*) AS n FROM leads"),
    quotesSent: one("SELECT count(DISTINCT leadId) AS n FROM quotes WHERE sentAt IS NOT NULL"),
    quotesAccepted: one("SELECT count(DISTINCT leadId) AS n FROM quotes WHERE acceptedAt IS NOT NULL"),
    ordersLive: one("SELECT count(DISTINCT leadId) AS n FROM orders WHERE status = 'live'"),
    monthlyValueWonExVatPence: one(
      "SELECT coalesce(sum(c.monthlyExVatPence), 0) AS n FROM contracts c JOIN orders o ON o.id = c.orderId WHERE o.status = 'live'",
    ),
  };
  db.close();
  return totals;
}

const samplesOf = (url, cookie) => sortedRequestTimes(url, cookie, { warmUp: WARM_UP, samples: SAMPLES });

export async function run({ startBuiltServer }) {
  const server = await startBuiltServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  try {
    const today = ukDay(new Date());
    const from = addDays(today, -(PERIOD_DAYS - 1));
    const file = path.join(server.dataDir, "app.db");
    const seedStarted = performance.now();
    const seeded = seed(file, today);
    const expected = { ...expectedTotals(file), ...seeded };
    console.log(
      `Seeded ${LEADS.toLocaleString("en-GB")} leads from ${from} to ${today} in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s: ` +
        `${expected.quotesSent.toLocaleString("en-GB")} sent a quote, ${expected.quotesAccepted.toLocaleString("en-GB")} accepted one, ` +
        `${expected.ordersLive.toLocaleString("en-GB")} with a live order; ${expected.visits.toLocaleString("en-GB")} visits to the comparison and each ` +
        "paid channel's monthly spend",
    );
    console.log(`Load average at start: ${loadAverage()} (${os.cpus().length} cores)`);
    const cookie = await signInAs(server.url, OWNER);

    const period = `from=${from}&to=${today}`;
    const check = await fetch(`${server.url}/admin/api/reports/sources?${period}&group=source`, { headers: { Cookie: cookie } });
    const { totals } = await check.json();
    // The figures seeded here (spend is shared by days, so its total is not checked).
    if (Object.entries(expected).some(([figure, count]) => totals[figure] !== count)) {
      throw new Error(`The report's totals ${JSON.stringify(totals)} are not the seeded year's ${JSON.stringify(expected)}`);
    }

    const views = [
      { label: "JSON by source", pathAndQuery: `/admin/api/reports/sources?${period}&group=source` },
      { label: "JSON by source and medium", pathAndQuery: `/admin/api/reports/sources?${period}&group=source-medium` },
      { label: "JSON by campaign", pathAndQuery: `/admin/api/reports/sources?${period}&group=campaign` },
      { label: "Sources screen by source", pathAndQuery: `/admin/reports/sources?${period}&group=source` },
    ];
    const rows = [];
    const goals = [];
    for (const view of views) {
      const times = await samplesOf(`${server.url}${view.pathAndQuery}`, cookie);
      const p95 = percentile(times, 95);
      rows.push({
        view: view.label,
        samples: times.length,
        "p50 ms": percentile(times, 50).toFixed(1),
        "p95 ms": p95.toFixed(1),
        "p99 ms": percentile(times, 99).toFixed(1),
        "max ms": times.at(-1).toFixed(1),
      });
      goals.push({
        figure: `Sources report, ${view.label}, a year of ${LEADS.toLocaleString("en-GB")} leads: p95`,
        measured: `${p95.toFixed(1)} ms`,
        goal: `< ${GOAL_MS} ms`,
        met: p95 < GOAL_MS,
      });
    }
    console.log(`\nA year (${from} to ${today}), each view ${SAMPLES} times one request after another, after ${WARM_UP} unsampled:`);
    printTable(rows);
    console.log(`Load average at end: ${loadAverage()}\n`);
    printGoals(goals);
  } finally {
    await server.stop();
  }
}
