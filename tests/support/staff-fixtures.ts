import type { Kysely } from "kysely";
import type { Database } from "~/platform/database-types";
import { createAdminUserRow } from "./admin";
import { staffClient } from "./client";
import { insertDataRequest, seedTestLeads } from "./database";
import { tariffInput } from "./tariffs";
import { seedOrder } from "./seeded-orders";
import { EVERYONE, type RecordKind, type Who } from "./staff-routes";

/** What the malformed staff input tests arrange: staff of every role, signed in, and records for the routes' ids. */

/**
 * One role signed in through `staffClient` (the super admin is TEST_OWNER: start the server with
 * TEST_OWNER_ENV), giving the Cookie header it sends; "" signed out.
 */
export async function signInAs(server: { url: string; db: Kysely<Database> }, who: Who): Promise<string> {
  return who === "signedOut" ? "" : (await staffClient(server, who)).cookie;
}

/** Every role signed in on one server, side by side. */
export async function signInEveryRole(server: { url: string; db: Kysely<Database> }): Promise<Record<Who, string>> {
  const cookies = await Promise.all(EVERYONE.map((who) => signInAs(server, who)));
  return Object.fromEntries(EVERYONE.map((who, index) => [who, cookies[index]])) as Record<Who, string>;
}

/** One record of each kind, for the routes that show one. */
export async function createOneOfEach(db: Kysely<Database>): Promise<Record<RecordKind, string>> {
  const kinds: RecordKind[] = [
    "lead",
    "enquiry",
    "signup",
    "stockImage",
    "testimonial",
    "tariff",
    "user",
    "quote",
    "leadQuote",
    "dataRequest",
    "order",
    "spend",
  ];
  const ids = {} as Record<RecordKind, string>;
  for (const [n, kind] of kinds.entries()) ids[kind] = await createRecord(db, kind, n);
  return ids;
}

/** Makes one record of a kind, straight in the database, and gives its id as it goes in a URL. */
export async function createRecord(db: Kysely<Database>, kind: RecordKind, n: number): Promise<string> {
  const now = new Date().toISOString();
  switch (kind) {
    case "lead":
      await seedTestLeads(db, 1, { startNumber: 500_000 + n });
      return String((await db.selectFrom("leads").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id);
    case "enquiry": {
      const values = { firstName: "Eve", lastName: "Probe", email: `eve${n}@example.co.uk`, contactNumber: "07700 900123", message: "Hello", createdAt: now };
      const row = await db
        .insertInto("contactEnquiries")
        .values({ ...values, subject: "broadband" })
        .returning("id")
        .executeTakeFirstOrThrow();
      return String(row.id);
    }
    case "signup": {
      const values = { email: `reader${n}@example.co.uk`, firstName: null, lastName: null, sourcePage: "/about", createdAt: now, updatedAt: now };
      return String((await db.insertInto("newsletterSignups").values(values).returning("id").executeTakeFirstOrThrow()).id);
    }
    case "stockImage": {
      const values = {
        filename: `probe-${n}.png`,
        originalName: "office.png",
        description: null,
        location: "general" as const,
        size: 100,
        contentType: "image/png",
        createdAt: now,
      };
      return String((await db.insertInto("stockImages").values(values).returning("id").executeTakeFirstOrThrow()).id);
    }
    case "testimonial": {
      const values = {
        name: "Pat",
        company: "Pat & Co",
        position: "Owner",
        content: "Great.",
        rating: 5,
        featured: 0 as const,
        date: "June 1, 2025",
        createdAt: now,
        updatedAt: now,
      };
      return String((await db.insertInto("testimonials").values(values).returning("id").executeTakeFirstOrThrow()).id);
    }
    case "tariff": {
      const tariff = tariffInput({ slug: `probe-tariff-${n}` });
      await db
        .insertInto("tariffs")
        .values({
          ...tariff,
          priceRises: JSON.stringify(tariff.priceRises),
          fiveG: 1,
          euRoaming: JSON.stringify(tariff.euRoaming),
          wifiCalling: 1,
          businessExtras: JSON.stringify(tariff.businessExtras),
          multiLineDiscount: JSON.stringify(tariff.multiLineDiscount),
          isSample: 0,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      return tariff.slug;
    }
    case "quote":
    case "leadQuote": {
      await seedTestLeads(db, 1, { startNumber: 600_000 + n });
      const lead = await db.selectFrom("leads").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
      const values = {
        leadId: lead.id,
        version: 1,
        supersedesQuoteId: null,
        token: `probe-quote-token-${n}`,
        lines: "[]",
        totals: null,
        start: now.slice(0, 10),
        customerNote: null,
        internalMemo: null,
        validUntil: "2099-12-31",
        termsVersion: "probe",
        termsText: "Probe terms",
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      };
      const quoteId = (await db.insertInto("quotes").values(values).returning("id").executeTakeFirstOrThrow()).id;
      return kind === "leadQuote" ? `${lead.id}/quotes/${quoteId}` : String(quoteId);
    }
    case "order":
      return String((await seedOrder(db, { businessName: `Probe Order ${n} Ltd` })).id);
    case "dataRequest":
      return String(await insertDataRequest(db, { receivedOn: "2026-01-15", contact: `asker${n}@example.co.uk`, contactKey: `probe-key-${n}` }));
    case "user":
      return (await createAdminUserRow(db, { email: `probe.target${n}@clearlinebusiness.co.uk`, role: "manager" })).id;
    case "spend": {
      const row = await db
        .insertInto("marketingSpend")
        .values({ month: "2026-10", source: `probe${n}`, campaign: "", amountPence: 10_000, createdAt: now, updatedAt: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      return String(row.id);
    }
  }
}
