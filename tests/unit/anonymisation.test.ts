import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The one anonymisation that retention and erasure share
 * (app/models/anonymisation.server.ts), on a real SQLite database: what a
 * deleted newsletter sign-up leaves behind. Leads and enquiries are checked
 * through an erasure over HTTP (tests/server/person-erasure.test.ts).
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "anonymisation-"));
const previousDataDir = process.env.DATA_DIR;
process.env.DATA_DIR = dataDir;

// Imported once DATA_DIR is set: the configuration is read as its module loads.
const { getDb } = await import("~/infrastructure/db.server");
const { deleteNewsletterSignups } = await import("~/models/anonymisation.server");

afterAll(async () => {
  await (await getDb()).destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
});

async function signUp(email: string) {
  const db = await getDb();
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto("newsletterSignups")
    .values({ email, firstName: "Nia", lastName: "Jones", sourcePage: "/about", createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("outbox")
    .values({
      kind: "newsletter.confirmation-email",
      leadId: null,
      payload: JSON.stringify({ to: [email], subject: "Confirm your subscription" }),
      nextAttemptAt: null,
      lastAttemptAt: now,
      lastError: null,
      deliveredAt: now,
      failedAt: null,
      createdAt: now,
    })
    .execute();
  await db
    .insertInto("consentRecords")
    .values({
      email,
      leadId: null,
      newsletterSignupId: id,
      purpose: "marketing_email",
      page: "/about",
      wording: "w",
      wordingVersion: "v",
      givenAt: now,
      withdrawnAt: null,
      withdrawnHow: null,
    })
    .execute();
  return id;
}

describe("deleting newsletter sign-ups", () => {
  it("deletes the sign-up and its confirmation email's copy, and clears the consent record's address; another address keeps its own", async () => {
    const db = await getDb();
    const gone = await signUp("Nia_Jones@example.co.uk");
    await signUp("niaxjones@example.co.uk");
    expect(await db.transaction().execute((trx) => deleteNewsletterSignups(trx, [gone]))).toBe(1);
    expect(await db.selectFrom("newsletterSignups").select("email").execute()).toEqual([{ email: "niaxjones@example.co.uk" }]);
    const copies = await db.selectFrom("outbox").select("payload").execute();
    expect(copies.map((row) => JSON.parse(row.payload).to)).toEqual([["niaxjones@example.co.uk"]]);
    const consents = await db.selectFrom("consentRecords").select(["email", "wording"]).orderBy("id").execute();
    expect(consents).toEqual([
      { email: "", wording: "w" },
      { email: "niaxjones@example.co.uk", wording: "w" },
    ]);
  });
});
