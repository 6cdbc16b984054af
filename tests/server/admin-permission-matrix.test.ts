import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminUserRow, TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient, type Client, type StaffClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { insertDataRequest, seedTestLeads } from "../support/database";
import { tariffInput } from "../support/tariffs";
import { tariffFormValues } from "~/features/tariffs/tariff-form-fields";

/**
 * Every admin page and JSON route against every kind of visitor, with the
 * status each must get. Server-side enforcement, whatever the UI shows.
 */
type Who = "signedOut" | "deactivated" | "manager" | "admin" | "superAdmin";
const WHO: Who[] = ["signedOut", "deactivated", "manager", "admin", "superAdmin"];

let server: TestServer;
const clients = {} as Record<Exclude<Who, "signedOut">, StaffClient> & Record<"signedOut", Client>;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer(TEST_OWNER_ENV);
  clients.signedOut = publicClient(server);
  // The users are made, and signed in, side by side.
  [clients.manager, clients.admin, clients.superAdmin, clients.deactivated] = await Promise.all([
    staffClient(server, "manager"),
    staffClient(server, "admin"),
    staffClient(server, "super_admin"),
    // A session that was valid until its user was deactivated.
    staffClient(server, "super_admin", { email: "leaver@clearlinebusiness.co.uk" }),
  ]);
  await server.db.updateTable("adminUsers").set({ isActive: 0 }).where("id", "=", clients.deactivated.user.id).execute();
  await seedTestLeads(server.db, 5);
});
afterAll(async () => {
  await server?.stop();
});

async function anyLeadId(): Promise<number> {
  return (await server.db.selectFrom("leads").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
}
async function freshLeadId(): Promise<number> {
  counter += 1;
  await seedTestLeads(server.db, 1, { startNumber: 100_000 + counter });
  return (await server.db.selectFrom("leads").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id;
}
async function freshUserId(role: "admin" | "manager" = "admin"): Promise<string> {
  counter += 1;
  return (await createAdminUserRow(server.db, { email: `target${counter}@clearlinebusiness.co.uk`, role })).id;
}

async function freshStockImageId(): Promise<number> {
  counter += 1;
  const row = await server.db
    .insertInto("stockImages")
    .values({
      filename: `matrix-${counter}.png`,
      originalName: "office.png",
      description: null,
      location: "general",
      size: 100,
      contentType: "image/png",
      createdAt: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
async function freshTestimonialId(): Promise<number> {
  const now = new Date().toISOString();
  const row = await server.db
    .insertInto("testimonials")
    .values({
      name: "Pat",
      company: "Pat & Co",
      position: "Owner",
      content: "Great service.",
      rating: 5,
      featured: 0,
      date: "November 22, 2026",
      importKey: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
async function freshDataRequestId(): Promise<number> {
  return insertDataRequest(server.db, { receivedOn: "2026-01-15", contact: "asker@example.co.uk", contactKey: "matrix-key" });
}
async function freshEnquiryId(): Promise<number> {
  const row = await server.db
    .insertInto("contactEnquiries")
    .values({
      firstName: "Eve",
      lastName: "Enquirer",
      email: "eve@example.co.uk",
      contactNumber: "07700 900123",
      subject: "broadband",
      message: "Hello",
      createdAt: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
async function freshSignupId(): Promise<number> {
  counter += 1;
  const now = new Date().toISOString();
  const row = await server.db
    .insertInto("newsletterSignups")
    .values({ email: `reader${counter}@example.co.uk`, firstName: null, lastName: null, sourcePage: "/about", createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A draft quote of its own for each request, on a lead of its own, drafted as staff would. */
async function freshQuoteId(): Promise<number> {
  const response = await clients.admin.postJson(`/admin/api/leads/${await freshLeadId()}/quotes`, undefined);
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** The editor of a draft quote of its own, under its lead's address. */
async function freshQuoteEditorPath(): Promise<string> {
  const id = await freshQuoteId();
  const { leadId } = await server.db.selectFrom("quotes").select("leadId").where("id", "=", id).executeTakeFirstOrThrow();
  return `/admin/leads/${leadId}/quotes/${id}`;
}

/** A draft quote with a line, ready to send, on a lead of its own. */
async function freshSendableQuoteId(): Promise<number> {
  const id = await freshQuoteId();
  const line = { group: "broadband", description: "Fibre broadband 900", quantity: 1, unitPriceExVatPence: 3500, charge: "monthly", termMonths: 24 };
  expect((await clients.admin.patch(`/admin/api/quotes/${id}`, { lines: [line] })).status).toBe(200);
  return id;
}

/** A quote sent to its customer, on a lead of its own. */
async function freshSentQuoteId(): Promise<number> {
  const id = await freshSendableQuoteId();
  expect((await clients.admin.postJson(`/admin/api/quotes/${id}/send`, undefined)).status).toBe(200);
  return id;
}

/** A tariff of its own for each request, as a staff member would have added it. */
async function freshTariffSlug(): Promise<string> {
  counter += 1;
  const input = tariffInput({ slug: `matrix-tariff-${counter}` });
  const now = new Date().toISOString();
  await server.db
    .insertInto("tariffs")
    .values({
      ...input,
      priceRises: JSON.stringify(input.priceRises),
      fiveG: input.fiveG ? 1 : 0,
      euRoaming: JSON.stringify(input.euRoaming),
      wifiCalling: input.wifiCalling ? 1 : 0,
      businessExtras: JSON.stringify(input.businessExtras),
      multiLineDiscount: JSON.stringify(input.multiLineDiscount),
      isSample: 0,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return input.slug;
}

/** A one-tariff CSV file in the import's columns, with a slug of its own. */
function tariffCsv(): string {
  counter += 1;
  return [
    "slug,network,name,service_type,status,monthly_price_ex_vat,upfront_cost_ex_vat,term_months,price_rises,data_gb,minutes,texts,five_g,eu_roaming,eu_roaming_fair_use_gb,eu_roaming_daily_charge,wifi_calling,business_extras,multi_line_discount_from_line,multi_line_discount_percent,min_lines,max_lines,source_url,checked_on",
    `matrix-import-${counter},EE,Business SIM,sim_only,live,12.00,0.00,24,,30,unlimited,unlimited,yes,yes,,,yes,,,,1,50,,2026-11-01`,
  ].join("\r\n");
}

interface Case {
  name: string;
  /** `csv` is sent as a text/csv body instead of `body` as JSON. */
  request: () => Promise<{ method: string; path: string; body?: unknown; csv?: string }>;
  expect: Record<Who, number>;
}

const PAGE_FOR_ALL = { signedOut: 302, deactivated: 302, manager: 200, admin: 200, superAdmin: 200 };
const API_FOR_ALL = { signedOut: 401, deactivated: 401, manager: 200, admin: 200, superAdmin: 200 };
const PAGE_SUPER_ONLY = { signedOut: 302, deactivated: 302, manager: 302, admin: 302, superAdmin: 200 };
const API_SUPER_ONLY = (ok: number) => ({ signedOut: 401, deactivated: 401, manager: 403, admin: 403, superAdmin: ok });
const PAGE_ADMINS = { signedOut: 302, deactivated: 302, manager: 302, admin: 200, superAdmin: 200 };
const API_ADMINS = (ok: number) => ({ signedOut: 401, deactivated: 401, manager: 403, admin: ok, superAdmin: ok });

const CASES: Case[] = [
  { name: "GET /admin/dashboard", request: async () => ({ method: "GET", path: "/admin/dashboard" }), expect: PAGE_FOR_ALL },
  { name: "GET /admin/settings", request: async () => ({ method: "GET", path: "/admin/settings" }), expect: PAGE_FOR_ALL },
  { name: "GET /admin/leads", request: async () => ({ method: "GET", path: "/admin/leads" }), expect: PAGE_FOR_ALL },
  { name: "GET /admin/leads/:id", request: async () => ({ method: "GET", path: `/admin/leads/${await anyLeadId()}` }), expect: PAGE_FOR_ALL },
  { name: "GET /admin/leads/:id/delete", request: async () => ({ method: "GET", path: `/admin/leads/${await anyLeadId()}/delete` }), expect: PAGE_ADMINS },
  { name: "GET /admin/leads/export", request: async () => ({ method: "GET", path: "/admin/leads/export" }), expect: PAGE_FOR_ALL },
  // The quote editor.
  {
    name: "GET /admin/leads/:id/quotes/new",
    request: async () => ({ method: "GET", path: `/admin/leads/${await freshLeadId()}/quotes/new` }),
    expect: PAGE_FOR_ALL,
  },
  { name: "GET /admin/leads/:id/quotes/:quoteId", request: async () => ({ method: "GET", path: await freshQuoteEditorPath() }), expect: PAGE_FOR_ALL },
  {
    name: "GET /admin/leads/:id/quotes/:quoteId/withdraw",
    request: async () => ({ method: "GET", path: `${await freshQuoteEditorPath()}/withdraw` }),
    expect: PAGE_FOR_ALL,
  },
  // The Quotes screen and its export: whoever may see the leads list and export it.
  { name: "GET /admin/quotes", request: async () => ({ method: "GET", path: "/admin/quotes" }), expect: PAGE_FOR_ALL },
  { name: "GET /admin/quotes/export", request: async () => ({ method: "GET", path: "/admin/quotes/export" }), expect: PAGE_FOR_ALL },
  { name: "GET /admin/users", request: async () => ({ method: "GET", path: "/admin/users" }), expect: PAGE_FOR_ALL },
  { name: "GET /admin/users/new", request: async () => ({ method: "GET", path: "/admin/users/new" }), expect: PAGE_SUPER_ONLY },
  { name: "GET /admin/users/:id/role", request: async () => ({ method: "GET", path: `/admin/users/${await freshUserId()}/role` }), expect: PAGE_SUPER_ONLY },
  {
    name: "GET /admin/users/:id/deactivate",
    request: async () => ({ method: "GET", path: `/admin/users/${await freshUserId()}/deactivate` }),
    expect: PAGE_SUPER_ONLY,
  },
  {
    name: "GET /admin/users/:id/reset-password",
    request: async () => ({ method: "GET", path: `/admin/users/${await freshUserId()}/reset-password` }),
    expect: PAGE_SUPER_ONLY,
  },
  { name: "GET /admin/account/password", request: async () => ({ method: "GET", path: "/admin/account/password" }), expect: PAGE_FOR_ALL },
  { name: "GET /admin/api/auth/user", request: async () => ({ method: "GET", path: "/admin/api/auth/user" }), expect: API_FOR_ALL },
  { name: "GET /admin/api/users", request: async () => ({ method: "GET", path: "/admin/api/users" }), expect: API_FOR_ALL },
  {
    name: "POST /admin/api/users",
    request: async () => ({
      method: "POST",
      path: "/admin/api/users",
      body: { email: `new${++counter}@clearlinebusiness.co.uk`, firstName: "New", lastName: "Starter", role: "manager" },
    }),
    expect: API_SUPER_ONLY(201),
  },
  {
    name: "PUT /admin/api/users/:id/role",
    request: async () => ({ method: "PUT", path: `/admin/api/users/${await freshUserId()}/role`, body: { role: "manager" } }),
    expect: API_SUPER_ONLY(200),
  },
  {
    name: "PUT /admin/api/users/:id/deactivate",
    request: async () => ({ method: "PUT", path: `/admin/api/users/${await freshUserId()}/deactivate` }),
    expect: API_SUPER_ONLY(200),
  },
  {
    name: "PUT /admin/api/users/:id/reset-password",
    request: async () => ({ method: "PUT", path: `/admin/api/users/${await freshUserId()}/reset-password` }),
    expect: API_SUPER_ONLY(200),
  },
  { name: "GET /admin/api/quote-requests", request: async () => ({ method: "GET", path: "/admin/api/quote-requests" }), expect: API_FOR_ALL },
  { name: "GET /admin/api/reports/sources", request: async () => ({ method: "GET", path: "/admin/api/reports/sources" }), expect: API_FOR_ALL },
  {
    name: "GET /admin/api/quote-requests/:id",
    request: async () => ({ method: "GET", path: `/admin/api/quote-requests/${await anyLeadId()}` }),
    expect: API_FOR_ALL,
  },
  {
    name: "PUT /admin/api/quote-requests/:id",
    request: async () => ({ method: "PUT", path: `/admin/api/quote-requests/${await anyLeadId()}`, body: { status: "contacted" } }),
    expect: API_FOR_ALL,
  },
  {
    name: "GET /admin/api/leads/:id/quotes",
    request: async () => ({ method: "GET", path: `/admin/api/leads/${await anyLeadId()}/quotes` }),
    expect: API_FOR_ALL,
  },
  {
    name: "POST /admin/api/leads/:id/quotes",
    request: async () => ({ method: "POST", path: `/admin/api/leads/${await freshLeadId()}/quotes` }),
    expect: { ...API_FOR_ALL, manager: 201, admin: 201, superAdmin: 201 },
  },
  {
    name: "GET /admin/api/quotes/:id",
    request: async () => ({ method: "GET", path: `/admin/api/quotes/${await freshQuoteId()}` }),
    expect: API_FOR_ALL,
  },
  {
    name: "PATCH /admin/api/quotes/:id",
    request: async () => ({ method: "PATCH", path: `/admin/api/quotes/${await freshQuoteId()}`, body: { customerNote: "As discussed" } }),
    expect: API_FOR_ALL,
  },
  {
    name: "POST /admin/api/quotes/:id/send",
    request: async () => ({ method: "POST", path: `/admin/api/quotes/${await freshSendableQuoteId()}/send` }),
    expect: API_FOR_ALL,
  },
  {
    name: "POST /admin/api/quotes/:id/withdraw",
    request: async () => ({ method: "POST", path: `/admin/api/quotes/${await freshSentQuoteId()}/withdraw` }),
    expect: API_FOR_ALL,
  },
  {
    name: "POST /admin/api/quotes/:id/revise",
    request: async () => ({ method: "POST", path: `/admin/api/quotes/${await freshSentQuoteId()}/revise` }),
    expect: { ...API_FOR_ALL, manager: 201, admin: 201, superAdmin: 201 },
  },
  {
    name: "DELETE /admin/api/quote-requests/:id",
    request: async () => ({ method: "DELETE", path: `/admin/api/quote-requests/${await freshLeadId()}` }),
    expect: API_ADMINS(204),
  },

  { name: "GET /admin/stock-images", request: async () => ({ method: "GET", path: "/admin/stock-images" }), expect: PAGE_FOR_ALL },
  {
    name: "GET /admin/stock-images/:id/delete",
    request: async () => ({ method: "GET", path: `/admin/stock-images/${await freshStockImageId()}/delete` }),
    expect: PAGE_ADMINS,
  },
  { name: "GET /admin/api/stock-images", request: async () => ({ method: "GET", path: "/admin/api/stock-images" }), expect: API_FOR_ALL },
  {
    name: "DELETE /admin/api/stock-images/:id",
    request: async () => ({ method: "DELETE", path: `/admin/api/stock-images/${await freshStockImageId()}` }),
    expect: API_ADMINS(204),
  },

  { name: "GET /admin/testimonials", request: async () => ({ method: "GET", path: "/admin/testimonials" }), expect: PAGE_FOR_ALL },
  { name: "GET /admin/testimonials/new", request: async () => ({ method: "GET", path: "/admin/testimonials/new" }), expect: PAGE_ADMINS },
  {
    name: "GET /admin/testimonials/:id/edit",
    request: async () => ({ method: "GET", path: `/admin/testimonials/${await freshTestimonialId()}/edit` }),
    expect: PAGE_ADMINS,
  },
  {
    name: "GET /admin/testimonials/:id/delete",
    request: async () => ({ method: "GET", path: `/admin/testimonials/${await freshTestimonialId()}/delete` }),
    expect: PAGE_ADMINS,
  },
  { name: "GET /admin/api/testimonials", request: async () => ({ method: "GET", path: "/admin/api/testimonials" }), expect: API_FOR_ALL },
  {
    name: "POST /admin/api/testimonials",
    request: async () => ({
      method: "POST",
      path: "/admin/api/testimonials",
      body: { name: "Ann", company: "Ann Ltd", position: "MD", content: "Brilliant.", rating: 4, featured: false, date: "November 22, 2026" },
    }),
    expect: API_ADMINS(201),
  },
  {
    name: "PATCH /admin/api/testimonials/:id",
    request: async () => ({ method: "PATCH", path: `/admin/api/testimonials/${await freshTestimonialId()}`, body: { featured: true } }),
    expect: API_ADMINS(200),
  },
  {
    name: "DELETE /admin/api/testimonials/:id",
    request: async () => ({ method: "DELETE", path: `/admin/api/testimonials/${await freshTestimonialId()}` }),
    expect: API_ADMINS(204),
  },
  { name: "POST /admin/api/import-testimonials", request: async () => ({ method: "POST", path: "/admin/api/import-testimonials" }), expect: API_ADMINS(200) },

  { name: "GET /admin/tariffs", request: async () => ({ method: "GET", path: "/admin/tariffs" }), expect: PAGE_FOR_ALL },
  { name: "GET /admin/tariffs/new", request: async () => ({ method: "GET", path: "/admin/tariffs/new" }), expect: PAGE_ADMINS },
  { name: "GET /admin/tariffs/import", request: async () => ({ method: "GET", path: "/admin/tariffs/import" }), expect: PAGE_ADMINS },
  {
    name: "GET /admin/tariffs/:slug/edit",
    request: async () => ({ method: "GET", path: `/admin/tariffs/${await freshTariffSlug()}/edit` }),
    expect: PAGE_ADMINS,
  },
  {
    name: "GET /admin/tariffs/:slug/delete",
    request: async () => ({ method: "GET", path: `/admin/tariffs/${await freshTariffSlug()}/delete` }),
    expect: PAGE_ADMINS,
  },
  {
    name: "GET /admin/tariffs/:slug/withdraw",
    request: async () => ({ method: "GET", path: `/admin/tariffs/${await freshTariffSlug()}/withdraw` }),
    expect: PAGE_ADMINS,
  },
  { name: "GET /admin/api/tariffs", request: async () => ({ method: "GET", path: "/admin/api/tariffs?status=live&stale=0" }), expect: API_FOR_ALL },
  {
    name: "POST /admin/api/tariffs",
    request: async () => ({ method: "POST", path: "/admin/api/tariffs", body: tariffInput({ slug: `matrix-new-${++counter}` }) }),
    expect: API_ADMINS(201),
  },
  {
    name: "GET /admin/api/tariffs/:slug",
    request: async () => ({ method: "GET", path: `/admin/api/tariffs/${await freshTariffSlug()}` }),
    expect: API_FOR_ALL,
  },
  {
    name: "PATCH /admin/api/tariffs/:slug",
    request: async () => ({ method: "PATCH", path: `/admin/api/tariffs/${await freshTariffSlug()}`, body: { name: "Renamed" } }),
    expect: API_ADMINS(200),
  },
  {
    name: "PATCH /admin/api/tariffs/:slug (withdraw)",
    request: async () => ({ method: "PATCH", path: `/admin/api/tariffs/${await freshTariffSlug()}`, body: { status: "withdrawn" } }),
    expect: API_ADMINS(200),
  },
  {
    name: "DELETE /admin/api/tariffs/:slug",
    request: async () => ({ method: "DELETE", path: `/admin/api/tariffs/${await freshTariffSlug()}` }),
    expect: API_ADMINS(204),
  },
  {
    name: "POST /admin/api/tariffs/import",
    request: async () => ({ method: "POST", path: "/admin/api/tariffs/import", csv: tariffCsv() }),
    expect: API_ADMINS(200),
  },
  {
    name: "POST /admin/api/tariffs/import-samples",
    request: async () => {
      // Samples go only into an empty catalogue: each request starts from one.
      await server.db.deleteFrom("tariffs").execute();
      return { method: "POST", path: "/admin/api/tariffs/import-samples" };
    },
    expect: API_ADMINS(200),
  },
  { name: "GET /admin/tariffs/export", request: async () => ({ method: "GET", path: "/admin/tariffs/export" }), expect: PAGE_FOR_ALL },

  { name: "GET /admin/enquiries", request: async () => ({ method: "GET", path: "/admin/enquiries" }), expect: PAGE_FOR_ALL },
  { name: "GET /admin/enquiries/:id", request: async () => ({ method: "GET", path: `/admin/enquiries/${await freshEnquiryId()}` }), expect: PAGE_FOR_ALL },
  {
    name: "GET /admin/enquiries/:id/delete",
    request: async () => ({ method: "GET", path: `/admin/enquiries/${await freshEnquiryId()}/delete` }),
    expect: PAGE_ADMINS,
  },
  { name: "GET /admin/enquiries/export", request: async () => ({ method: "GET", path: "/admin/enquiries/export" }), expect: PAGE_FOR_ALL },
  { name: "GET /admin/api/enquiries", request: async () => ({ method: "GET", path: "/admin/api/enquiries" }), expect: API_FOR_ALL },
  {
    name: "DELETE /admin/api/enquiries/:id",
    request: async () => ({ method: "DELETE", path: `/admin/api/enquiries/${await freshEnquiryId()}` }),
    expect: API_ADMINS(204),
  },

  { name: "GET /admin/newsletter", request: async () => ({ method: "GET", path: "/admin/newsletter" }), expect: PAGE_FOR_ALL },
  { name: "GET /admin/newsletter/:id", request: async () => ({ method: "GET", path: `/admin/newsletter/${await freshSignupId()}` }), expect: PAGE_FOR_ALL },
  {
    name: "GET /admin/newsletter/:id/delete",
    request: async () => ({ method: "GET", path: `/admin/newsletter/${await freshSignupId()}/delete` }),
    expect: PAGE_ADMINS,
  },
  { name: "GET /admin/newsletter/export", request: async () => ({ method: "GET", path: "/admin/newsletter/export" }), expect: PAGE_FOR_ALL },
  { name: "GET /admin/api/newsletter-signups", request: async () => ({ method: "GET", path: "/admin/api/newsletter-signups" }), expect: API_FOR_ALL },
  {
    name: "DELETE /admin/api/newsletter-signups/:id",
    request: async () => ({ method: "DELETE", path: `/admin/api/newsletter-signups/${await freshSignupId()}` }),
    expect: API_ADMINS(204),
  },

  // The request register (data protection): admins and super admins only.
  { name: "GET /admin/data-protection/requests", request: async () => ({ method: "GET", path: "/admin/data-protection/requests" }), expect: PAGE_ADMINS },
  {
    name: "GET /admin/data-protection/requests/new",
    request: async () => ({ method: "GET", path: "/admin/data-protection/requests/new" }),
    expect: PAGE_ADMINS,
  },
  {
    name: "GET /admin/data-protection/requests/:id",
    request: async () => ({ method: "GET", path: `/admin/data-protection/requests/${await freshDataRequestId()}` }),
    expect: PAGE_ADMINS,
  },
  { name: "GET /admin/api/data-requests", request: async () => ({ method: "GET", path: "/admin/api/data-requests" }), expect: API_ADMINS(200) },
  {
    name: "POST /admin/api/data-requests",
    request: async () => ({
      method: "POST",
      path: "/admin/api/data-requests",
      body: { kind: "access", receivedOn: "2026-01-15", contact: "asker@example.co.uk" },
    }),
    expect: API_ADMINS(201),
  },
  {
    name: "GET /admin/api/data-requests/:id",
    request: async () => ({ method: "GET", path: `/admin/api/data-requests/${await freshDataRequestId()}` }),
    expect: API_ADMINS(200),
  },
  {
    name: "PATCH /admin/api/data-requests/:id",
    request: async () => ({ method: "PATCH", path: `/admin/api/data-requests/${await freshDataRequestId()}`, body: { status: "done" } }),
    expect: API_ADMINS(200),
  },
];

describe.each(CASES)("$name", (testCase) => {
  it.each(WHO)("answers %s as expected", async (who) => {
    const { method, path, body, csv } = await testCase.request();
    const response = await clients[who].request(method, path, csv === undefined ? { json: body } : { body: csv, headers: { "Content-Type": "text/csv" } });
    expect(response.status, `${who} ${method} ${path}: ${response.status === 302 ? response.headers.get("location") : ""}`).toBe(testCase.expect[who]);
    if (response.status === 302) {
      const location = response.headers.get("location");
      if (who === "signedOut" || who === "deactivated") {
        // SPEC section 8: the leads screen goes to the login path; the dashboard and users screen to /admin.
        // The stock images, testimonials, tariffs, quotes and data protection screens (not named there) go to the login path too.
        const toLogin = /^\/admin\/(leads|stock-images|testimonials|tariffs|quotes|data-protection)/.test(path);
        expect(location).toBe(toLogin ? "/admin/api/login" : "/admin");
      } else {
        expect(location).toBe("/admin/dashboard");
      }
    }
  });
});

/** A tariff form as the add and edit dialogs post it, for a tariff with this slug. */
function tariffForm(slug: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tariffFormValues(tariffInput({ slug, name: "Matrix SIM" }))).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

interface TariffFormCase {
  name: string;
  /** Posts the form as `who`, and says how to see whether it took effect. */
  post: (client: Client) => Promise<{ response: Response; changed: () => Promise<boolean> }>;
}

const tariffRow = (slug: string) => server.db.selectFrom("tariffs").selectAll().where("slug", "=", slug).executeTakeFirst();

/** The Tariffs screen's form posts: the same permission on the server as its JSON routes, whatever the screen shows. */
const TARIFF_FORMS: TariffFormCase[] = [
  {
    name: "POST /admin/tariffs/new (add)",
    post: async (client) => {
      const slug = `matrix-new-${++counter}`;
      const response = await client.postForm("/admin/tariffs/new", tariffForm(slug));
      return { response, changed: async () => (await tariffRow(slug)) !== undefined };
    },
  },
  {
    name: "POST /admin/tariffs/:slug/edit",
    post: async (client) => {
      const slug = await freshTariffSlug();
      const response = await client.postForm(`/admin/tariffs/${slug}/edit`, { ...tariffForm(slug), monthlyPrice: "9.99" });
      return { response, changed: async () => (await tariffRow(slug))?.monthlyPriceExVatPence === 999 };
    },
  },
  {
    name: "POST /admin/tariffs/:slug/withdraw",
    post: async (client) => {
      const slug = await freshTariffSlug();
      const response = await client.postForm(`/admin/tariffs/${slug}/withdraw`, {});
      return { response, changed: async () => (await tariffRow(slug))?.status === "withdrawn" };
    },
  },
  {
    name: "POST /admin/tariffs/import (a CSV file)",
    post: async (client) => {
      const csv = tariffCsv();
      const slug = /^(matrix-import-\d+),/m.exec(csv)![1]!;
      const form = new FormData();
      form.append("file", new Blob([csv], { type: "text/csv" }), "tariffs.csv");
      const response = await client.post("/admin/tariffs/import", form);
      return { response, changed: async () => (await tariffRow(slug)) !== undefined };
    },
  },
  {
    name: "POST /admin/tariffs (import the samples)",
    post: async (client) => {
      // Samples go only into an empty catalogue.
      await server.db.deleteFrom("tariffs").execute();
      const response = await client.postForm("/admin/tariffs", { intent: "import-samples" });
      return { response, changed: async () => (await server.db.selectFrom("tariffs").select("id").where("isSample", "=", 1).executeTakeFirst()) !== undefined };
    },
  },
  {
    name: "POST /admin/tariffs/:slug/delete",
    post: async (client) => {
      const slug = await freshTariffSlug();
      const response = await client.postForm(`/admin/tariffs/${slug}/delete`, {});
      return { response, changed: async () => (await tariffRow(slug)) === undefined };
    },
  },
];

describe.each(TARIFF_FORMS)("$name", (testCase) => {
  it.each(["admin", "superAdmin"] as const)("is done for %s, back on the list", async (who) => {
    const { response, changed } = await testCase.post(clients[who]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/admin\/tariffs(\?|$)/);
    expect(await changed()).toBe(true);
  });

  it("is refused for a manager (to the dashboard, Access Denied) and changes nothing", async () => {
    const { response, changed } = await testCase.post(clients.manager);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/dashboard");
    expect(await (await clients.manager.follow(response)).text()).toContain("Access Denied");
    expect(await changed()).toBe(false);
  });

  it.each(["signedOut", "deactivated"] as const)("is refused for %s (to sign in) and changes nothing", async (who) => {
    const { response, changed } = await testCase.post(clients[who]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/api/login");
    expect(await changed()).toBe(false);
  });
});
