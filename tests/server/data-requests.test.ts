import { describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole } from "../support/client";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";
import { addDays, ukDay } from "~/lib/calendar";

/** The request register: a person's access, erasure, objection and correction requests, their due days and who handles them. */

const server = testServerForSuite(TEST_OWNER_ENV);
const staff = forSuite(() => staffOfEveryRole(server));
const today = () => ukDay(new Date());

const REGISTER = "/admin/data-protection/requests";

const textOf = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ");

async function rowsNamed(contact: string) {
  return server.db.selectFrom("dataRequests").selectAll().where("contact", "=", contact).execute();
}

describe("the register over JSON", () => {
  it("records a request due one calendar month after it was received, keeping the contact's key, and audits it without the contact", async () => {
    const response = await staff.admin.postJson("/admin/api/data-requests", {
      kind: "erasure",
      receivedOn: "2026-01-31",
      contact: "Erase.Me@Example.co.uk",
      notes: "Asked by email",
    });
    expect(response.status).toBe(201);
    const request = await response.json();
    expect(request).toMatchObject({
      kind: "erasure",
      status: "open",
      receivedOn: "2026-01-31",
      dueOn: "2026-02-28",
      contact: "Erase.Me@Example.co.uk",
      notes: "Asked by email",
      handledBy: null,
      closedOn: null,
      overdue: true,
    });
    const [row] = await rowsNamed("Erase.Me@Example.co.uk");
    expect(row.contactKey).toMatch(/^[0-9a-f]{64}$/);
    const audit = await server.db.selectFrom("auditLog").selectAll().where("entityType", "=", "dataRequest").where("entityId", "=", String(row.id)).execute();
    expect(audit.map((entry) => entry.summary)).toEqual(["Recorded an erasure request (due 2026-02-28)"]);
    expect(JSON.stringify(audit)).not.toMatch(/erase\.me/i);
  });

  it("keys an email and a phone number as the person means them, whatever their spelling", async () => {
    for (const contact of ["07700 900555", "+44 7700 900555", "MIXED.case@example.co.uk", "mixed.case@example.co.uk"]) {
      expect((await staff.admin.postJson("/admin/api/data-requests", { kind: "access", receivedOn: today(), contact })).status).toBe(201);
    }
    const keys = await Promise.all(["07700 900555", "+44 7700 900555", "MIXED.case@example.co.uk", "mixed.case@example.co.uk"].map(rowsNamed));
    expect(keys[0][0].contactKey).toBe(keys[1][0].contactKey);
    expect(keys[2][0].contactKey).toBe(keys[3][0].contactKey);
    expect(keys[0][0].contactKey).not.toBe(keys[2][0].contactKey);
  });

  it("closing a request sets the day it closed, reopening clears it, and each change is audited", async () => {
    const created = await (
      await staff.admin.postJson("/admin/api/data-requests", { kind: "objection", receivedOn: today(), contact: "object@example.co.uk" })
    ).json();
    const path = `/admin/api/data-requests/${created.id}`;

    const done = await staff.admin.patch(path, { status: "done", handledBy: staff.admin.user.id, notes: "Added to the suppression list" });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: "done", closedOn: today(), handledBy: staff.admin.user.id, notes: "Added to the suppression list" });
    const reopened = await (await staff.admin.patch(path, { status: "open" })).json();
    expect(reopened).toMatchObject({ status: "open", closedOn: null, notes: "Added to the suppression list" });

    const audit = await server.db
      .selectFrom("auditLog")
      .select("summary")
      .where("entityType", "=", "dataRequest")
      .where("entityId", "=", String(created.id))
      .orderBy("id")
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit[1].summary).toMatch(/^Updated an objection \(due \d{4}-\d{2}-\d{2}\): status Done, handled by .+, notes changed$/);
    expect(audit[2].summary).toMatch(/status Open$/);
    expect(JSON.stringify(audit)).not.toContain("object@example.co.uk");
  });

  it("lists newest first, by status and overdue only", async () => {
    const old = await (
      await staff.admin.postJson("/admin/api/data-requests", { kind: "access", receivedOn: addDays(today(), -40), contact: "late@example.co.uk" })
    ).json();
    const fresh = await (
      await staff.admin.postJson("/admin/api/data-requests", { kind: "access", receivedOn: today(), contact: "fresh@example.co.uk" })
    ).json();

    const all = await staff.admin.get("/admin/api/data-requests");
    expect(all.status).toBe(200);
    const ids = (await all.json()).map((request: { id: number }) => request.id);
    expect(ids.indexOf(fresh.id)).toBeLessThan(ids.indexOf(old.id));
    expect(Number(all.headers.get("X-Total-Count"))).toBe(ids.length);

    const overdue = (await (await staff.admin.get("/admin/api/data-requests?overdue=yes")).json()) as Array<{ id: number; overdue: boolean }>;
    expect(overdue.map((request) => request.id)).toContain(old.id);
    expect(overdue.map((request) => request.id)).not.toContain(fresh.id);
    expect(overdue.every((request) => request.overdue)).toBe(true);

    await staff.admin.patch(`/admin/api/data-requests/${old.id}`, { status: "done" });
    const stillOverdue = (await (await staff.admin.get("/admin/api/data-requests?overdue=yes")).json()) as Array<{ id: number }>;
    expect(stillOverdue.map((request) => request.id)).not.toContain(old.id);
    const done = (await (await staff.admin.get("/admin/api/data-requests?status=done")).json()) as Array<{ status: string }>;
    expect(done.length).toBeGreaterThan(0);
    expect(done.every((request) => request.status === "done")).toBe(true);
  });

  it("refuses bad input with each field's message and saves nothing", async () => {
    const before = await server.db.selectFrom("dataRequests").select("id").execute();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ kind: "erasure", receivedOn: today(), contact: "not an address" }, "contact", "Enter a valid email address or phone number"],
      [{ kind: "erasure", receivedOn: today(), contact: "" }, "contact", "Enter the person's email address or phone number"],
      [
        { kind: "erasure", receivedOn: "2026-02-30", contact: "a@example.co.uk" },
        "receivedOn",
        "Enter the day the request was received as a real date, e.g. 26/11/2026",
      ],
      [{ kind: "erasure", receivedOn: addDays(today(), 2), contact: "a@example.co.uk" }, "receivedOn", "The day received cannot be in the future"],
      [{ kind: "deletion", receivedOn: today(), contact: "a@example.co.uk" }, "kind", "Choose the kind of request"],
      [
        { kind: "erasure", receivedOn: today(), contact: "a@example.co.uk", handledBy: staff.manager.user.id },
        "handledBy",
        "Choose a member of staff who may handle data protection",
      ],
      [{ kind: "erasure", receivedOn: today(), contact: ["a@example.co.uk"] }, "contact", "Enter the person's email address or phone number"],
    ];
    for (const [body, field, message] of cases) {
      const response = await staff.admin.postJson("/admin/api/data-requests", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = await response.json();
      expect([answer.fieldErrors[field]].flat()[0]).toBe(message);
    }
    expect(await server.db.selectFrom("dataRequests").select("id").execute()).toEqual(before);
    const patch = await staff.admin.patch(`/admin/api/data-requests/${before[0].id}`, { status: "closed" });
    expect(patch.status).toBe(400);
    expect((await patch.json()).fieldErrors.status).toBe("Choose open, done or refused");
    expect((await staff.admin.patch("/admin/api/data-requests/999999", { status: "done" })).status).toBe(404);
  });

  it("is for admins and super admins: managers are refused, signed out is 401", async () => {
    expect((await staff.super_admin.get("/admin/api/data-requests")).status).toBe(200);
    expect((await staff.manager.get("/admin/api/data-requests")).status).toBe(403);
    expect((await staff.manager.postJson("/admin/api/data-requests", { kind: "access", receivedOn: today(), contact: "m@example.co.uk" })).status).toBe(403);
    expect((await publicClient(server).get("/admin/api/data-requests")).status).toBe(401);
    expect(await rowsNamed("m@example.co.uk")).toEqual([]);
  });
});

describe("the Requests screens", () => {
  it("records a request from the form (no JavaScript): it shows in the register with its due day, and can be marked done", async () => {
    const form = await staff.admin.get(`${REGISTER}/new?contact=form.person%40example.co.uk&kind=erasure`);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('value="form.person@example.co.uk"');
    expect(html).toMatch(/<option value="erasure" selected="">/);
    expect(html).toContain(`value="${today()}"`);

    const saved = await staff.admin.postForm(`${REGISTER}/new`, {
      kind: "erasure",
      receivedOn: "15/10/2026",
      contact: "form.person@example.co.uk",
      handledBy: staff.admin.user.id,
      notes: "",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(REGISTER);
    const [row] = await rowsNamed("form.person@example.co.uk");
    expect(row).toMatchObject({ kind: "erasure", receivedOn: "2026-10-15", dueOn: "2026-11-15", status: "open", handledBy: staff.admin.user.id });

    const list = textOf(await (await staff.admin.get(REGISTER)).text());
    expect(list).toContain("form.person@example.co.uk");
    expect(list).toMatch(/15 Nov 2026/);
    const overdueList = textOf(await (await staff.admin.get(`${REGISTER}?overdue=yes`)).text());
    expect(overdueList).toContain("form.person@example.co.uk");

    const dialog = await staff.admin.get(`${REGISTER}/${row.id}`);
    expect(dialog.status).toBe(200);
    expect(textOf(await dialog.text())).toContain("Mark done");
    const markedDone = await staff.admin.postForm(`${REGISTER}/${row.id}`, { status: "done" });
    expect(markedDone.status).toBe(302);
    const [closed] = await rowsNamed("form.person@example.co.uk");
    expect(closed).toMatchObject({ status: "done", closedOn: today(), handledBy: staff.admin.user.id });
    expect(textOf(await (await staff.admin.get(`${REGISTER}?overdue=yes`)).text())).not.toContain("form.person@example.co.uk");
  });

  it("shows the form again with the field's message and saves nothing when the answer is wrong", async () => {
    const response = await staff.admin.postForm(`${REGISTER}/new`, {
      kind: "access",
      receivedOn: today(),
      contact: "someone at example",
      handledBy: "",
      notes: "",
    });
    expect(response.status).toBe(400);
    const html = textOf(await response.text());
    expect(html).toContain("Enter a valid email address or phone number");
    expect(html).toContain("someone at example");
    expect(await rowsNamed("someone at example")).toEqual([]);
  });

  it("turns away managers and the signed out, on the server", async () => {
    for (const path of [REGISTER, `${REGISTER}/new`]) {
      expect((await staff.manager.get(path)).status).toBe(302);
      expect((await publicClient(server).get(path)).status).toBe(302);
    }
    const refused = await staff.manager.postForm(`${REGISTER}/new`, { kind: "access", receivedOn: today(), contact: "by.manager@example.co.uk" });
    expect(refused.status).toBe(302);
    expect(await rowsNamed("by.manager@example.co.uk")).toEqual([]);
  });
});

describe("the dashboard's flag", () => {
  const flagOf = async (client: { get(path: string): Promise<Response> }) => {
    const response = await client.get("/admin/dashboard");
    expect(response.status).toBe(200);
    const html = await response.text();
    const flag = html.split('data-testid="overdue-data-requests"')[1]?.split("</section>")[0];
    return flag === undefined ? null : { text: textOf(flag).replace(/\s+/g, " "), html: flag };
  };

  it("flags an open request received 32 days ago to admins, linked to the register's overdue filter; not once done; managers see nothing of it", async () => {
    await server.db.deleteFrom("dataRequests").execute();
    expect(await flagOf(staff.admin)).toBeNull();
    const late = await (
      await staff.admin.postJson("/admin/api/data-requests", { kind: "erasure", receivedOn: addDays(today(), -32), contact: "dashboard.late@example.co.uk" })
    ).json();
    await staff.admin.postJson("/admin/api/data-requests", { kind: "access", receivedOn: today(), contact: "dashboard.fresh@example.co.uk" });

    const flag = await flagOf(staff.admin);
    expect(flag?.text).toContain("1 data request overdue");
    expect(flag?.html).toContain(`href="${REGISTER}?overdue=yes"`);
    expect((await flagOf(staff.super_admin))?.text).toContain("1 data request overdue");
    expect(await flagOf(staff.manager)).toBeNull();
    expect(await (await staff.manager.get("/admin/dashboard")).text()).not.toContain("data request");

    await staff.admin.patch(`/admin/api/data-requests/${late.id}`, { status: "done" });
    expect(await flagOf(staff.admin)).toBeNull();
  });
});
