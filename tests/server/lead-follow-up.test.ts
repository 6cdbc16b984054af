import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminUserRow, TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient, type Client, type StaffClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";

// Lead follow-up: owners, the owner filter, overdue leads, possible duplicates.
let server: TestServer;
const ids: Record<"owner" | "admin" | "manager" | "otherManager" | "inactive", string> = { owner: "", admin: "", manager: "", otherManager: "", inactive: "" };
const staff = {} as Record<"owner" | "admin" | "manager" | "otherManager", StaffClient>;
let visitor: Client;

const HOUR = 3_600_000;
let sequence = 0;

/** A lead stored as the wizard would, `ageHours` ago. */
async function addLead(fields: { ageHours?: number; email?: string; phoneNumber?: string; status?: "new" | "contacted" } = {}): Promise<number> {
  sequence++;
  const at = new Date(Date.now() - (fields.ageHours ?? 1) * HOUR).toISOString();
  const row = await server.db
    .insertInto("leads")
    .values({
      reference: `CLB-2026-${String(900_000 + sequence).padStart(6, "0")}`,
      status: fields.status ?? "new",
      teamSize: "3 - 4",
      contractExpiry: "Under 3 months",
      businessType: "LTD company",
      businessName: `Follow Up Shop ${sequence}`,
      firstName: "Fran",
      lastName: `Follow${sequence}`,
      email: fields.email ?? `fran.${sequence}@example.co.uk`,
      phoneNumber: fields.phoneNumber ?? `07700 9${String(sequence).padStart(5, "0")}`,
      createdAt: at,
      updatedAt: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const assign = (id: number, who: Client, assignedTo: unknown) => who.patch(`/admin/api/quote-requests/${id}`, { assignedTo });

beforeAll(async () => {
  server = await startTestServer(TEST_OWNER_ENV);
  visitor = publicClient(server);
  [staff.owner, staff.admin, staff.manager, staff.otherManager] = await Promise.all([
    staffClient(server, "super_admin"),
    staffClient(server, "admin", { email: "ada@clearlinebusiness.co.uk", firstName: "Ada", lastName: "Admin" }),
    staffClient(server, "manager", { email: "max@clearlinebusiness.co.uk", firstName: "Max", lastName: "Manager" }),
    staffClient(server, "manager", { email: "mia@clearlinebusiness.co.uk", firstName: "Mia", lastName: "Manager" }),
  ]);
  const inactive = await createAdminUserRow(server.db, {
    email: "ian@clearlinebusiness.co.uk",
    role: "admin",
    isActive: false,
    firstName: "Ian",
    lastName: "Inactive",
  });
  Object.assign(ids, {
    owner: staff.owner.user.id,
    admin: staff.admin.user.id,
    manager: staff.manager.user.id,
    otherManager: staff.otherManager.user.id,
    inactive: inactive.id,
  });
});
afterAll(async () => {
  await server?.stop();
});

describe("assigning a lead (PATCH /admin/api/quote-requests/:id)", () => {
  it("lets an admin give a lead to any active staff member and take it back, answering the lead with its owner", async () => {
    const id = await addLead();
    const given = await assign(id, staff.admin, ids.manager);
    expect(given.status).toBe(200);
    const lead = await given.json();
    expect(lead.assignedTo).toEqual({ id: ids.manager, name: "Max Manager", email: "max@clearlinebusiness.co.uk" });
    expect(lead.overdue).toBe(false);
    expect(lead.firstContactedAt).toBeNull();

    const details = await (await staff.manager.get(`/admin/api/quote-requests/${id}`)).json();
    expect(details.lead.assignedTo.id).toBe(ids.manager);
    expect(details.activity.map((entry: { kind: string; body: string; actorName: string }) => [entry.kind, entry.body, entry.actorName])).toEqual([
      ["assignment", "Assigned to Max Manager", "Ada Admin"],
    ]);

    const taken = await (await assign(id, staff.admin, null)).json();
    expect(taken.assignedTo).toBeNull();
    const activity = await server.db.selectFrom("leadActivity").select("body").where("leadId", "=", id).orderBy("id").execute();
    expect(activity.map((entry) => entry.body)).toEqual(["Assigned to Max Manager", "Unassigned (was Max Manager)"]);
    const audit = await server.db.selectFrom("auditLog").select(["action", "summary"]).where("entityId", "=", String(id)).orderBy("id").execute();
    expect(audit.map((entry) => entry.action)).toEqual(["lead.assigned", "lead.assigned"]);
    expect(audit[0].summary).toContain("to Max Manager");
  });

  it("refuses an unknown or inactive staff member, or a malformed body, with 400 and field errors, changing nothing", async () => {
    const id = await addLead();
    for (const assignedTo of [ids.inactive, "no-such-user", 42, undefined]) {
      const response = await assign(id, staff.owner, assignedTo);
      expect(response.status, String(assignedTo)).toBe(400);
      const body = await response.json();
      expect(Object.keys(body.fieldErrors), String(assignedTo)).toEqual(["assignedTo"]);
    }
    const row = await server.db.selectFrom("leads").select("assignedTo").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.assignedTo).toBeNull();
    expect(await server.db.selectFrom("leadActivity").select("id").where("leadId", "=", id).execute()).toEqual([]);
  });

  it("lets a manager take an unowned lead and give back only their own, never assign someone else", async () => {
    const id = await addLead();
    expect((await assign(id, staff.manager, ids.otherManager)).status).toBe(403);
    expect((await assign(id, staff.manager, ids.manager)).status).toBe(200);
    // Another manager can neither take it over nor unassign it.
    expect((await assign(id, staff.otherManager, ids.otherManager)).status).toBe(403);
    expect((await assign(id, staff.otherManager, null)).status).toBe(403);
    expect((await assign(id, staff.manager, null)).status).toBe(200);
    const row = await server.db.selectFrom("leads").select("assignedTo").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.assignedTo).toBeNull();
  });

  it("gives a lead two managers take at the same moment to one of them, refusing the other", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await addLead();
      const answers = await Promise.all([assign(id, staff.manager, ids.manager), assign(id, staff.otherManager, ids.otherManager)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
      const winner = answers[0].status === 200 ? ids.manager : ids.otherManager;
      const row = await server.db.selectFrom("leads").select("assignedTo").where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.assignedTo).toBe(winner);
      const timeline = await server.db.selectFrom("leadActivity").select("kind").where("leadId", "=", id).where("kind", "=", "assignment").execute();
      expect(timeline).toHaveLength(1);
    }
  });

  it("needs a signed-in staff member", async () => {
    const id = await addLead();
    expect((await assign(id, visitor, ids.manager)).status).toBe(401);
    expect((await assign(999_999, staff.owner, ids.manager)).status).toBe(404);
  });
});

describe("the owner filter", () => {
  it("lists each viewer's own leads for ?assigned=mine and the unowned ones for ?assigned=unassigned, with the other filters", async () => {
    const mine = [await addLead(), await addLead({ status: "contacted" })];
    for (const id of mine) await assign(id, staff.owner, ids.otherManager);
    const list = async (query: string, who: Client = staff.otherManager) => {
      const response = await who.get(`/admin/api/quote-requests?${query}`);
      return {
        total: Number(response.headers.get("x-total-count")),
        leads: (await response.json()) as Array<{ id: number; assignedTo: { id: string } | null }>,
      };
    };
    // Other tests here leave leads with this manager too (whoever wins the race above), so the
    // expected lists are read from the database.
    const byId = (a: number, b: number) => a - b;
    const idsOf = (leads: Array<{ id: number }>) => leads.map((lead) => lead.id).sort(byId);
    const ownedBy = async (userId: string, status?: "contacted") =>
      (
        await server.db
          .selectFrom("leads")
          .select("id")
          .where("assignedTo", "=", userId)
          .$if(status !== undefined, (query) => query.where("status", "=", status!))
          .execute()
      )
        .map((row) => row.id)
        .sort(byId);
    const own = await list("assigned=mine");
    const ownedByOtherManager = await ownedBy(ids.otherManager);
    expect(ownedByOtherManager).toEqual(expect.arrayContaining(mine));
    expect(idsOf(own.leads)).toEqual(ownedByOtherManager);
    expect(own.total).toBe(ownedByOtherManager.length);
    const ownContacted = idsOf((await list("assigned=mine&status=contacted")).leads);
    expect(ownContacted).toEqual(await ownedBy(ids.otherManager, "contacted"));
    expect(ownContacted).toContain(mine[1]);
    expect(ownContacted).not.toContain(mine[0]);
    expect((await list("assigned=mine", staff.manager)).leads.every((lead) => lead.assignedTo?.id === ids.manager)).toBe(true);

    const unassigned = await list("assigned=unassigned");
    const stored = await server.db.selectFrom("leads").select("id").where("assignedTo", "is", null).execute();
    expect(unassigned.total).toBe(stored.length);
    expect(unassigned.leads.every((lead) => lead.assignedTo === null)).toBe(true);
    // Every lead this file adds is a "Follow Up Shop", so the search keeps all of this manager's.
    const searched = await list(`assigned=mine&q=${encodeURIComponent("Follow Up Shop")}`);
    expect(idsOf(searched.leads)).toEqual(ownedByOtherManager);
    // An unknown value is no filter.
    expect((await list("assigned=everyone")).total).toBe((await server.db.selectFrom("leads").select("id").execute()).length);
  });
});

describe("overdue leads", () => {
  it("marks a new lead not contacted within 24 hours (LEAD_RESPONSE_HOURS), and counts it on the dashboard", async () => {
    const before = await dashboardOverdue();
    const late = await addLead({ ageHours: 30 });
    const recent = await addLead({ ageHours: 2 });
    const contacted = await addLead({ ageHours: 30, status: "contacted" });
    const overdue = async (id: number) => (await (await staff.manager.get(`/admin/api/quote-requests/${id}`)).json()).lead.overdue;
    expect([await overdue(late), await overdue(recent), await overdue(contacted)]).toEqual([true, false, false]);
    expect(await dashboardOverdue()).toBe(before + 1);

    // Contacting it ends the wait, even if it is moved back to New.
    await staff.manager.put(`/admin/api/quote-requests/${late}`, { status: "contacted" });
    await staff.manager.put(`/admin/api/quote-requests/${late}`, { status: "new" });
    expect(await overdue(late)).toBe(false);
    expect(await dashboardOverdue()).toBe(before);
  });

  async function dashboardOverdue(): Promise<number> {
    const html = await (await staff.owner.get(`/admin/dashboard`)).text();
    const match = /Overdue Leads \(new, not contacted within 24 h\)<\/p>[\s\S]*?<\/svg><\/div><p[^>]*>([\d,]+)</.exec(html);
    if (!match) throw new Error("No overdue tile on the dashboard");
    return Number(match[1].replace(/,/g, ""));
  }
});

describe("possible duplicates", () => {
  it("flags leads with the same email (any case) or phone (any spacing, +44 or 0) within 30 days, and not older ones", async () => {
    const first = await addLead({ ageHours: 24 * 10, email: "Sam.Same@Example.co.uk", phoneNumber: "07700 111222" });
    const sameEmail = await addLead({ ageHours: 24, email: "sam.same@example.co.uk" });
    const samePhone = await addLead({ ageHours: 2, phoneNumber: "+44 (0)7700-111-222".replace("(0)", "") });
    // 45 days back: 35 days before the first, 44 before the second, so a duplicate of neither.
    await addLead({ ageHours: 24 * 45, email: "sam.same@example.co.uk" });
    const unrelated = await addLead({ ageHours: 3 });

    const duplicatesOf = async (id: number) =>
      ((await (await staff.manager.get(`/admin/api/quote-requests/${id}`)).json()).possibleDuplicates as Array<{ id: number; reference: string }>)
        .map((duplicate) => duplicate.id)
        .sort();
    expect(await duplicatesOf(first)).toEqual([sameEmail, samePhone].sort());
    expect(await duplicatesOf(sameEmail)).toEqual([first]);
    expect(await duplicatesOf(samePhone)).toEqual([first]);
    expect(await duplicatesOf(unrelated)).toEqual([]);

    const page = await (await staff.manager.get(`/admin/leads/${first}`)).text();
    expect(page).toContain('data-testid="possible-duplicates"');
    expect(page).toContain(`href="/admin/leads/${sameEmail}"`);
  });
});

describe("the leads page", () => {
  it("shows each row's owner and marks overdue leads in words", async () => {
    const late = await addLead({ ageHours: 48 });
    await assign(late, staff.owner, ids.admin);
    const html = await (await staff.owner.get(`/admin/leads?assigned=unassigned`)).text();
    expect(html).not.toContain(`data-lead-id="${late}"`);
    const owned = await (await staff.owner.get(`/admin/leads?q=${encodeURIComponent(`Follow${sequence}`)}`)).text();
    const row = /<tr data-testid="lead-row"[\s\S]*?<\/tr>/.exec(owned)?.[0] ?? "";
    expect(row).toContain(`data-lead-id="${late}"`);
    expect(row).toContain(">Overdue<");
    expect(row).toContain(">Ada Admin<");
  });
});
