import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, TEST_OWNER, TEST_OWNER_ENV } from "../support/admin";
import { seedTestLeads } from "../support/database";
import { SAMPLE_ENQUIRY, SAMPLE_QUOTE } from "../support/forms";
import { runScript } from "../support/scripts";
import { removeTestData, startTestServer, testPostgresDatabaseFor, type TestServer } from "../support/server";

// `npm run db:copy -- --to $DATABASE_URL`: a business on one machine (SQLite) moves to Postgres
// and finds everything there: staff, passwords, leads and their timeline, search, counts, content.

const folders: string[] = [];
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop().catch(() => {});
  for (const folder of folders) await removeTestData(folder);
});

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "db-copy-test-"));
  folders.push(folder);
  return folder;
}

const dbCopy = (args: string[], env: Record<string, string>) => runScript("db-copy", args, env);

const json = (server: TestServer, cookie: string, method: string, route: string, body?: object) =>
  fetch(`${server.url}${route}`, {
    method,
    headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/json" },
    body: body && JSON.stringify(body),
  });

let sqliteDataDir: string;
let copiedLead: { id: number; reference: string };

beforeAll(async () => {
  // A year on one machine, in short: leads (one with a note and a new status), an enquiry,
  // a newsletter sign-up, a testimonial, and the owner's password.
  sqliteDataDir = tempFolder();
  const onSqlite = await startTestServer(TEST_OWNER_ENV, { dataDir: sqliteDataDir, sqliteOnly: true });
  servers.push(onSqlite);
  await seedTestLeads(onSqlite.db, 240);
  const owner = await signIn(onSqlite, TEST_OWNER.email, TEST_OWNER.password);
  const created = await fetch(`${onSqlite.url}/api/quote-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...SAMPLE_QUOTE, businessName: "Moorside Joinery Ltd" }),
  });
  expect(created.status).toBe(201);
  copiedLead = (await created.json()) as { id: number; reference: string };
  expect((await json(onSqlite, owner, "PUT", `/admin/api/quote-requests/${copiedLead.id}`, { status: "qualified" })).status).toBe(200);
  const enquiry = await fetch(`${onSqlite.url}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(SAMPLE_ENQUIRY),
  });
  expect(enquiry.status).toBe(302);
  const testimonial = await json(onSqlite, owner, "POST", "/admin/api/testimonials", {
    name: "Gwen Hughes",
    company: "Moorside Joinery Ltd",
    position: "Owner",
    date: "May 1, 2025",
    content: "Our phones, broadband and mobiles are on one bill now, and it is a smaller one.",
    rating: 5,
    featured: true,
  });
  expect(testimonial.status).toBe(201);
  await onSqlite.stop();
  servers.splice(servers.indexOf(onSqlite), 1);
});

describe("npm run db:copy", () => {
  it("copies a SQLite database into an empty Postgres, and the app on Postgres carries on where it stopped", async () => {
    const postgresDataDir = tempFolder();
    const databaseUrl = await testPostgresDatabaseFor(postgresDataDir);
    const copied = await dbCopy(["--", "--to", databaseUrl], { DATA_DIR: sqliteDataDir });
    expect(copied.code, copied.output).toBe(0);
    expect(copied.output).toContain(`Copied ${path.join(sqliteDataDir, "app.db")} into Postgres:`);
    expect(copied.output).toMatch(/ leads +241 rows\n/);

    const onPostgres = await startTestServer({}, { dataDir: postgresDataDir });
    servers.push(onPostgres);
    // The same password signs the owner in; the lead keeps its reference, status and timeline.
    const owner = await signIn(onPostgres, TEST_OWNER.email, TEST_OWNER.password);
    const lead = await json(onPostgres, owner, "GET", `/admin/api/quote-requests/${copiedLead.id}`);
    expect(lead.status).toBe(200);
    expect(((await lead.json()) as { lead: object }).lead).toMatchObject({
      reference: copiedLead.reference,
      status: "qualified",
      companyName: SAMPLE_QUOTE.companyName,
    });
    const timeline = await onPostgres.db.selectFrom("leadActivity").select("kind").where("leadId", "=", copiedLead.id).execute();
    expect(timeline.map((row) => row.kind)).toContain("status");

    // Search (the generated search text) and the per-status counts (kept by triggers) work on the copy.
    const found = await json(onPostgres, owner, "GET", "/admin/api/quote-requests?q=moorside%20join");
    expect((await found.json()).map((row: { id: number }) => row.id)).toEqual([copiedLead.id]);
    const counts = await onPostgres.db.selectFrom("leadStatusCounts").select(["status", "count"]).execute();
    const grouped = await onPostgres.db
      .selectFrom("leads")
      .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
      .groupBy("status")
      .execute();
    expect(Object.fromEntries(counts.filter((row) => row.count > 0).map((row) => [row.status, row.count]))).toEqual(
      Object.fromEntries(grouped.map((row) => [row.status, Number(row.count)])),
    );
    expect(await onPostgres.db.selectFrom("contactEnquiries").select("email").execute()).toEqual([{ email: SAMPLE_ENQUIRY.email }]);
    expect(await (await fetch(`${onPostgres.url}/`)).text()).toContain("Our phones, broadband and mobiles are on one bill now");

    // New rows continue the copied ids rather than colliding with them.
    const next = await fetch(`${onPostgres.url}/api/quote-requests`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(SAMPLE_QUOTE),
    });
    expect(next.status).toBe(201);
    expect(((await next.json()) as { id: number }).id).toBeGreaterThan(copiedLead.id);
  });

  it("refuses a database that already holds data, changing nothing", async () => {
    const dataDir = tempFolder();
    const databaseUrl = await testPostgresDatabaseFor(dataDir);
    // A Postgres the app already started on: its owner account exists.
    const started = await startTestServer(TEST_OWNER_ENV, { dataDir });
    servers.push(started);
    const before = await started.db.selectFrom("adminUsers").select("email").execute();
    const refused = await dbCopy(["--to", databaseUrl], { DATA_DIR: sqliteDataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toBe("The Postgres database already holds data (1 row in adminUsers): copy into an empty database.\n");
    expect(await started.db.selectFrom("adminUsers").select("email").execute()).toEqual(before);
    expect(await started.db.selectFrom("leads").select("id").execute()).toEqual([]);
  });

  it("answers a missing target, a bad URL or a missing SQLite file with a clear message and exit 1", async () => {
    const usage = "Usage: npm run db:copy -- --to postgres://user:password@host:5432/database [--from path/to/app.db]\n";
    expect(await dbCopy([], { DATA_DIR: sqliteDataDir })).toEqual({ code: 1, output: usage });
    expect(await dbCopy(["--to", "mysql://db/quotes"], { DATA_DIR: sqliteDataDir })).toEqual({ code: 1, output: `--to must be a postgres:// URL.\n${usage}` });
    const empty = tempFolder();
    const noDatabase = await dbCopy(["--to", await testPostgresDatabaseFor(empty)], { DATA_DIR: empty });
    expect(noDatabase).toEqual({ code: 1, output: `There is no SQLite database at ${path.join(empty, "app.db")} (is DATA_DIR right, or --from?).\n` });
  });
});
