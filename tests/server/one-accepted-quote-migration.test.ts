import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { databaseMigratedTo } from "../support/database";
import { daysAgo, seedQuote, seedQuoteLead } from "../support/seeded-quotes";
import { removeTestData, startTestServer, type TestServer } from "../support/server";

/**
 * Migration 0024: a lead has one accepted quote, held by the database. A database from before it
 * may hold a lead with two accepted quotes (a quote sent and accepted after another was): started
 * on it, the server keeps the newest accepted, supersedes the older one (its acceptance kept as
 * evidence, the lead's timeline and the audit log saying so), and from then on the database refuses
 * a second acceptance of any lead. On SQLite and Postgres alike.
 */

const MIGRATION = "0024_one_accepted_quote_per_lead";
const started: TestServer[] = [];
const dataDirs: string[] = [];

afterAll(async () => {
  for (const server of started) await server.stop();
  for (const dataDir of dataDirs) await removeTestData(dataDir);
});

describe(`migration ${MIGRATION}`, () => {
  it("keeps a lead's newest accepted quote, supersedes the older one with its evidence kept, then holds one accepted quote per lead", async () => {
    // The database as it was before the migration: every migration up to the one before it applied.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quotes-before-0024-"));
    dataDirs.push(dataDir);
    const before = await databaseMigratedTo(dataDir, "0023_exact_person_matching");
    const acceptance = (name: string, days: number) => ({ acceptedAt: daysAgo(days), acceptedName: name, acceptedRole: "Director" });
    const first = acceptance("First Signer", 19);
    let lead: Awaited<ReturnType<typeof seedQuoteLead>>;
    let older: number, newer: number, single: number;
    try {
      lead = await seedQuoteLead(before, { businessName: "Twice Accepted Ltd" });
      older = await seedQuote(before, { leadId: lead.id, status: "accepted", createdAt: daysAgo(20), ...first });
      newer = await seedQuote(before, { leadId: lead.id, status: "accepted", createdAt: daysAgo(10), ...acceptance("Second Signer", 9) });
      const other = await seedQuoteLead(before, { businessName: "Once Accepted Ltd" });
      single = await seedQuote(before, { leadId: other.id, status: "accepted", ...acceptance("Only Signer", 1) });
    } finally {
      await before.destroy();
    }

    const after = await startTestServer({}, { dataDir });
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
