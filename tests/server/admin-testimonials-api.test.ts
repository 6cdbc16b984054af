import { beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_TESTIMONIALS } from "~/features/content/testimonials";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole } from "../support/client";
import { testServerForSuite } from "../support/server";
import { forSuite } from "../support/suite";
import { refuseWrites } from "../support/database";
import type { AdminRole } from "~/features/staff/admin-roles";

// The admin testimonial routes of SPEC section 7 and the /admin/testimonials
// page actions, against the real built server, for every role.

const complete = {
  name: "Tom Evans",
  company: "Evans & Sons Removals Ltd",
  position: "Operations Director",
  date: "June 3, 2025",
  content: "We moved twelve lines across in a week without a single dropped call, and the bill went down by a third.",
  rating: 4,
  featured: true,
};

const server = testServerForSuite(TEST_OWNER_ENV);
const visitor = publicClient(server);
const staff = forSuite(() => staffOfEveryRole(server));

beforeEach(async () => {
  await server.db.deleteFrom("testimonials").execute();
  await server.db.deleteFrom("auditLog").execute();
});

async function createdId(as: AdminRole = "admin", body: object = complete): Promise<number> {
  const response = await staff[as].postJson("/admin/api/testimonials", body);
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const countRows = async () => (await server.db.selectFrom("testimonials").select("id").execute()).length;
const auditActions = async () => (await server.db.selectFrom("auditLog").select("action").orderBy("id").execute()).map((row) => row.action);

const BAD_IDS = ["999999", "abc", "0", "-1", "1.5", "1e3"];

describe("GET /admin/api/testimonials", () => {
  it("answers 401 when signed out", async () => {
    const response = await visitor.get("/admin/api/testimonials");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Unauthorized" });
  });

  it.each(["manager", "admin", "super_admin"] as const)("lists every testimonial, newest first, for a %s", async (role) => {
    await createdId("admin", { ...complete, name: "First Person" });
    await createdId("admin", { ...complete, name: "Second Person", featured: false });
    const response = await staff[role].get("/admin/api/testimonials");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const list = (await response.json()) as Array<{ name: string; featured: boolean }>;
    expect(list.map((item) => [item.name, item.featured])).toEqual([
      ["Second Person", false],
      ["First Person", true],
    ]);
  });
});

describe("POST /admin/api/testimonials", () => {
  it.each(["admin", "super_admin"] as const)("adds a testimonial for a %s: 201 with it, stored and audited", async (role) => {
    const response = await staff[role].postJson("/admin/api/testimonials", { ...complete, unknownField: "ignored" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({ id: expect.any(Number), ...complete });
    const row = await server.db.selectFrom("testimonials").selectAll().where("id", "=", body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...complete, featured: 1, importKey: null });
    expect(await auditActions()).toEqual(["testimonial.created"]);
  });

  it("defaults to 5 stars and not featured, and trims the texts", async () => {
    const { rating: _rating, featured: _featured, ...rest } = complete;
    const response = await staff.admin.postJson("/admin/api/testimonials", { ...rest, name: "  Tom Evans  " });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ name: "Tom Evans", rating: 5, featured: false });
  });

  it("refuses a manager with 403 and stores nothing", async () => {
    const response = await staff.manager.postJson("/admin/api/testimonials", complete);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Forbidden: your role does not allow this" });
    expect(await countRows()).toBe(0);
  });

  it("answers 401 when signed out", async () => {
    expect((await visitor.postJson("/admin/api/testimonials", complete)).status).toBe(401);
  });

  it("refuses a call from another site's page with 403", async () => {
    const response = await staff.admin.postJson("/admin/api/testimonials", complete, { Origin: "http://evil.example" });
    expect(response.status).toBe(403);
    expect(await countRows()).toBe(0);
  });

  it.each([
    ["a missing name", { name: undefined }, "name", "Please enter a name"],
    ["an empty company", { company: "   " }, "company", "Please enter a company"],
    ["a missing position", { position: undefined }, "position", "Please enter a position"],
    ["a missing date", { date: undefined }, "date", "Please enter a date"],
    ["a missing testimonial", { content: "" }, "content", "Please enter the testimonial"],
    ["a testimonial over 2000 characters", { content: "x".repeat(2001) }, "content", "Please keep the testimonial to 2000 characters or fewer"],
    ["a date over 50 characters", { date: "y".repeat(51) }, "date", "Please keep a date to 50 characters or fewer"],
    ["no stars", { rating: 0 }, "rating", "Choose a rating from 1 to 5 stars"],
    ["six stars", { rating: 6 }, "rating", "Choose a rating from 1 to 5 stars"],
    ["half a star", { rating: 4.5 }, "rating", "Choose a rating from 1 to 5 stars"],
    ["a rating in words", { rating: "five" }, "rating", "Choose a rating from 1 to 5 stars"],
    ["featured that is not a boolean", { featured: "yes" }, "featured", "Featured must be true or false"],
    ["a number where text belongs", { name: 42 }, "name", "Please enter a name"],
  ])("answers 400 with the field error for %s, and stores nothing", async (_case, change, field, message) => {
    const response = await staff.admin.postJson("/admin/api/testimonials", { ...complete, ...change });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe("Invalid testimonial");
    expect(body.fieldErrors).toEqual({ [field]: message });
    expect(await countRows()).toBe(0);
  });

  it("names every missing field at once", async () => {
    const response = await staff.admin.postJson("/admin/api/testimonials", {});
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).fieldErrors).sort()).toEqual(["company", "content", "date", "name", "position"]);
  });

  it.each([
    ["malformed JSON", "{ not json"],
    ["a JSON array", "[]"],
    ["JSON null", "null"],
  ])("answers 400 to %s", async (_case, body) => {
    const response = await staff.admin.postJson("/admin/api/testimonials", body);
    expect(response.status).toBe(400);
    expect(await response.json()).toHaveProperty("error");
  });

  it("refuses a name, company or text holding control or text-direction characters with 400 and the field's message; the text keeps its line breaks", async () => {
    const response = await staff.admin.postJson("/admin/api/testimonials", {
      ...complete,
      name: "Tom \u202esnavE",
      company: "Evans\u0000 Removals",
      content: "Great.\u2067 Five stars",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      name: "Please type a name again: it holds hidden control or text-direction characters",
      company: "Please type a company again: it holds hidden control or text-direction characters",
      content: "Please type the testimonial again: it holds hidden control or text-direction characters",
    });
    expect(await countRows()).toBe(0);
    const id = await createdId("admin", { ...complete, content: "Twelve lines moved.\r\n\r\nThe bill went down by a third." });
    expect((await server.db.selectFrom("testimonials").select("content").where("id", "=", id).executeTakeFirstOrThrow()).content).toBe(
      "Twelve lines moved.\r\n\r\nThe bill went down by a third.",
    );
  });

  it("keeps markup as typed and /api/testimonials returns it as typed; the home page shows it as text", async () => {
    const markup = `<script>alert("x")</script><img src=x onerror="alert(1)"> & "quotes"`;
    const id = await createdId("admin", { ...complete, name: "<b>Bold</b> Name", content: markup });
    const row = await server.db.selectFrom("testimonials").select(["name", "content"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "<b>Bold</b> Name", content: markup });

    const list = (await (await visitor.get("/api/testimonials")).json()) as Array<{ name: string; content: string }>;
    expect(list[0]).toMatchObject({ name: "<b>Bold</b> Name", content: markup });

    const home = await (await visitor.get("/")).text();
    expect(home).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(home).not.toContain('<img src=x onerror="alert(1)">');
    expect(home).not.toContain("<b>Bold</b>");
  });
});

describe("GET /admin/api/testimonials/{id}", () => {
  it("answers one testimonial to any signed-in role", async () => {
    const id = await createdId();
    const response = await staff.manager.get(`/admin/api/testimonials/${id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, ...complete });
  });

  it.each(BAD_IDS)("answers 404 to id %s", async (id) => {
    const response = await staff.admin.get(`/admin/api/testimonials/${id}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Testimonial not found" });
  });
});

describe("PATCH /admin/api/testimonials/{id}", () => {
  it.each(["admin", "super_admin"] as const)("changes every field sent as a whole object, for a %s", async (role) => {
    const id = await createdId();
    const changed = {
      name: "Tomos Evans",
      company: "Evans Removals",
      position: "Director",
      date: "July 1, 2025",
      content: "Still happy a year on.",
      rating: 5,
      featured: false,
    };
    const response = await staff[role].patch(`/admin/api/testimonials/${id}`, changed);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, ...changed });
    const row = await server.db.selectFrom("testimonials").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...changed, featured: 0 });
    expect(row.updatedAt >= row.createdAt).toBe(true);
    expect(await auditActions()).toEqual(["testimonial.created", "testimonial.updated"]);
  });

  it("changes only the fields sent, and the public pages follow at once", async () => {
    const id = await createdId("admin", { ...complete, name: "Featured Fiona" });
    expect(await (await visitor.get("/")).text()).toContain("Featured Fiona");

    const response = await staff.admin.patch(`/admin/api/testimonials/${id}`, { featured: false });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, ...complete, name: "Featured Fiona", featured: false });
    // No testimonial is featured now, so the page shows the built-in samples again.
    const home = await (await visitor.get("/")).text();
    expect(home).not.toContain("Featured Fiona");
    expect(home).toContain(SAMPLE_TESTIMONIALS[0].name);
  });

  it("refuses a manager with 403 and changes nothing", async () => {
    const id = await createdId();
    const response = await staff.manager.patch(`/admin/api/testimonials/${id}`, { featured: false });
    expect(response.status).toBe(403);
    expect((await server.db.selectFrom("testimonials").select("featured").where("id", "=", id).executeTakeFirstOrThrow()).featured).toBe(1);
  });

  it("answers 401 when signed out", async () => {
    const id = await createdId();
    expect((await visitor.patch(`/admin/api/testimonials/${id}`, { featured: false })).status).toBe(401);
  });

  it.each([
    ["an emptied name", { name: "" }, { name: "Please enter a name" }],
    ["seven stars", { rating: 7 }, { rating: "Choose a rating from 1 to 5 stars" }],
    ["nothing to change", {}, { form: "Send at least one field to change" }],
    ["null featured", { featured: null }, { featured: "Featured must be true or false" }],
  ])("answers 400 to %s and changes nothing", async (_case, body, fieldErrors) => {
    const id = await createdId();
    const response = await staff.admin.patch(`/admin/api/testimonials/${id}`, body);
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual(fieldErrors);
    expect(await server.db.selectFrom("testimonials").selectAll().where("id", "=", id).executeTakeFirstOrThrow()).toMatchObject({ ...complete, featured: 1 });
  });

  it("answers 400 to malformed JSON", async () => {
    const id = await createdId();
    expect((await staff.admin.patch(`/admin/api/testimonials/${id}`, '{"featured":')).status).toBe(400);
  });

  it.each(BAD_IDS)("answers 404 to id %s", async (id) => {
    const response = await staff.admin.patch(`/admin/api/testimonials/${id}`, { featured: false });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Testimonial not found" });
  });
});

describe("DELETE /admin/api/testimonials/{id}", () => {
  it.each(["admin", "super_admin"] as const)("removes it for a %s: 204, then 404", async (role) => {
    const id = await createdId();
    const response = await staff[role].delete(`/admin/api/testimonials/${id}`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect(await countRows()).toBe(0);
    expect(await auditActions()).toEqual(["testimonial.created", "testimonial.deleted"]);
    expect((await staff[role].delete(`/admin/api/testimonials/${id}`)).status).toBe(404);
  });

  it("refuses a manager with 403 and keeps it", async () => {
    await createdId();
    const [{ id }] = await server.db.selectFrom("testimonials").select("id").execute();
    expect((await staff.manager.delete(`/admin/api/testimonials/${id}`)).status).toBe(403);
    expect(await countRows()).toBe(1);
  });

  it("answers 401 when signed out", async () => {
    const id = await createdId();
    expect((await visitor.delete(`/admin/api/testimonials/${id}`)).status).toBe(401);
    expect(await countRows()).toBe(1);
  });

  it.each(BAD_IDS)("answers 404 to id %s", async (id) => {
    expect((await staff.admin.delete(`/admin/api/testimonials/${id}`)).status).toBe(404);
  });
});

describe("POST /admin/api/import-testimonials", () => {
  it.each(["admin", "super_admin"] as const)("brings in the three built-in testimonials once, for a %s", async (role) => {
    const first = await staff[role].post("/admin/api/import-testimonials");
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ imported: 3 });
    const second = await staff[role].post("/admin/api/import-testimonials");
    expect(await second.json()).toEqual({ imported: 0 });

    const rows = await server.db.selectFrom("testimonials").selectAll().orderBy("importKey").execute();
    expect(rows.map((row) => row.importKey)).toEqual(SAMPLE_TESTIMONIALS.map((sample) => sample.id));
    rows.forEach((row, index) => {
      const { id: _id, featured, ...sample } = SAMPLE_TESTIMONIALS[index];
      expect(row).toMatchObject({ ...sample, featured: featured ? 1 : 0 });
    });
    // Listed in the site's own order.
    const list = (await (await staff.admin.get("/admin/api/testimonials")).json()) as Array<{ name: string }>;
    expect(list.map((item) => item.name)).toEqual(SAMPLE_TESTIMONIALS.map((sample) => sample.name));
    expect(await auditActions()).toEqual(["testimonial.imported"]);
  });

  it("adds no duplicate of an imported testimonial that staff have since edited", async () => {
    await staff.admin.post("/admin/api/import-testimonials");
    const [{ id }] = await server.db.selectFrom("testimonials").select("id").execute();
    await staff.admin.patch(`/admin/api/testimonials/${id}`, { name: "Renamed Person" });
    expect(await (await staff.admin.post("/admin/api/import-testimonials")).json()).toEqual({ imported: 0 });
    expect(await countRows()).toBe(3);
  });

  it("adds no duplicates when imports run at the same time", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => staff.admin.post("/admin/api/import-testimonials")));
    const imported = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { imported: number }).imported));
    expect(imported.reduce((sum, count) => sum + count, 0)).toBe(3);
    expect(await countRows()).toBe(3);
  });

  it("refuses a manager with 403 and imports nothing", async () => {
    expect((await staff.manager.post("/admin/api/import-testimonials")).status).toBe(403);
    expect(await countRows()).toBe(0);
  });

  it("answers 401 when signed out", async () => {
    expect((await visitor.post("/admin/api/import-testimonials")).status).toBe(401);
  });
});

describe("other methods", () => {
  it.each([
    ["PUT", "/admin/api/testimonials", "GET, POST"],
    ["DELETE", "/admin/api/testimonials", "GET, POST"],
    ["PUT", "/admin/api/testimonials/1", "GET, PATCH, DELETE"],
    ["POST", "/admin/api/testimonials/1", "GET, PATCH, DELETE"],
    ["GET", "/admin/api/import-testimonials", "POST"],
    ["DELETE", "/admin/api/import-testimonials", "POST"],
  ])("answer %s %s with 405", async (method, path, allowed) => {
    const response = await staff.admin.request(method, path);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allowed);
  });

  it("answers 401 before 405 when signed out", async () => {
    expect((await visitor.put("/admin/api/testimonials")).status).toBe(401);
  });
});

describe("the /admin/testimonials page actions", () => {
  const formFields = {
    name: "Tom Evans",
    company: "Evans & Sons Removals Ltd",
    position: "Operations Director",
    date: "June 3, 2025",
    content: "Twelve lines moved in a week.",
    rating: "4",
    featured: "on",
  };

  it("adds from the dialog's form: a checkbox's on, a radio's string, and the spec's toast", async () => {
    const response = await staff.admin.postForm("/admin/testimonials/new", formFields);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/testimonials");
    const row = await server.db.selectFrom("testimonials").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ rating: 4, featured: 1, name: "Tom Evans" });
    // The flash toast travels in a cookie to the page the redirect lands on.
    const page = await (await staff.admin.follow(response)).text();
    expect(page).toContain("Testimonial created successfully");
  });

  it("shows the form again with its error summary, the field errors and what was typed, and no toast", async () => {
    const response = await staff.admin.postForm("/admin/testimonials/new", { ...formFields, name: "", rating: "9" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter a name");
    expect(html).toContain("Choose a rating from 1 to 5 stars");
    expect(html).toContain('value="Evans &amp; Sons Removals Ltd"');
    expect(html).toContain("There is a problem");
    expect(html).not.toContain('data-testid="toast"');
    expect(await countRows()).toBe(0);
  });

  it("shows a name holding a text-direction override again with its message, storing nothing", async () => {
    const response = await staff.admin.postForm("/admin/testimonials/new", { ...formFields, name: "Tom \u202esnavE" });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/id="[^"]*name-error"[^>]*>Please type a name again: it holds hidden control or text-direction characters</);
    expect(await countRows()).toBe(0);
  });

  it("an unticked featured box unfeatures on edit", async () => {
    const id = await createdId();
    const { featured: _featured, ...unticked } = formFields;
    const response = await staff.admin.postForm(`/admin/testimonials/${id}/edit`, unticked);
    expect(response.status).toBe(302);
    expect((await server.db.selectFrom("testimonials").select("featured").where("id", "=", id).executeTakeFirstOrThrow()).featured).toBe(0);
  });

  it("deletes from the confirmation, back to the list with its search", async () => {
    const id = await createdId();
    const response = await staff.admin.postForm(`/admin/testimonials/${id}/delete?page=2`, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/testimonials?page=2");
    expect(await countRows()).toBe(0);
  });

  it("answers a delete the database fails with the dialog and an Error toast, keeping the testimonial", async () => {
    const id = await createdId();
    const allowWrites = await refuseWrites(server.db, { table: "testimonials", event: "DELETE", message: "disk I/O error" });
    try {
      const response = await staff.admin.postForm(`/admin/testimonials/${id}/delete`, {});
      expect(response.status).toBe(503);
      const page = await response.text();
      expect(page).toContain("It could not be deleted. Please try again.");
      expect(page).toContain("Are you sure you want to delete this testimonial?");
      expect(page).not.toMatch(/disk I\/O error|SqliteError/);
    } finally {
      await allowWrites();
    }
    expect(await countRows()).toBe(1);
  });

  it.each(["999999", "abc"])("shows a not-found dialog with 404 for id %s", async (id) => {
    for (const path of [`/admin/testimonials/${id}/edit`, `/admin/testimonials/${id}/delete`]) {
      const response = await staff.admin.get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("This testimonial no longer exists");
    }
  });

  it("imports from the page's button, once", async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await staff.admin.postForm("/admin/testimonials", { intent: "import-existing" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin/testimonials");
    }
    expect(await countRows()).toBe(3);
  });

  it("says Failed to import testimonials when the import fails, and keeps nothing", async () => {
    const allowWrites = await refuseWrites(server.db, { table: "testimonials", event: "INSERT", message: "disk I/O error" });
    try {
      const response = await staff.admin.postForm("/admin/testimonials", { intent: "import-existing" });
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain("Failed to import testimonials");
    } finally {
      await allowWrites();
    }
    expect(await countRows()).toBe(0);
  });

  it("lets a manager see the cards but not open or post the add, edit, delete or import forms", async () => {
    const id = await createdId();
    const list = await staff.manager.get("/admin/testimonials");
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain(complete.name);
    expect(html).not.toContain("Add Testimonial");
    expect(html).not.toContain("Import Existing");
    expect(html).not.toContain(`/admin/testimonials/${id}/edit`);

    for (const path of ["/admin/testimonials/new", `/admin/testimonials/${id}/edit`, `/admin/testimonials/${id}/delete`]) {
      const page = await staff.manager.get(path);
      expect(page.headers.get("location")).toBe("/admin/dashboard");
    }
    const posts = [
      staff.manager.postForm("/admin/testimonials/new", formFields),
      staff.manager.postForm(`/admin/testimonials/${id}/edit`, { ...formFields, name: "Changed" }),
      staff.manager.postForm(`/admin/testimonials/${id}/delete`, {}),
      staff.manager.postForm("/admin/testimonials", { intent: "import-existing" }),
    ];
    for (const response of await Promise.all(posts)) {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin/dashboard");
    }
    expect(await server.db.selectFrom("testimonials").select("name").execute()).toEqual([{ name: complete.name }]);
  });

  it("sends a signed-out visitor to sign in", async () => {
    for (const path of ["/admin/testimonials", "/admin/testimonials/new"]) {
      const response = await visitor.get(path);
      expect(response.headers.get("location")).toBe("/admin/api/login");
    }
    const post = await visitor.postForm("/admin/testimonials/new", formFields);
    expect(post.headers.get("location")).toBe("/admin/api/login");
    expect(await countRows()).toBe(0);
  });
});
