import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { daysAgo, seedQuote, seedQuoteLead } from "../support/seeded-quotes";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Migration 0024: a lead has one accepted quote, held by the database. A database from before it
 * may hold a lead with two accepted quotes (a quote sent and accepted after another was): started
 * on it, the server keeps the newest accepted, supersedes the older one (its acceptance kept as
 * evidence, the lead's timeline and the audit log saying so), and from then on the database refuses
 * a second acceptance of any lead. On SQLite and Postgres alike.
 */

const MIGRATION = "0024_one_accepted_quote_per_lead";
const started: TestServer[] = [];

afterAll(async () => {
  // The last started first: it runs on the first one's data, which goes with the first.
  for (const server of started.reverse()) await server.stop();
});

describe(`migration ${MIGRATION}`, () => {
  it("keeps a lead's newest accepted quote, supersedes the older one with its evidence kept, then holds one accepted quote per lead", async () => {
    const before = await startTestServer();
    started.push(before);
    // The database as it was before the migration: without the rule, and the migration not yet applied.
    await sql`DROP INDEX quotes_one_accepted_per_lead`.execute(before.db);
    await sql`DELETE FROM kysely_migration WHERE name = ${MIGRATION}`.execute(before.db);
    const lead = await seedQuoteLead(before.db, { businessName: "Twice Accepted Ltd" });
    const acceptance = (name: string, days: number) => ({ acceptedAt: daysAgo(days), acceptedName: name, acceptedRole: "Director" });
    const first = acceptance("First Signer", 19);
    const older = await seedQuote(before.db, { leadId: lead.id, status: "accepted", createdAt: daysAgo(20), ...first });
    const newer = await seedQuote(before.db, { leadId: lead.id, status: "accepted", createdAt: daysAgo(10), ...acceptance("Second Signer", 9) });
    const other = await seedQuoteLead(before.db, { businessName: "Once Accepted Ltd" });
    const single = await seedQuote(before.db, { leadId: other.id, status: "accepted", ...acceptance("Only Signer", 1) });
    expect(await before.kill("SIGTERM")).toEqual({ code: 0, signal: null });

    const after = await startTestServer({}, { dataDir: before.dataDir });
    started.push(after);
    const quote = (id: number) => after.db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(await quote(older)).toMatchObject({ status: "superseded", ...first });
    expect(await quote(newer)).toMatchObject({ status: "accepted", acceptedName: "Second Signer" });
    expect(await quote(single)).toMatchObject({ status: "accepted", acceptedName: "Only Signer" });
    const timeline = await after.db.selectFrom("leadActivity").select(["body", "actorName"]).where("leadId", "=", lead.id).execute();
    expect(timeline).toEqual([
      { body: "Quote Q1 superseded: a lead has one accepted quote, and a newer version of this lead's was accepted too", actorName: "System" },
    ]);
    const audit = await after.db
      .selectFrom("auditLog")
      .select(["action", "summary"])
      .where("entityType", "=", "quote")
      .where("entityId", "=", String(older))
      .execute();
    expect(audit).toEqual([{ action: "quote.superseded", summary: expect.stringContaining(`(${lead.reference}-Q1)`) }]);

    // From now on the database itself refuses a lead's second accepted quote.
    await expect(seedQuote(after.db, { leadId: lead.id, status: "accepted", ...acceptance("Third Signer", 0) })).rejects.toThrow(/unique|duplicate/i);
    const third = await seedQuote(after.db, { leadId: lead.id, status: "sent" });
    await expect(after.db.updateTable("quotes").set({ status: "accepted" }).where("id", "=", third).execute()).rejects.toThrow(/unique|duplicate/i);
  });
});
