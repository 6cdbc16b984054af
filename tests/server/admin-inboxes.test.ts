import type { Insertable } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole, type Client } from "../support/client";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";
import { startOfUkWeek } from "~/lib/calendar";
import type { ContactEnquiriesTable } from "~/features/inbox/inbox-tables";

const server = testServerForSuite(TEST_OWNER_ENV);
const visitor = publicClient(server);
const staff = forSuite(() => staffOfEveryRole(server));

/** A page's loader data as JSON (Remix's `_data` request). */
async function loaderData<T>(path: string, routeId: string, who = staff.super_admin): Promise<T> {
  const response = await who.get(`${path}${path.includes("?") ? "&" : "?"}_data=${encodeURIComponent(routeId)}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** The page a redirect lands on, with the toast it carries. */
const landing = async (response: Response, who: Client) => (await who.follow(response)).text();

/** Page text without the comments React puts between adjacent text nodes. */
const plain = (html: string) => html.replaceAll("<!-- -->", "");

/** A CSV download's text, after checking it starts with the UTF-8 byte-order mark spreadsheets need. */
async function csvText(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes);
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

type EnquiryInput = Insertable<ContactEnquiriesTable>;

async function addEnquiries(rows: EnquiryInput[]): Promise<number[]> {
  const inserted = await server.db.insertInto("contactEnquiries").values(rows).returning("id").execute();
  return inserted.map((row) => row.id);
}

function enquiry(change: Partial<EnquiryInput> = {}): EnquiryInput {
  return {
    firstName: "Rhiannon",
    lastName: "Pryce",
    email: "rhiannon@prycejoinery.co.uk",
    contactNumber: "01632 960123",
    subject: "broadband",
    message: "Our workshop needs faster broadband before the move.",
    createdAt: minutesAgo(5),
    ...change,
  };
}

async function addSignups(rows: Array<{ email: string; firstName?: string | null; lastName?: string | null; sourcePage?: string | null; createdAt: string }>) {
  const inserted = await server.db
    .insertInto("newsletterSignups")
    .values(rows.map((row) => ({ firstName: null, lastName: null, sourcePage: "/about", ...row, updatedAt: row.createdAt, confirmedAt: row.createdAt })))
    .returning("id")
    .execute();
  return inserted.map((row) => row.id);
}

interface ListData<Entry> {
  filters: { q: string; page: number };
  page: { entries: Entry[]; total: number; page: number; pageCount: number };
  counts: { total: number; thisWeek: number };
}
type EnquiryEntry = { id: number; firstName: string; lastName: string; email: string; subject: string; excerpt: string; createdAt: string };
type SubscriberEntry = { id: number; firstName: string | null; lastName: string | null; email: string; sourcePage: string | null };

const enquiriesData = (query = "", who = staff.super_admin) => loaderData<ListData<EnquiryEntry>>(`/admin/enquiries${query}`, "routes/admin.enquiries", who);
const newsletterData = (query = "") => loaderData<ListData<SubscriberEntry>>(`/admin/newsletter${query}`, "routes/admin.newsletter");

describe("the start of the week", () => {
  it.each([
    ["a Wednesday in summer (BST)", "2026-07-15T12:00:00Z", "2026-07-12T23:00:00.000Z"],
    ["Monday just after midnight, UK time, in summer", "2026-07-12T23:30:00Z", "2026-07-12T23:00:00.000Z"],
    ["a Sunday in winter (GMT)", "2026-01-04T23:59:59Z", "2025-12-29T00:00:00.000Z"],
    ["the Monday after the clocks go forward", "2026-03-30T00:30:00Z", "2026-03-29T23:00:00.000Z"],
    ["the Sunday the clocks go back", "2026-10-25T23:59:00Z", "2026-10-18T23:00:00.000Z"],
    ["the Monday after the clocks go back", "2026-10-26T00:30:00Z", "2026-10-26T00:00:00.000Z"],
  ])("is Monday 00:00 UK time on %s", (_case, now, monday) => {
    expect(startOfUkWeek(new Date(now)).toISOString()).toBe(monday);
  });
});

describe("contact enquiries: list, search and pages", () => {
  let bulkIds: number[];
  beforeAll(async () => {
    // 60 of one sender, a minute apart (the newest first), plus some to search for.
    bulkIds = await addEnquiries(
      Array.from({ length: 60 }, (_, index) =>
        enquiry({
          firstName: "Bulk",
          lastName: `Sender${index}`,
          email: `bulk${index}@pages.example`,
          message: `Paging test ${index}`,
          createdAt: minutesAgo(100 + index),
        }),
      ),
    );
    await addEnquiries([
      enquiry({
        firstName: "Gwen",
        lastName: "Llewellyn",
        email: "gwen@valleysbakery.co.uk",
        contactNumber: "029 2018 0000",
        subject: "phone-systems",
        message: "Need a hosted phone system\nfor 3 sites.",
        createdAt: minutesAgo(1),
      }),
      enquiry({
        firstName: "Percy",
        lastName: "Wilde",
        email: "percy@wilde.example",
        message: "We offer 100% uptime_guaranteed, apparently",
        createdAt: minutesAgo(2),
      }),
      // Last week's: counts in the total, not in this week.
      enquiry({ firstName: "Old", lastName: "Timer", email: "old@timer.example", message: "Sent a while ago", createdAt: minutesAgo(60 * 24 * 9) }),
    ]);
  });

  it("lists 50 a page, newest first, with the total and the page count", async () => {
    const first = await enquiriesData();
    expect(first.page.entries).toHaveLength(50);
    expect(first.page.total).toBe(63);
    expect(first.page.pageCount).toBe(2);
    expect(first.page.entries[0].firstName).toBe("Gwen");
    const dates = first.page.entries.map((entry) => entry.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const second = await enquiriesData("?page=2");
    expect(second.page.page).toBe(2);
    expect(second.page.entries).toHaveLength(13);
    expect(second.page.entries.at(-1)!.firstName).toBe("Old");
    const ids = new Set([...first.page.entries, ...second.page.entries].map((entry) => entry.id));
    expect(ids.size).toBe(63);
    expect(ids.has(bulkIds[0])).toBe(true);
  });

  it("gives the last page for a page past the end, and the first for nonsense", async () => {
    expect((await enquiriesData("?page=9")).page.page).toBe(2);
    expect((await enquiriesData("?page=-3")).page.page).toBe(1);
    expect((await enquiriesData("?page=two")).page.page).toBe(1);
  });

  it.each([
    ["a first name, in another case", "gWEN", ["Gwen"]],
    ["a last name", "llewellyn", ["Gwen"]],
    ["a whole name", "Gwen Llewellyn", ["Gwen"]],
    ["part of an email", "VALLEYSBAKERY", ["Gwen"]],
    ["a contact number as stored", "029 2018", ["Gwen"]],
    ["a contact number without its spaces", "02920180000", ["Gwen"]],
    ["words of the message", "hosted phone", ["Gwen"]],
    ["% taken literally", "100%", ["Percy"]],
    ["_ taken literally", "uptime_g", ["Percy"]],
    ["nothing that matches", "no such enquiry", []],
  ])("searches by %s", async (_case, q, names) => {
    const data = await enquiriesData(`?q=${encodeURIComponent(q)}`);
    expect(data.page.entries.map((entry) => entry.firstName)).toEqual(names);
    expect(data.page.total).toBe(names.length);
    // The cards count every enquiry, whatever the search.
    expect(data.counts).toEqual({ total: 63, thisWeek: expect.any(Number) });
  });

  it("counts this week's enquiries (since Monday, UK time) apart from older ones", async () => {
    const since = startOfUkWeek(new Date()).toISOString();
    const { count } = await server.db
      .selectFrom("contactEnquiries")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("createdAt", ">=", since)
      .executeTakeFirstOrThrow();
    const { counts } = await enquiriesData();
    expect(counts).toEqual({ total: 63, thisWeek: Number(count) });
    expect(counts.thisWeek).toBeLessThan(63);
  });

  it("shows the list as a page: title with the count, subject labels, one-line excerpts, and an empty state", async () => {
    const html = plain(await (await staff.super_admin.get("/admin/enquiries?q=gwen")).text());
    expect(html).toContain("Enquiries (1)");
    expect(html).toContain("Total enquiries");
    expect(html).toContain("This week");
    expect(html).toContain("Phone Systems");
    expect(html).toContain("Need a hosted phone system for 3 sites.");
    expect(html).toContain('href="/admin/enquiries/export?q=gwen"');
    const none = await (await staff.super_admin.get("/admin/enquiries?q=nobody-at-all")).text();
    expect(none).toContain("No enquiries found");
  });

  it("cuts a long message to one line with an ellipsis", async () => {
    const [id] = await addEnquiries([
      enquiry({ firstName: "Verbose", message: `${"Please call me back about our mobiles. ".repeat(20)}\nThe end.`, createdAt: minutesAgo(3) }),
    ]);
    const data = await enquiriesData("?q=verbose");
    expect(data.page.entries[0].id).toBe(id);
    expect(data.page.entries[0].excerpt.length).toBeLessThanOrEqual(120);
    expect(data.page.entries[0].excerpt.endsWith("…")).toBe(true);
    expect(data.page.entries[0].excerpt).not.toContain("\n");
    await server.db.deleteFrom("contactEnquiries").where("id", "=", id).execute();
  });
});

describe("contact enquiries: details", () => {
  it("shows every field and the whole message with its line breaks", async () => {
    const message = "Hello,\n\nWe have 14 handsets with Vodafone.\nThe contract ends in May.";
    const [id] = await addEnquiries([enquiry({ firstName: "Dora", lastName: "Details", subject: "business-mobile", message })]);
    const response = await staff.super_admin.get(`/admin/enquiries/${id}?q=dora`);
    expect(response.status).toBe(200);
    const html = plain(await response.text());
    expect(html).toContain("Enquiry details");
    expect(html).toContain("Dora");
    expect(html).toContain("Details");
    expect(html).toContain("rhiannon@prycejoinery.co.uk");
    expect(html).toContain("01632 960123");
    expect(html).toContain("Business Mobile");
    expect(html).toContain(message);
    expect(html).toContain("whitespace-pre-wrap");
  });

  it.each(["999999", "0", "abc"])("answers 404 with a 'not found' dialog for id %s", async (id) => {
    const response = await staff.super_admin.get(`/admin/enquiries/${id}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Enquiry not found");
  });
});

describe("contact enquiries: delete", () => {
  it("lets admins and super admins delete, with the toast and an audit entry that keeps no personal data", async () => {
    for (const role of ["admin", "super_admin"] as const) {
      const [id] = await addEnquiries([enquiry({ firstName: "Delia", lastName: `Deleted-${role}`, email: `delia.${role}@gone.example` })]);
      const dialog = await staff[role].get(`/admin/enquiries/${id}/delete?q=delia`);
      expect(dialog.status).toBe(200);
      expect(await dialog.text()).toContain("Are you sure you want to delete this enquiry? This action cannot be undone.");

      const response = await staff[role].post(`/admin/enquiries/${id}/delete?q=delia`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin/enquiries?q=delia");
      expect(await landing(response, staff[role])).toContain("Enquiry deleted successfully");
      expect(await server.db.selectFrom("contactEnquiries").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();

      const audit = await server.db
        .selectFrom("auditLog")
        .selectAll()
        .where("action", "=", "contact_enquiry.deleted")
        .where("entityId", "=", String(id))
        .executeTakeFirstOrThrow();
      expect(audit.entityType).toBe("contact_enquiry");
      expect(audit.summary).toMatch(new RegExp(`^Deleted contact enquiry #${id} \\(Broadband, received `));
      expect(audit.summary).not.toContain("Delia");
      expect(audit.summary).not.toContain("gone.example");
    }
  });

  it("refuses managers: no delete links, the dialog and the post redirect away, and nothing is deleted", async () => {
    const [id] = await addEnquiries([enquiry({ firstName: "Kept", lastName: "Safe" })]);
    const list = await (await staff.manager.get("/admin/enquiries?q=kept")).text();
    expect(list).toContain(`href="/admin/enquiries/${id}?q=kept"`);
    expect(list).not.toContain(`/admin/enquiries/${id}/delete`);
    const adminList = await (await staff.admin.get("/admin/enquiries?q=kept")).text();
    expect(adminList).toContain(`href="/admin/enquiries/${id}/delete?q=kept"`);
    const details = await (await staff.manager.get(`/admin/enquiries/${id}`)).text();
    expect(details).not.toContain(`/admin/enquiries/${id}/delete`);

    const dialog = await staff.manager.get(`/admin/enquiries/${id}/delete`);
    expect(dialog.status).toBe(302);
    expect(dialog.headers.get("location")).toBe("/admin/dashboard");
    const post = await staff.manager.post(`/admin/enquiries/${id}/delete`);
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toBe("/admin/dashboard");
    expect(await landing(post, staff.manager)).toContain("Access Denied");
    expect(await server.db.selectFrom("contactEnquiries").select("id").where("id", "=", id).executeTakeFirst()).toEqual({ id });
  });

  it("says 'Failed to delete enquiry' for an enquiry that is gone", async () => {
    const response = await staff.super_admin.post("/admin/enquiries/999999/delete");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Failed to delete enquiry");
    expect(html).toContain("Error");
  });

  it("refuses a delete posted from another site", async () => {
    const [id] = await addEnquiries([enquiry({ firstName: "Cross", lastName: "Origin" })]);
    const response = await staff.super_admin.post(`/admin/enquiries/${id}/delete`, undefined, { Origin: "http://evil.example" });
    expect(response.status).toBe(403);
    expect(await server.db.selectFrom("contactEnquiries").select("id").where("id", "=", id).executeTakeFirst()).toEqual({ id });
  });
});

describe("contact enquiries: CSV export", () => {
  it("streams enquiries-YYYY-MM-DD.csv with every field quoted and formulas defused, for the search only", async () => {
    await addEnquiries([
      enquiry({
        firstName: "Quentin",
        lastName: 'O"Quote',
        email: "q@quotes.example",
        subject: "it-services",
        message: 'Line one, with a comma\nLine "two"',
        createdAt: minutesAgo(1),
      }),
      enquiry({
        firstName: "Quentin",
        lastName: "Formula",
        email: "f@quotes.example",
        subject: "general-enquiry",
        message: '=HYPERLINK("http://evil.example")',
        createdAt: minutesAgo(2),
      }),
    ]);
    const response = await staff.super_admin.get("/admin/enquiries/export?q=quentin");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="enquiries-${today}.csv"`);
    const lines = (await csvText(response)).split("\r\n");
    expect(lines[0]).toBe('"Date","First Name","Last Name","Email","Contact Number","Subject","Message"');
    expect(lines[1]).toMatch(
      /^"\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}","Quentin","O""Quote","q@quotes.example","01632 960123","IT Services","Line one, with a comma\nLine ""two"""$/,
    );
    expect(lines[2]).toMatch(/,"Quentin","Formula","f@quotes.example","01632 960123","General Enquiry","'=HYPERLINK\(""http:\/\/evil.example""\)"$/);
    expect(lines[3]).toBe("");
    expect(lines).toHaveLength(4);
  });

  it("reads a long export in chunks without losing or repeating a row (same timestamps included)", async () => {
    const sameMoment = minutesAgo(60 * 24 * 30);
    await addEnquiries(
      Array.from({ length: 2005 }, (_, index) =>
        enquiry({
          firstName: "Chunk",
          lastName: `Row${index}`,
          email: `chunk${index}@export.example`,
          message: "Chunked export",
          createdAt: index < 1500 ? sameMoment : minutesAgo(60 * 24 * 31 + index),
        }),
      ),
    );
    const text = await csvText(await staff.super_admin.get("/admin/enquiries/export?q=chunk"));
    const rows = text.split("\r\n").slice(1, -1);
    expect(rows).toHaveLength(2005);
    expect(new Set(rows).size).toBe(2005);
    await server.db.deleteFrom("contactEnquiries").where("firstName", "=", "Chunk").execute();
  });

  it("is there for managers too, and sends signed-out visitors to sign in", async () => {
    expect((await staff.manager.get("/admin/enquiries/export")).status).toBe(200);
    const signedOut = await visitor.get("/admin/enquiries/export");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/admin");
  });
});

describe("the enquiry pages when signed out", () => {
  it.each([
    "/admin/enquiries",
    "/admin/enquiries/1",
    "/admin/enquiries/1/delete",
    "/admin/newsletter",
    "/admin/newsletter/1",
    "/admin/newsletter/1/delete",
    "/admin/newsletter/export",
  ])("%s sends the visitor to /admin with the admin-panel toast", async (path) => {
    const response = await visitor.get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
    expect(await landing(response, visitor)).toContain("You need to sign in to access the admin panel.");
  });
});

describe("an enquiry sent through the public contact form", () => {
  it("shows up in the staff list and the JSON list", async () => {
    const form = {
      firstName: "Harriet",
      lastName: "Formsworth",
      email: "harriet@formsworth.example",
      contactNumber: "0113 496 0000",
      subject: "it-services",
      message: "Could you look after our IT?\nWe are 8 people in Leeds.",
    };
    const posted = await visitor.postForm("/contact", form);
    expect(posted.status).toBe(302);
    const data = await enquiriesData("?q=formsworth");
    expect(data.page.entries).toHaveLength(1);
    expect(data.page.entries[0]).toMatchObject({
      firstName: "Harriet",
      subject: "it-services",
      excerpt: "Could you look after our IT? We are 8 people in Leeds.",
    });
    const api = await (await staff.super_admin.get("/admin/api/enquiries?q=formsworth")).json();
    expect(api).toHaveLength(1);
    const whole = await (await staff.super_admin.get(`/admin/api/enquiries/${api[0].id}`)).json();
    expect(whole).toMatchObject(form);
  });
});

describe("JSON: /admin/api/enquiries", () => {
  it("lists enquiries newest first for every role, with the totals in headers, and searches", async () => {
    for (const who of [staff.manager, staff.admin, staff.super_admin]) {
      const response = await who.get("/admin/api/enquiries?q=gwen");
      expect(response.status).toBe(200);
      expect(response.headers.get("x-total-count")).toBe("1");
      expect(response.headers.get("x-page-count")).toBe("1");
      const body = await response.json();
      expect(body).toEqual([expect.objectContaining({ firstName: "Gwen", subject: "phone-systems", excerpt: "Need a hosted phone system for 3 sites." })]);
    }
    const all = await staff.super_admin.get("/admin/api/enquiries?page=2");
    expect(all.headers.get("x-page")).toBe("2");
    expect(Number(all.headers.get("x-total-count"))).toBeGreaterThan(50);
  });

  it("answers 401 when signed out", async () => {
    const response = await visitor.get("/admin/api/enquiries");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Unauthorized" });
  });

  it("answers 405 to other methods", async () => {
    const response = await staff.super_admin.post("/admin/api/enquiries");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });

  it("gives one enquiry whole, or 404", async () => {
    const [id] = await addEnquiries([enquiry({ firstName: "Jason", lastName: "Whole", message: "All of it\nkept" })]);
    const response = await staff.manager.get(`/admin/api/enquiries/${id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id, firstName: "Jason", message: "All of it\nkept" });
    for (const missing of ["999999", "0", "abc"]) {
      const gone = await staff.super_admin.get(`/admin/api/enquiries/${missing}`);
      expect(gone.status, missing).toBe(404);
      expect(await gone.json()).toEqual({ error: "Enquiry not found" });
    }
  });

  it("deletes for admins and super admins (204, then 404), 403 for managers, 401 signed out", async () => {
    const ids = await addEnquiries([enquiry({ firstName: "Api", lastName: "One" }), enquiry({ firstName: "Api", lastName: "Two" })]);
    const refused = await staff.manager.delete(`/admin/api/enquiries/${ids[0]}`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatch(/^Forbidden/);
    expect((await visitor.delete(`/admin/api/enquiries/${ids[0]}`)).status).toBe(401);

    expect((await staff.admin.delete(`/admin/api/enquiries/${ids[0]}`)).status).toBe(204);
    expect((await staff.super_admin.delete(`/admin/api/enquiries/${ids[1]}`)).status).toBe(204);
    const again = await staff.admin.delete(`/admin/api/enquiries/${ids[0]}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: "Enquiry not found" });
    expect(await server.db.selectFrom("contactEnquiries").select("id").where("firstName", "=", "Api").execute()).toEqual([]);
    const audit = await server.db.selectFrom("auditLog").select("entityId").where("action", "=", "contact_enquiry.deleted").execute();
    expect(audit.map((row) => row.entityId)).toEqual(expect.arrayContaining(ids.map(String)));
  });

  it("refuses a delete from another site with 403, and answers 405 to other methods", async () => {
    const [id] = await addEnquiries([enquiry({ firstName: "Api", lastName: "Kept" })]);
    expect((await staff.super_admin.delete(`/admin/api/enquiries/${id}`, { Origin: "http://evil.example" })).status).toBe(403);
    for (const method of ["PUT", "PATCH", "POST"]) {
      const response = await staff.super_admin.request(method, `/admin/api/enquiries/${id}`);
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, DELETE");
    }
    expect((await visitor.request("PUT", `/admin/api/enquiries/${id}`)).status).toBe(401);
    expect(await server.db.selectFrom("contactEnquiries").select("id").where("id", "=", id).executeTakeFirst()).toEqual({ id });
  });
});

describe("newsletter sign-ups", () => {
  let ids: number[];
  beforeAll(async () => {
    ids = await addSignups([
      ...Array.from({ length: 52 }, (_, index) => ({
        email: `reader${index}@letters.example`,
        firstName: "Reader",
        lastName: `Number${index}`,
        createdAt: minutesAgo(200 + index),
      })),
      { email: "nina.nameless@letters.example", createdAt: minutesAgo(1), sourcePage: "/testimonials" },
      { email: "tabitha@brooks.example", firstName: "Tabitha", lastName: "Brooks", createdAt: minutesAgo(2) },
    ]);
  });

  it("lists 50 a page, newest first, with counts", async () => {
    const first = await newsletterData();
    expect(first.page.total).toBe(54);
    expect(first.page.entries).toHaveLength(50);
    expect(first.page.entries[0].email).toBe("nina.nameless@letters.example");
    expect(first.counts.total).toBe(54);
    const second = await newsletterData("?page=2");
    expect(second.page.entries).toHaveLength(4);
    expect(second.page.entries.at(-1)!.email).toBe("reader51@letters.example");
  });

  it.each([
    ["a first name", "TABITHA", ["tabitha@brooks.example"]],
    ["a whole name", "tabitha brooks", ["tabitha@brooks.example"]],
    ["part of an email", "nameless", ["nina.nameless@letters.example"]],
    ["nothing that matches", "nobody", []],
  ])("searches by %s", async (_case, q, emails) => {
    const data = await newsletterData(`?q=${encodeURIComponent(q)}`);
    expect(data.page.entries.map((entry) => entry.email)).toEqual(emails);
  });

  it("shows the page with names, the page signed up on, and an empty state", async () => {
    const html = plain(await (await staff.super_admin.get("/admin/newsletter?q=letters.example")).text());
    expect(html).toContain("Newsletter (53)");
    expect(html).toContain("Total subscribers");
    expect(html).toContain("No name given");
    expect(html).toContain("Testimonials");
    expect(html).toContain("About Us");
    expect(await (await staff.super_admin.get("/admin/newsletter?q=nobody")).text()).toContain("No subscribers found");
  });

  it("shows a subscriber's details, or 404", async () => {
    const html = plain(await (await staff.super_admin.get(`/admin/newsletter/${ids.at(-1)}`)).text());
    expect(html).toContain("Subscriber details");
    expect(html).toContain("tabitha@brooks.example");
    expect(html).toContain("Tabitha Brooks");
    expect(html).toContain("About Us");
    expect(html).toContain("(/about)");
    const missing = await staff.super_admin.get("/admin/newsletter/999999");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Subscriber not found");
  });

  it("exports newsletter-YYYY-MM-DD.csv of the search", async () => {
    const response = await staff.manager.get("/admin/newsletter/export?q=brooks");
    expect(response.status).toBe(200);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="newsletter-${today}.csv"`);
    const lines = (await csvText(response)).split("\r\n");
    expect(lines[0]).toBe('"Date","First Name","Last Name","Email","Source Page"');
    expect(lines[1]).toMatch(/^"[^"]+","Tabitha","Brooks","tabitha@brooks.example","\/about"$/);
    expect(lines.slice(2)).toEqual([""]);
    const nameless = (await csvText(await staff.super_admin.get("/admin/newsletter/export?q=nameless"))).split("\r\n")[1];
    expect(nameless).toMatch(/^"[^"]+","","","nina.nameless@letters.example","\/testimonials"$/);
  });

  it("removes a subscriber for admins, with the toast and an audit entry, and refuses managers", async () => {
    const [id] = await addSignups([{ email: "leaving@letters.example", firstName: "Lena", lastName: "Leaving", createdAt: minutesAgo(3) }]);
    const managerList = await (await staff.manager.get("/admin/newsletter?q=leaving")).text();
    expect(managerList).not.toContain(`/admin/newsletter/${id}/delete`);
    const managerPost = await staff.manager.post(`/admin/newsletter/${id}/delete`);
    expect(managerPost.headers.get("location")).toBe("/admin/dashboard");
    expect(await server.db.selectFrom("newsletterSignups").select("id").where("id", "=", id).executeTakeFirst()).toEqual({ id });

    const dialog = await (await staff.admin.get(`/admin/newsletter/${id}/delete`)).text();
    expect(dialog).toContain("Are you sure you want to remove this subscriber? This action cannot be undone.");
    const response = await staff.admin.post(`/admin/newsletter/${id}/delete?q=leaving`);
    expect(response.headers.get("location")).toBe("/admin/newsletter?q=leaving");
    expect(await landing(response, staff.admin)).toContain("Subscriber removed successfully");
    expect(await server.db.selectFrom("newsletterSignups").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    const audit = await server.db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "newsletter_signup.deleted")
      .where("entityId", "=", String(id))
      .executeTakeFirstOrThrow();
    expect(audit.summary).toMatch(new RegExp(`^Removed newsletter subscriber #${id} \\(signed up `));
    expect(audit.summary).not.toContain("leaving@");

    const gone = await staff.admin.post(`/admin/newsletter/${id}/delete`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("Failed to remove subscriber");
  });
});

describe("JSON: /admin/api/newsletter-signups", () => {
  it("lists subscribers with totals for every role, 401 signed out, 405 otherwise", async () => {
    const response = await staff.manager.get("/admin/api/newsletter-signups?q=tabitha");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("1");
    expect(await response.json()).toEqual([
      {
        id: expect.any(Number),
        createdAt: expect.any(String),
        firstName: "Tabitha",
        lastName: "Brooks",
        email: "tabitha@brooks.example",
        sourcePage: "/about",
        status: "Subscribed",
      },
    ]);
    expect((await visitor.get("/admin/api/newsletter-signups")).status).toBe(401);
    const post = await staff.super_admin.post("/admin/api/newsletter-signups");
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });

  it("gives one subscriber or 404, deletes for admins only (204/403/401/404), 405 otherwise", async () => {
    const [id] = await addSignups([{ email: "api.leaver@letters.example", createdAt: minutesAgo(4) }]);
    expect(await (await staff.manager.get(`/admin/api/newsletter-signups/${id}`)).json()).toMatchObject({ id, email: "api.leaver@letters.example" });
    expect((await staff.super_admin.get("/admin/api/newsletter-signups/999999")).status).toBe(404);
    expect((await staff.super_admin.get("/admin/api/newsletter-signups/nope")).status).toBe(404);

    expect((await staff.manager.delete(`/admin/api/newsletter-signups/${id}`)).status).toBe(403);
    expect((await visitor.delete(`/admin/api/newsletter-signups/${id}`)).status).toBe(401);
    const patch = await staff.super_admin.request("PATCH", `/admin/api/newsletter-signups/${id}`);
    expect(patch.status).toBe(405);
    expect(patch.headers.get("allow")).toBe("GET, DELETE");
    expect((await staff.admin.delete(`/admin/api/newsletter-signups/${id}`)).status).toBe(204);
    const again = await staff.admin.delete(`/admin/api/newsletter-signups/${id}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: "Subscriber not found" });
  });
});
