import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient, type Client } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { seedTestLeads } from "../support/database";

/**
 * The leads screen's summary cards, totals and pages come from counts the
 * database keeps and from plans chosen by how many leads a search matches:
 * each must still give exactly what counting and OFFSET over all leads give.
 */

let server: TestServer;
let owner: Client;
const PAGE_SIZE = 50;

beforeAll(async () => {
  server = await startTestServer(TEST_OWNER_ENV);
  owner = await staffClient(server, "super_admin");
  await seedTestLeads(server.db, 640);
  // Leads made in the same millisecond: the list orders them by id, newest first, on every plan.
  const sameInstant = new Date(Date.now() - 30 * 60_000).toISOString();
  await seedTestLeads(server.db, 3, { startNumber: 5000 });
  await server.db.updateTable("leads").set({ createdAt: sameInstant }).where("reference", ">=", "SED-2026-0005000").execute();
});
afterAll(async () => {
  await server?.stop();
});

interface ScreenData {
  page: { leads: { id: number; status: string }[]; total: number; page: number; pageCount: number };
  counts: { total: number; new: number; qualified: number; converted: number };
}

/** The leads screen's data, as the page loads it with JavaScript. */
async function screen(query = ""): Promise<ScreenData> {
  const response = await owner.get(`/admin/leads?${query}${query ? "&" : ""}_data=routes%2Fadmin.leads`);
  expect(response.status).toBe(200);
  return response.json();
}

async function countedCards() {
  const rows = await server.db
    .selectFrom("leads")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { total: rows.reduce((sum, row) => sum + Number(row.count), 0), new: of("new"), qualified: of("qualified"), converted: of("converted") };
}

/** The ids of a page as OFFSET over every lead gives them, newest first. */
async function idsByOffset(where: ReturnType<typeof sql<boolean>> | null, page: number): Promise<number[]> {
  let query = server.db.selectFrom("leads").select("id");
  if (where) query = query.where(where);
  const rows = await query
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return rows.map((row) => row.id);
}

describe("the summary cards and totals", () => {
  it("stay exact as leads arrive, change status and are deleted", async () => {
    const expectCardsRight = async (query = "") => {
      const data = await screen(query);
      expect(data.counts).toEqual(await countedCards());
      return data;
    };
    await expectCardsRight();

    // A quote request from the website.
    const submitted = await publicClient(server).postJson("/api/quote-requests", {
      teamSize: "3 - 4",
      contractExpiry: "Not sure",
      businessType: "Other",
      businessName: "Counting Bakery Ltd",
      firstName: "Cara",
      lastName: "Count",
      email: "cara@countingbakery.co.uk",
      phoneNumber: "01632 960111",
    });
    expect(submitted.status).toBe(201);
    const { id } = await submitted.json();
    await expectCardsRight();

    // Status changes, through the JSON API and the screen's own form (as without JavaScript).
    expect((await owner.put(`/admin/api/quote-requests/${id}`, { status: "qualified" })).status).toBe(200);
    await expectCardsRight();
    const form = { intent: "update-status", leadId: String(id), status: "converted", redirectTo: "/admin/leads" };
    const changed = await owner.postForm("/admin/leads", form);
    expect(changed.status).toBe(302);
    const converted = await expectCardsRight("status=converted");
    expect(converted.page.total).toBe(converted.counts.converted);
    // The same status again changes nothing.
    expect((await owner.put(`/admin/api/quote-requests/${id}`, { status: "converted" })).status).toBe(200);
    await expectCardsRight();

    // Deleted, and a row changed behind the app's back (straight in the database).
    expect((await owner.delete(`/admin/api/quote-requests/${id}`)).status).toBe(204);
    await expectCardsRight();
    await server.db.updateTable("leads").set({ status: "lost" }).where("status", "=", "new").where("id", "<", 40).execute();
    await server.db.deleteFrom("leads").where("status", "=", "qualified").where("id", "<", 80).execute();
    const data = await expectCardsRight();
    expect(data.page.total).toBe(data.counts.total);
    for (const status of ["new", "contacted", "qualified", "converted", "lost"]) {
      const filtered = await screen(`status=${status}`);
      const [{ count }] = await server.db
        .selectFrom("leads")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("status", "=", status as "new")
        .execute();
      expect(filtered.page.total, status).toBe(Number(count));
    }
  });
});

describe("pages", () => {
  const pagesOf = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

  it("give what OFFSET gives, on every page, plain and by status", async () => {
    const plain = await screen();
    for (let page = 1; page <= pagesOf(plain.page.total); page++) {
      expect(
        (await screen(`page=${page}`)).page.leads.map((lead) => lead.id),
        `page ${page}`,
      ).toEqual(await idsByOffset(null, page));
    }
    const byStatus = await screen("status=contacted");
    for (let page = 1; page <= pagesOf(byStatus.page.total); page++) {
      const ids = (await screen(`status=contacted&page=${page}`)).page.leads.map((lead) => lead.id);
      expect(ids, `contacted page ${page}`).toEqual(await idsByOffset(sql<boolean>`status = 'contacted'`, page));
    }
  });

  // Searches matching every lead, a tenth, a few and one: the page is read by walking the
  // newest-first index or by looking the matches up, depending on how many there are.
  it.each(["example", "leeds", "SED-2026-000001", "SED-2026-0000123", "ab"])(
    "give what OFFSET gives for the search %s, with and without a status",
    async (q) => {
      const like = `%${q.toLowerCase()}%`;
      const searched = ["businessName", "companyName", "firstName", "lastName", "email", "phoneNumber", "reference"];
      const matches = sql<boolean>`(${sql.join(
        searched.map((column) => sql`lower(coalesce(${sql.ref(column)}, '')) LIKE ${like}`),
        sql` OR `,
      )})`;
      for (const status of [undefined, "new"]) {
        const where = status ? sql<boolean>`status = ${status} AND ${matches}` : matches;
        const [{ count }] = await server.db
          .selectFrom("leads")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where(where)
          .execute();
        const query = `q=${encodeURIComponent(q)}${status ? `&status=${status}` : ""}`;
        const first = await screen(query);
        expect(first.page.total, query).toBe(Number(count));
        for (let page = 1; page <= pagesOf(first.page.total); page++) {
          expect(
            (await screen(`${query}&page=${page}`)).page.leads.map((lead) => lead.id),
            `${query} page ${page}`,
          ).toEqual(await idsByOffset(where, page));
        }
      }
    },
  );

  it("gives the last page for a page past the end", async () => {
    const plain = await screen();
    const past = await screen("page=9999");
    expect(past.page.page).toBe(plain.page.pageCount);
    expect(past.page.leads.map((lead) => lead.id)).toEqual(await idsByOffset(null, plain.page.pageCount));
  });
});
