import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { personTestSettingForSuite, storedText } from "../support/person";
import { seedOrder } from "../support/privacy-orders";
import { seedQuoteLead } from "../support/seeded-quotes";
import { monthsBefore } from "../support/retention";
import { testDatabaseKind } from "../support/server";
import { addDays, ukDay } from "~/lib/calendar";

/**
 * An order's personal data through the real built server, on SQLite and Postgres (seeded straight into the database, as the customer and staff sides make
 * orders): Find a person finds orders exactly by billing email, billing phone and a line's mobile number, and nothing of lookalikes; the access export
 * carries the order and its contracts, never a PAC; erasure anonymises the order and its lines in the lead's transaction, leaving the contracts' figures
 * and nothing in the database files; the daily retention run clears a PAC 30 days after its issue and anonymises an order CUSTOMER_RETENTION_YEARS after
 * its contracts ended, each counted first by a dry run.
 */

const setting = personTestSettingForSuite();

/** The billing contact of an order made for Owain's lead, and its line users. */
const NIA = { name: "Nia Pritchardson", email: "nia@owainbuilders.co.uk", phone: "07700 900222" };
const LINE_USER = { name: "Dafydd Llewelynson", number: "07700900333" };
const PAC = "XYZ123789";
/** An order beside it whose details look like Nia's: one letter more (and not containing hers), another country's number, a number ending with the line user's. */
const LOOKALIKE = { email: "nian@owainbuilders.co.uk", phone: "+353 7700 900222", lineNumber: "07700900334", lineUser: "Gethin Lookalike" };

let owainOrder: Awaited<ReturnType<typeof seedOrder>>;
let lookalikeOrder: Awaited<ReturnType<typeof seedOrder>>;
const today = ukDay(new Date());

beforeAll(async () => {
  const { db } = setting.server;
  // What the test itself writes leaves no old copies in the file either (the server's own connection has it on).
  if (testDatabaseKind === "sqlite") await sql`PRAGMA secure_delete = ON`.execute(db);
  const owain = await seedQuoteLead(db, { businessName: "Owain Builders", email: "owain@owainbuilders.co.uk", phoneNumber: "07700 900111" });
  owainOrder = await seedOrder(db, {
    leadId: owain.id,
    businessName: "Owain Builders",
    billingName: NIA.name,
    billingEmail: NIA.email,
    billingPhone: NIA.phone,
    deliveryName: "Owain Builders yard",
    deliveryLine1: "12 Quarryman Road",
    deliveryTown: "Bethesda",
    deliveryPostcode: "LL57 3AN",
    liveOn: addDays(today, -10),
    lines: [
      // Live and still holding its PAC (the staff side clears it on Live): the export must not show it either way.
      { userName: LINE_USER.name, mobileNumber: LINE_USER.number, pac: PAC, pacIssuedOn: addDays(today, -12), tariffName: "Business SIM 30GB" },
      { tariffName: "Business SIM 100GB", monthlyExVatPence: 1500 },
    ],
  });
  const other = await seedQuoteLead(db, { businessName: "Lookalike Builders", email: "other@lookalikebuilders.co.uk", phoneNumber: "07700 900444" });
  lookalikeOrder = await seedOrder(db, {
    leadId: other.id,
    businessName: "Lookalike Builders",
    billingName: "Lookalike Billing",
    billingEmail: LOOKALIKE.email,
    billingPhone: LOOKALIKE.phone,
    lines: [{ userName: LOOKALIKE.lineUser, mobileNumber: LOOKALIKE.lineNumber, pac: "QRS111222", pacIssuedOn: addDays(today, -3) }],
  });
});

interface FoundOrder {
  id: number;
  reference: string;
  onlyTheirLines: boolean;
  billingName: string | null;
  lines: Array<{ id: number; userName: string | null; mobileNumber: string | null; pacEnding: string | null }>;
}

/** What Find a person found, as its page's loader gives it. */
async function found(query: Record<string, string>): Promise<{ orders: FoundOrder[]; contracts: Array<{ orderId: number; tariffName: string }> }> {
  const response = await setting.staff.admin.get(
    `/admin/data-protection/people?${new URLSearchParams({ ...query, _data: "routes/admin.data-protection.people" })}`,
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { found: { record: { orders: FoundOrder[]; contracts: Array<{ orderId: number; tariffName: string }> } } }).found.record;
}

describe("Find a person", () => {
  it("finds an order by its billing email exactly, with its lines and contracts, and not the order billed to a lookalike address", async () => {
    const record = await found({ email: "  NIA@OwainBuilders.co.uk " });
    expect(record.orders.map((order) => order.reference)).toEqual([owainOrder.reference]);
    expect(record.orders[0]).toMatchObject({ onlyTheirLines: false, billingName: NIA.name });
    expect(record.orders[0]!.lines.map((line) => [line.userName, line.pacEnding])).toEqual([
      [LINE_USER.name, "789"],
      [null, null],
    ]);
    expect(record.orders[0]!.lines[0]).not.toHaveProperty("pac");
    expect(record.contracts.map((contract) => contract.tariffName)).toEqual(["Business SIM 30GB", "Business SIM 100GB"]);
    // The page shows it as a section of its own, never the PAC.
    const page = await (await setting.staff.admin.get(`/admin/data-protection/people?${new URLSearchParams({ email: NIA.email })}`)).text();
    expect(page).toContain(owainOrder.reference);
    expect(page).toContain("PAC ending 789");
    expect(page).not.toContain(PAC);
    expect(page).toContain("Found 0 leads, 1 order, 0 enquiries and 0 newsletter sign-ups");
  });

  it("finds it by the billing phone typed another way, and by the lead's own email; not by another country's number that ends the same", async () => {
    expect((await found({ phone: "+44 (0)7700 900222" })).orders.map((order) => order.reference)).toEqual([owainOrder.reference]);
    expect((await found({ email: "owain@owainbuilders.co.uk" })).orders.map((order) => order.reference)).toEqual([owainOrder.reference]);
    expect((await found({ phone: LOOKALIKE.phone })).orders.map((order) => order.reference)).toEqual([lookalikeOrder.reference]);
    expect((await found({ email: "ia@owainbuilders.co.uk" })).orders).toEqual([]);
  });

  it("finds a line's user by their mobile number: their line only, without the business's contacts; a number one digit off finds nothing", async () => {
    const record = await found({ phone: "+44 7700 900333" });
    expect(record.orders).toHaveLength(1);
    expect(record.orders[0]).toMatchObject({ reference: owainOrder.reference, onlyTheirLines: true, billingName: null });
    expect(record.orders[0]!.lines.map((line) => line.mobileNumber)).toEqual([LINE_USER.number]);
    expect(record.contracts.map((contract) => contract.tariffName)).toEqual(["Business SIM 30GB"]);
    expect((await found({ phone: "07700 900332" })).orders).toEqual([]);
  });
});

describe("the access export", () => {
  it("carries the order, its lines and contracts, as JSON and a readable page; the PAC only as its ending, no token or link", async () => {
    const params = new URLSearchParams({ email: NIA.email, phone: NIA.phone });
    const [json, html] = await Promise.all(
      ["json", "html"].map(async (format) => {
        const response = await setting.staff.admin.get(`/admin/data-protection/people/export.${format}?${params}`);
        expect(response.status).toBe(200);
        return response.text();
      }),
    );
    const data = JSON.parse(json!) as { sections: Array<{ key: string; retention: string; records: Array<Record<string, unknown>> }> };
    const section = (key: string) => data.sections.find((entry) => entry.key === key)!;
    expect(section("orders").records).toEqual([
      expect.objectContaining({ reference: owainOrder.reference, billingEmail: NIA.email, deliveryPostcode: "LL57 3AN", status: "live" }),
    ]);
    expect(section("orders").retention).toMatch(/^for the length of your contracts and 6 years afterwards/);
    expect(section("contracts").records).toEqual([
      expect.objectContaining({ tariffName: "Business SIM 30GB", termMonths: 24, monthlyExVatPence: 1050, startDate: addDays(today, -10) }),
      expect.objectContaining({ tariffName: "Business SIM 100GB", monthlyExVatPence: 1500 }),
    ]);
    for (const text of [json!, html!]) {
      expect(text).not.toContain(PAC);
      expect(text).not.toContain("billingEmailNormalised");
      expect(text).not.toContain("/quote/");
      expect(text).not.toContain(LOOKALIKE.lineUser);
    }
    expect(html).toContain("PAC ending 789");
    expect(html).toContain(LINE_USER.name);
    expect(html).toContain("£10.50 ex VAT");
    expect(html).toMatch(/Ends<\/dt><dd>\d+ \w+ \d{4}/);
  });
});

describe("erasure", () => {
  it("a line's user erased by their number loses their line's name, number and PAC; the order and its other contacts stay", async () => {
    const answer = await setting.staff.admin.postForm(`/admin/data-protection/people/erase?${new URLSearchParams({ phone: LOOKALIKE.lineNumber })}`, {});
    expect(answer.status).toBe(302);
    const order = await setting.server.db.selectFrom("orders").selectAll().where("id", "=", lookalikeOrder.id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ billingEmail: LOOKALIKE.email, billingName: "Lookalike Billing", anonymisedAt: null });
    const line = await setting.server.db.selectFrom("orderLines").selectAll().where("id", "=", lookalikeOrder.lineIds[0]!).executeTakeFirstOrThrow();
    expect(line).toMatchObject({ userName: null, mobileNumber: null, pac: null, pacEnding: null, tariffName: "Business SIM 30GB" });
    expect(line.pacClearedAt).not.toBeNull();
  });

  it("anonymises the order billed to them and all its lines in one go, keeps its contracts' figures, and leaves none of it in the database", async () => {
    const traces = [NIA.email, NIA.name, NIA.phone, NIA.phone.replace(/\D/g, ""), LINE_USER.name, LINE_USER.number, PAC, "12 Quarryman Road"];
    const present = (text: string) => traces.filter((trace) => text.includes(trace.toLowerCase()));
    expect(present(await storedText(setting.server))).toEqual(traces);
    const contractsBefore = await setting.server.db.selectFrom("contracts").selectAll().where("orderId", "=", owainOrder.id).orderBy("id").execute();

    const answer = await setting.staff.admin.postForm(`/admin/data-protection/people/erase?${new URLSearchParams({ email: NIA.email, phone: NIA.phone })}`, {});
    expect(answer.status).toBe(302);
    expect(await (await setting.staff.admin.follow(answer)).text()).toContain("Erased: 0 leads, 1 order, 0 enquiries and 0 newsletter sign-ups anonymised");

    const order = await setting.server.db.selectFrom("orders").selectAll().where("id", "=", owainOrder.id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      status: "live",
      businessKind: "limited_company",
      billingName: null,
      billingEmail: null,
      billingEmailNormalised: null,
      billingPhone: null,
      billingPhoneNormalised: null,
      deliveryName: null,
      deliveryLine1: null,
      deliveryTown: null,
      deliveryPostcode: null,
    });
    expect(order.anonymisedAt).not.toBeNull();
    const lines = await setting.server.db
      .selectFrom("orderLines")
      .select(["userName", "mobileNumber", "pac", "pacEnding", "tariffName", "monthlyExVatPence", "status"])
      .where("orderId", "=", owainOrder.id)
      .orderBy("position")
      .execute();
    expect(lines).toEqual([
      { userName: null, mobileNumber: null, pac: null, pacEnding: null, tariffName: "Business SIM 30GB", monthlyExVatPence: 1050, status: "live" },
      { userName: null, mobileNumber: null, pac: null, pacEnding: null, tariffName: "Business SIM 100GB", monthlyExVatPence: 1500, status: "live" },
    ]);
    expect(await setting.server.db.selectFrom("contracts").selectAll().where("orderId", "=", owainOrder.id).orderBy("id").execute()).toEqual(contractsBefore);
    expect(present(await storedText(setting.server))).toEqual([]);
    // Found no more, by any of it.
    expect((await found({ email: NIA.email, phone: LINE_USER.number })).orders).toEqual([]);
    // The lookalike's order is as it was.
    expect(
      await setting.server.db.selectFrom("orders").select(["billingEmail", "billingPhone"]).where("id", "=", lookalikeOrder.id).executeTakeFirstOrThrow(),
    ).toEqual({ billingEmail: LOOKALIKE.email, billingPhone: LOOKALIKE.phone });
  });
});

describe("the daily retention run", () => {
  interface RunRow {
    mode: string;
    counts: string | null;
    finishedAt: string | null;
  }
  const runs = async () => (await setting.server.db.selectFrom("retentionRuns").select(["mode", "counts", "finishedAt"]).orderBy("id").execute()) as RunRow[];

  it("clears a PAC 30 days after its issue, not at 29, and anonymises an order whose contracts ended over 6 years ago, not one inside them", async () => {
    const { db } = setting.server;
    const customer = async (name: string, liveMonthsAgo: number) => {
      const lead = await seedQuoteLead(db, { businessName: `${name} Ltd`, email: `${name.toLowerCase()}@example.co.uk` });
      const at = monthsBefore(new Date(), liveMonthsAgo);
      await db.updateTable("leads").set({ createdAt: at, updatedAt: at, status: "converted" }).where("id", "=", lead.id).execute();
      return seedOrder(db, {
        leadId: lead.id,
        createdAt: at,
        billingName: `${name} Billing`,
        billingEmail: `${name.toLowerCase()}.billing@example.co.uk`,
        liveOn: ukDay(new Date(at)),
        lines: [{ userName: `${name} User`, mobileNumber: "07700900555", termMonths: 12 }],
      });
    };
    // Live for 12 months from 8 years ago: ended 7 years ago (due). From 6 years ago: ended 5 years ago (kept).
    const ended = await customer("Endedlongago", 8 * 12);
    const inside = await customer("Endedrecently", 6 * 12);
    const pacs = await seedOrder(db, {
      leadId: (await seedQuoteLead(db, { businessName: "Porting Now Ltd" })).id,
      status: "porting",
      billingEmail: "porting@example.co.uk",
      lines: [
        { userName: "Thirty Days", mobileNumber: "07700900601", pac: "AAA100030", pacIssuedOn: addDays(today, -30) },
        { userName: "Twentynine Days", mobileNumber: "07700900602", pac: "BBB100029", pacIssuedOn: addDays(today, -29) },
      ],
    });

    // The screen counts what a run would do now, each kind by its label.
    const screen = await (await setting.staff.admin.get("/admin/data-protection")).text();
    expect(screen).toMatch(/PACs cleared \(30 days after issue\)<\/dt><dd[^>]*>1</);
    expect(screen).toMatch(/Orders anonymised \(contracts ended\)<\/dt><dd[^>]*>1</);
    expect(screen).toContain("after their last contract ends");
    // The privacy page states the same rule for PACs and orders.
    const policy = (await (await fetch(`${setting.server.url}/privacy`)).text()).replaceAll("<!-- -->", "");
    expect(policy).toContain("A number transfer code (PAC) is deleted when the number has moved across, or 30 days after it was issued");
    expect(policy).toContain("An order that never went live is kept as long as the quote request it came from.");

    expect((await setting.staff.admin.postForm("/admin/data-protection/preview", {})).status).toBe(302);
    expect((await db.selectFrom("orderLines").select("pac").where("id", "=", pacs.lineIds[0]!).executeTakeFirstOrThrow()).pac).toBe("AAA100030");
    const dryRun = (await runs()).at(-1)!;
    expect(dryRun.mode).toBe("dry_run");
    expect(JSON.parse(dryRun.counts!)).toMatchObject({ pacs: 1, orders: 1 });

    expect((await setting.staff.admin.postForm("/admin/data-protection/run", {})).status).toBe(302);
    await expect.poll(async () => (await runs()).filter((run) => run.mode === "apply" && run.finishedAt !== null).length).toBe(1);
    const applied = (await runs()).find((run) => run.mode === "apply")!;
    expect(JSON.parse(applied.counts!)).toMatchObject({ pacs: 1, orders: 1 });

    const lines = await db
      .selectFrom("orderLines")
      .select(["pac", "pacEnding", "pacClearedAt", "userName"])
      .where("orderId", "=", pacs.id)
      .orderBy("position")
      .execute();
    expect(lines[0]).toMatchObject({ pac: null, pacEnding: "030", userName: "Thirty Days" });
    expect(lines[0]!.pacClearedAt).not.toBeNull();
    expect(lines[1]).toEqual({ pac: "BBB100029", pacEnding: "029", pacClearedAt: null, userName: "Twentynine Days" });

    const orders = await db.selectFrom("orders").select(["id", "billingName", "anonymisedAt"]).where("id", "in", [ended.id, inside.id]).orderBy("id").execute();
    expect(orders[0]).toMatchObject({ id: ended.id, billingName: null });
    expect(orders[0]!.anonymisedAt).not.toBeNull();
    expect(orders[1]).toEqual({ id: inside.id, billingName: "Endedrecently Billing", anonymisedAt: null });
    expect(await db.selectFrom("orderLines").select("userName").where("orderId", "=", ended.id).execute()).toEqual([{ userName: null }]);
    // Gone from the files too (on Postgres old row versions stay in its own storage until vacuumed: docs/privacy-operations.md).
    if (testDatabaseKind === "sqlite") {
      const stored = await storedText(setting.server);
      for (const trace of ["AAA100030", "endedlongago.billing@example.co.uk", "Endedlongago User"]) expect(stored, trace).not.toContain(trace.toLowerCase());
      expect(stored).toContain("bbb100029");
    }
    expect(await db.selectFrom("contracts").select(["tariffName", "termMonths", "monthlyExVatPence"]).where("orderId", "=", ended.id).execute()).toEqual([
      { tariffName: "Business SIM 30GB", termMonths: 12, monthlyExVatPence: 1050 },
    ]);
  });
});
