import { beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { changedTables, GARBAGE_IDS, inPool, LEAKED_ERROR, productRows, queryProbes, UNDECODABLE_ID } from "../support/malformed";
import { testServerForSuite } from "../support/server";
import { createOneOfEach, signInEveryRole } from "../support/staff-fixtures";
import { EVERYONE, expectedRefusal, routePath, STAFF_ROUTES, staffRouteFiles, type RecordKind, type StaffRoute, type Who } from "../support/staff-routes";

/**
 * Every staff route (every `app/routes/admin*` file) opened with nasty query
 * strings, and with ids that name no record, signed out and as each role: no
 * answer is a server fault, each refuses whom it should the way it should,
 * bad values fall back rather than fail, and opening a page changes no row.
 */

interface Probe {
  file: string;
  route: StaffRoute;
  url: string;
  /** The path's id names no record. */
  missing: boolean;
  /** The path cannot be decoded: refused before any route runs. */
  undecodable?: boolean;
}

function probesOf(who: Who, ids: Record<RecordKind, string>): Probe[] {
  return Object.entries(STAFF_ROUTES).flatMap(([file, route]) => {
    const real = routePath(route, route.record && ids[route.record]);
    // A route refusing the caller does so before it reads the query: a sample of it is enough.
    const sample = expectedRefusal(route, who, route.view) !== null;
    const queries = queryProbes(route.query ?? [], { sample }).map((probe) => ({ file, route, url: `${real}?${probe.query}`, missing: false }));
    const garbage = route.record
      ? GARBAGE_IDS.map((id) => ({ file, route, url: routePath(route, id), missing: true, undecodable: id === UNDECODABLE_ID }))
      : [];
    return [...queries, ...garbage];
  });
}

/** Where a redirect may send a browser: a path on this site, never another host. */
const ON_SITE = /^\/(?![/\\])/;

describe("staff routes' query strings and ids", () => {
  const server = testServerForSuite(TEST_OWNER_ENV);
  let cookies: Record<Who, string>;
  let ids: Record<RecordKind, string>;

  beforeAll(async () => {
    [cookies, ids] = await Promise.all([signInEveryRole(server), createOneOfEach(server.db)]);
  });

  it("has probes for every staff route file", () => {
    const files = staffRouteFiles();
    expect(files.filter((file) => !(file in STAFF_ROUTES))).toEqual([]);
    expect(Object.keys(STAFF_ROUTES).filter((file) => !files.includes(file))).toEqual([]);
  });

  it.each(EVERYONE)("answers %s without a fault, refuses as each route does, and changes nothing", async (who) => {
    const probes = probesOf(who, ids);
    const problems: string[] = [];
    let exported = 0;
    const before = await productRows(server.db);
    await inPool(probes, 6, async ({ file, route, url, missing, undecodable }) => {
      const answer = await fetch(`${server.url}${url}`, { headers: cookies[who] ? { Cookie: cookies[who] } : {}, redirect: "manual" })
        .then(async (response) => ({ response, text: await response.text() }))
        .catch((error: Error) => error);
      // A connection closed before the whole answer (an export failing part way) is a fault too.
      if (answer instanceof Error) return void problems.push(`${who} GET ${url.slice(0, 120)} (${file}): no answer, ${String(answer.cause ?? answer)}`);
      const { response, text } = answer;
      const location = response.headers.get("Location");
      const label = `${who} GET ${url.slice(0, 120)} (${file}): ${response.status}${location ? ` to ${location}` : ""}`;
      if (response.status >= 500) problems.push(`${label} ${text.slice(0, 200)}`);
      if (LEAKED_ERROR.test(text)) problems.push(`${label} leaked: ${text.slice(0, 200)}`);
      if (location && !ON_SITE.test(location)) problems.push(`${label}: off the site`);
      // What was typed is shown as text, never run as markup.
      if (text.includes("<script>alert(1)</script>")) problems.push(`${label}: the query string is echoed as markup`);
      // The lists' exports, and an order's lines for the network (a CSV download, audited like them).
      if (/\.export\.ts$|\[\.\]csv\.ts$/.test(file) && response.status === 200) exported += 1;
      if (response.status >= 500) return;
      if (undecodable) {
        if (response.status !== 400) problems.push(`${label}, expected 400`);
        return;
      }
      if (route.view === "anyone") return;
      const refusal = expectedRefusal(route, who, route.view);
      // A value in a parameter the route reads (others are ignored, an empty one is left out).
      const params = new URL(url, server.url).searchParams;
      const queried = (route.query ?? []).some((name) => (params.get(name) ?? "") !== "");
      const expected = refusal ?? {
        status: missing ? (route.missingStatus ?? 404) : queried ? (route.badQueryStatus ?? route.viewStatus ?? 200) : (route.viewStatus ?? 200),
      };
      if (response.status !== expected.status || (refusal?.location && location !== refusal.location)) {
        problems.push(`${label}, expected ${expected.status}${refusal?.location ? ` to ${refusal.location}` : ""}`);
      }
    });
    // An export may be recorded in the audit log; nothing else is written by opening a page.
    const changes = changedTables(before, await productRows(server.db), { auditEntries: exported });
    expect(probes.length).toBeGreaterThan(200);
    expect(problems.join("\n")).toBe("");
    expect(changes).toEqual([]);
    // Still signed in: nothing above ended the session.
    if (who !== "signedOut") expect((await fetch(`${server.url}/admin/api/auth/user`, { headers: { Cookie: cookies[who] } })).status).toBe(200);
  });
});
