import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { databaseMigratedTo } from "../support/database";
import { seedQuote, seedQuoteLead } from "../support/seeded-quotes";
import { removeTestData, startTestServer, type TestServer } from "../support/server";

/**
 * Migration 0026 adds orders, their lines and contracts, and lets a lead's timeline say "order". Started on a
 * database from before it, the server keeps every timeline entry, and from then on the database holds one order per
 * quote and one contract per line. On SQLite and Postgres alike.
 */

const started: TestServer[] = [];
const dataDirs: string[] = [];

afterAll(async () => {
  for (const server of started) await server.stop();
  for (const dataDir of dataDirs) await removeTestData(dataDir);
});

describe("migration 0026_orders", () => {
  it("keeps every timeline entry, takes 'order' entries, one order per quote and one contract per line", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "orders-before-0026-"));
    dataDirs.push(dataDir);
    const before = await databaseMigratedTo(dataDir, "0025_newsletter_latest_sign_up");
    let lead: { id: number; reference: string };
    let quoteId: number;
    try {
      lead = await seedQuoteLead(before, { businessName: "Timeline Kept Ltd" });
      quoteId = await seedQuote(before, {
        leadId: lead.id,
        status: "accepted",
        acceptedAt: new Date().toISOString(),
        acceptedName: "Ada Signer",
        acceptedRole: "Director",
      });
      for (const kind of ["note", "status", "quote"] as const) {
        await before
          .insertInto("leadActivity")
          .values({ leadId: lead.id, kind, actorId: null, actorName: "System", body: `A ${kind} entry`, createdAt: new Date().toISOString() })
          .execute();
      }
    } finally {
      await before.destroy();
    }

    const after = await startTestServer({}, { dataDir });
    started.push(after);
    const timeline = () => after.db.selectFrom("leadActivity").select(["kind", "body"]).where("leadId", "=", lead.id).orderBy("id").execute();
    expect(await timeline()).toEqual([
      { kind: "note", body: "A note entry" },
      { kind: "status", body: "A status entry" },
      { kind: "quote", body: "A quote entry" },
    ]);
    const now = new Date().toISOString();
    await after.db
      .insertInto("leadActivity")
      .values({ leadId: lead.id, kind: "order", actorId: null, actorName: "System", body: "Order placed", createdAt: now })
      .execute();
    expect((await timeline()).at(-1)).toEqual({ kind: "order", body: "Order placed" });

    const order = { quoteId, leadId: lead.id, createdAt: now, updatedAt: now };
    const { id: orderId } = await after.db
      .insertInto("orders")
      .values({ ...order, reference: "ORD-MIGRA1" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expect(
      after.db
        .insertInto("orders")
        .values({ ...order, reference: "ORD-MIGRA2" })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    await expect(
      after.db
        .updateTable("orders")
        .set({ status: "shipped" as never })
        .where("id", "=", orderId)
        .execute(),
    ).rejects.toThrow(/check/i);

    const { id: lineId } = await after.db
      .insertInto("orderLines")
      .values({ orderId, position: 1, tariffName: "Business 30GB", termMonths: 24, monthlyExVatPence: 1400 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const contract = {
      orderId,
      orderLineId: lineId,
      tariffName: "Business 30GB",
      termMonths: 24,
      monthlyExVatPence: 1400,
      startDate: "2026-12-01",
      endDate: "2028-11-30",
    };
    await after.db.insertInto("contracts").values(contract).execute();
    await expect(after.db.insertInto("contracts").values(contract).execute()).rejects.toThrow(/unique|duplicate/i);

    // A renewal lead names the order it came from; removing the order leaves the lead.
    await after.db.updateTable("leads").set({ renewalOfOrderId: orderId }).where("id", "=", lead.id).execute();
    expect(await after.db.selectFrom("leads").select("renewalOfOrderId").where("id", "=", lead.id).executeTakeFirstOrThrow()).toEqual({
      renewalOfOrderId: orderId,
    });
  });
});
