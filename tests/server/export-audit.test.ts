import { beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { staffClient } from "../support/client";
import { confirmedSignupRow, seedTestLeads } from "../support/database";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";

/**
 * Every CSV export of personal data (leads, contact enquiries, newsletter
 * subscribers) is in the audit log: who exported, what, with which filters,
 * and how many rows left. Real server, real downloads.
 */

const server = testServerForSuite(TEST_OWNER_ENV);
const owner = forSuite(() => staffClient(server, "super_admin"));

const now = new Date().toISOString();

beforeAll(async () => {
  await seedTestLeads(server.db, 30);
  await server.db
    .insertInto("contactEnquiries")
    .values(
      ["Rhiannon", "Rhodri", "Siân"].map((firstName, index) => ({
        firstName,
        lastName: "Pryce",
        email: `${firstName.toLowerCase()}${index}@prycejoinery.co.uk`,
        contactNumber: "01632 960123",
        subject: "broadband",
        message: "Faster broadband, please.",
        createdAt: now,
      })),
    )
    .execute();
  await server.db
    .insertInto("newsletterSignups")
    .values(["ann@example.co.uk", "bob@example.co.uk"].map((email) => confirmedSignupRow(email, now)))
    .execute();
});

/** Downloads an export whole, as a browser would, and counts its data rows (one a line; no field here spans lines). */
async function exportedRows(path: string): Promise<number> {
  const response = await owner.get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
  const lines = (await response.text()).split("\r\n").filter(Boolean);
  return lines.length - 1;
}

/** The entries of one action, oldest first (finished as each download ends: poll, never wait a time). */
async function auditEntries(action: string) {
  return server.db.selectFrom("auditLog").selectAll().where("action", "=", action).orderBy("id").execute();
}

describe("CSV exports in the audit log", () => {
  it("records who exported leads, with the filters and the rows sent", async () => {
    const all = await exportedRows("/admin/leads/export");
    expect(all).toBe(30);
    const filtered = await exportedRows("/admin/leads/export?status=new&q=ltd&assigned=mine");
    expect(filtered).toBe(0); // nobody has leads assigned in the seed

    await expect
      .poll(async () => (await auditEntries("leads.exported")).map((entry) => entry.summary))
      .toEqual(["Exported 30 leads to CSV (all leads)", 'Exported 0 leads to CSV (search "ltd", status New, assigned to them)']);
    const [entry] = await auditEntries("leads.exported");
    expect(entry).toMatchObject({ actorId: owner.user.id, entityType: "lead", entityId: null });
  });

  it("records exports of contact enquiries and newsletter subscribers", async () => {
    expect(await exportedRows("/admin/enquiries/export?q=Rh")).toBe(2);
    expect(await exportedRows("/admin/newsletter/export")).toBe(2);
    await expect
      .poll(async () => (await auditEntries("contact_enquiries.exported")).map((entry) => [entry.actorId, entry.summary]))
      .toEqual([[owner.user.id, 'Exported 2 contact enquiries to CSV (search "Rh")']]);
    await expect
      .poll(async () => (await auditEntries("newsletter_signups.exported")).map((entry) => [entry.actorId, entry.summary]))
      .toEqual([[owner.user.id, "Exported 2 newsletter subscribers to CSV (all subscribers)"]]);
  });

  it("shows exports on the dashboard's recent activity", async () => {
    const dashboard = await (await owner.get("/admin/dashboard")).text();
    expect(dashboard).toContain("Exported 2 newsletter subscribers to CSV");
  });
});
