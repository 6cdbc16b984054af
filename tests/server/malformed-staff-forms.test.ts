import { describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { bodyProbes, changedTables, inPool, LEAKED_ERROR, productRows, RowWatch, type BodyProbe } from "../support/malformed";
import { startTestServer, type TestServer } from "../support/server";
import { createOneOfEach, createRecord, signInAs } from "../support/staff-fixtures";
import {
  allowed,
  EVERYONE,
  expectedRefusal,
  routePath,
  STAFF_ROUTES,
  type RecordKind,
  type StaffRoute,
  type StaffWrite,
  type Who,
} from "../support/staff-routes";

/**
 * Every staff form and JSON write (the writes of every `app/routes/admin*`
 * file) posted with malformed bodies, signed out and as each role: no answer
 * is a server fault, whoever may not write is refused the way the route
 * refuses, and a refused request changes no row.
 */

interface Target {
  file: string;
  route: StaffRoute;
  write: StaffWrite;
}

const TARGETS: Target[] = Object.entries(STAFF_ROUTES).flatMap(([file, route]) => (route.writes ?? []).map((write) => ({ file, route, write })));

/** A POST to each route that takes none (a page without a form, a JSON route without POST): refused, never a fault. */
const NO_POST: Target[] = Object.entries(STAFF_ROUTES)
  .filter(([, route]) => !route.writesProbedElsewhere && !route.writes?.some((write) => write.method === "POST"))
  .map(([file, route]) => ({ file, route, write: { method: "POST", access: "anyone", body: "form", fields: ["intent"] } }));

/** The query string of each allowed write: some forms send the visitor back to the page they came from, search and all. */
const WRITE_QUERY = "q=%00%27%22%E0%A4%A&page=-1&redirectTo=%2F%2Fevil.example&__proto__[x]=1";

/** Where a redirect may send a browser: a path on this site, never another host. */
const ON_SITE = /^\/(?![/\\])/;

/** One role's own server: the role signed in, and a record of each kind. */
interface Group {
  who: Who;
  server: TestServer;
  cookie: string;
  ids: Record<RecordKind, string>;
}

function probesFor({ ids }: Group, { write }: Target, options: { sample?: boolean } = {}): BodyProbe[] {
  const valid = write.valid && Object.fromEntries(Object.entries(write.valid).map(([name, value]) => [name, typeof value === "function" ? value(ids) : value]));
  return bodyProbes(write.body, write.fields, valid, options);
}

async function send({ who, server, cookie }: Group, target: Target, path: string, probe: BodyProbe) {
  const headers: Record<string, string> = { Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) };
  if (probe.contentType) headers["Content-Type"] = probe.contentType;
  const body = typeof probe.body === "string" ? probe.body : new Uint8Array(probe.body);
  const label = `${who} ${target.write.method} ${path} (${target.file}) with ${probe.name}`;
  const answer = await fetch(`${server.url}${path}`, { method: target.write.method, headers, body, redirect: "manual" })
    .then(async (response) => ({ response, text: await response.text() }))
    .catch((error: Error) => error);
  if (answer instanceof Error) return { label: `${label}: no answer`, status: 0, problems: [`${label}: no answer, ${String(answer.cause ?? answer)}`] };
  const { response, text } = answer;
  const location = response.headers.get("Location");
  const problems: string[] = [];
  const answered = `${label}: ${response.status}${location ? ` to ${location}` : ""}`;
  if (response.status >= 500) problems.push(`${answered} ${text.slice(0, 200)}`);
  if (LEAKED_ERROR.test(text)) problems.push(`${answered} leaked: ${text.slice(0, 200)}`);
  if (location && !ON_SITE.test(location)) problems.push(`${answered}: off the site`);
  return { label: answered, status: response.status, location, problems };
}

/**
 * The writes the role may not make (and POSTs to routes that take none), side by side: each is
 * refused the way its route refuses, before its body is read (so a sample of bodies is enough),
 * and nothing at all changes while they are sent.
 */
async function probeRefusedWrites(group: Group): Promise<{ problems: string[]; changes: string[]; sent: number }> {
  const { who, server, ids } = group;
  const refused = [...TARGETS, ...NO_POST].filter((target) => !allowed(who, target.write.access) || target.write.access === "anyone");
  const probes = refused.flatMap((target) => probesFor(group, target, { sample: true }).map((probe) => ({ target, probe })));
  const problems: string[] = [];
  const before = await productRows(server.db);
  await inPool(probes, 6, async ({ target, probe }) => {
    const answer = await send(group, target, routePath(target.route, target.route.record && ids[target.route.record]), probe);
    problems.push(...answer.problems);
    if (target.write.access === "anyone") {
      // No such write: the sign-in it needs first, or 405 (a body too large is refused before either).
      if (answer.status < 400 && answer.status !== 302) problems.push(`${answer.label}, expected a refusal`);
      return;
    }
    const refusal = expectedRefusal(target.route, who, target.write.access)!;
    const asExpected = answer.status === refusal.status && (!refusal.location || answer.location === refusal.location);
    if (!asExpected && answer.status !== 413) problems.push(`${answer.label}, expected ${refusal.status}${refusal.location ? ` to ${refusal.location}` : ""}`);
  });
  return { problems, changes: changedTables(before, await productRows(server.db)), sent: probes.length };
}

/** The writes the role may make, one at a time, every malformed body: a refusal (4xx) changes no row. */
async function probeAllowedWrites(group: Group): Promise<{ problems: string[]; writesOnRefusal: string[]; sent: number }> {
  const { who, server } = group;
  const problems: string[] = [];
  const writesOnRefusal: string[] = [];
  let sent = 0;
  let made = 100;
  const rows = await RowWatch.start(server.db);
  for (const target of TARGETS.filter(({ write }) => write.access !== "anyone" && allowed(who, write.access))) {
    const { record } = target.route;
    // A record of its own, made again once a probe has changed or removed it.
    let id = record && (await createRecord(server.db, record, made++));
    await rows.reset();
    for (const probe of probesFor(group, target)) {
      const answer = await send(group, target, `${routePath(target.route, id)}?${WRITE_QUERY}`, probe);
      sent += 1;
      problems.push(...answer.problems);
      const changes = await rows.changes({ tolerate: target.write.refusalsMayWrite });
      if (answer.status >= 400 && changes.length) writesOnRefusal.push(`${answer.label}: ${changes.join("; ")}`);
      if (answer.status < 400 && record) {
        id = await createRecord(server.db, record, made++);
        await rows.reset();
      }
    }
  }
  return { problems, writesOnRefusal, sent };
}

// Each role on a server of its own, the four side by side: within one, the probes that may write go one at a time.
describe.concurrent("staff forms and JSON writes", () => {
  // The limit only catches a stuck run: on Postgres every probe reads every table again (no data_version there).
  it.each(EVERYONE)("as %s: no fault, refused as each route refuses, and a refusal changes nothing", { timeout: 300_000 }, async (who) => {
    const server = await startTestServer(TEST_OWNER_ENV);
    try {
      const [cookie, ids] = await Promise.all([signInAs(server, who), createOneOfEach(server.db)]);
      const group: Group = { who, server, cookie, ids };
      const refused = await probeRefusedWrites(group);
      expect(refused.sent).toBeGreaterThan(who === "super_admin" ? 10 : 50);
      expect(refused.problems.join("\n")).toBe("");
      expect(refused.changes).toEqual([]);
      if (who === "signedOut") return;
      const taken = await probeAllowedWrites(group);
      expect(taken.sent).toBeGreaterThan(100);
      expect(taken.problems.join("\n")).toBe("");
      expect(taken.writesOnRefusal.join("\n")).toBe("");
      // Still signed in: nothing above ended the session.
      expect((await fetch(`${server.url}/admin/api/auth/user`, { headers: { Cookie: cookie } })).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
