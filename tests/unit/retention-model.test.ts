import { beforeAll, describe, expect, it } from "vitest";
import { useTempDataDir } from "../support/temp-data-dir";
import { REMOVED_WORDS } from "~/features/privacy/data-protection";

/**
 * The retention rules on the model itself, against a real SQLite file, with
 * the clock moved forward through asOf: what is due on each side of every
 * period, a dry run that changes nothing, an apply run that changes exactly
 * what is due, recorded and audited.
 */

useTempDataDir("retention-model");

// Imported once DATA_DIR is set: the configuration is read as its module loads.
const { getDb } = await import("~/platform/db.server");
const { latestRetentionRuns, planRetention, runRetention, runRetentionNow } = await import("~/features/privacy/retention.server");
const { auditSummaryWithoutDetails, customerContractEnd, ordersEndedBefore } = await import("~/features/privacy/retention");
const { pacsIssuedOnOrBefore } = await import("~/features/orders/index.server");
const { DUE_OF_RETENTION_CASES, seedRetentionCases, everyTableRow } = await import("../support/retention");

const AS_OF = new Date("2031-01-01T09:00:00.000Z");
let cases: Awaited<ReturnType<typeof seedRetentionCases>>;

beforeAll(async () => {
  cases = await seedRetentionCases(await getDb(), AS_OF);
});
const EXPECTED = DUE_OF_RETENTION_CASES;

/** `count` more leads, idle since 2020 and not customers: all due as of AS_OF. */
async function seedDueLeads(count: number, startNumber: number): Promise<void> {
  const db = await getDb();
  const { seedTestLeads } = await import("../support/database");
  const { last } = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.max("id").as("last"))
    .executeTakeFirstOrThrow();
  await seedTestLeads(db, count, { startNumber });
  await db.updateTable("leads").set({ status: "new", updatedAt: "2020-01-01T00:00:00.000Z" }).where("id", ">", Number(last)).execute();
}

describe("retention as of a day years ahead", () => {
  it("plans what is due on each side of every period", async () => {
    expect(await planRetention(AS_OF)).toEqual(EXPECTED);
  });

  it("a dry run records its counts and changes nothing else", async () => {
    const db = await getDb();
    const before = await everyTableRow(db);
    const run = await runRetention({ mode: "dry_run", trigger: "operator", actor: null, asOf: AS_OF });
    expect(run).toMatchObject({ mode: "dry_run", trigger: "operator", actorName: "Operator", counts: EXPECTED, error: null });
    const after = await everyTableRow(db);
    const { retentionRuns: runsAfter, auditLog: auditAfter, ...restAfter } = after;
    const { retentionRuns: runsBefore, auditLog: auditBefore, ...restBefore } = before;
    expect(restAfter).toEqual(restBefore);
    expect(runsAfter).toHaveLength(runsBefore!.length + 1);
    // The audit log gains the run's own entry, and nothing in it is rewritten.
    expect(auditAfter!.filter((row) => !auditBefore!.includes(row))).toEqual([expect.stringContaining('"action":"retention.run"')]);
  });

  it("an apply run anonymises and deletes exactly what is due, and the next run finds nothing", async () => {
    const db = await getDb();
    const statusCounts = await db.selectFrom("leadStatusCounts").selectAll().orderBy("status").execute();
    const run = await runRetention({ mode: "apply", trigger: "schedule", actor: null, asOf: AS_OF });
    expect(run).toMatchObject({ mode: "apply", actorName: "System", counts: EXPECTED, error: null });
    expect(run.finishedAt).not.toBeNull();

    const leads = await db.selectFrom("leads").select(["id", "email", "firstName", "anonymisedAt", "status"]).execute();
    const anonymised = leads.filter((lead) => lead.anonymisedAt !== null).map((lead) => lead.id);
    expect(anonymised.sort()).toEqual([cases.idleLead, cases.oldCustomer, cases.convertedLead].sort());
    expect(leads.find((lead) => lead.id === cases.idleLead)).toMatchObject({ email: "", firstName: "" });
    expect(leads.find((lead) => lead.id === cases.recentLead)).toMatchObject({ email: "recent@example.co.uk" });
    expect(leads.find((lead) => lead.id === cases.recentCustomer)).toMatchObject({ email: "recentcustomer@example.co.uk" });
    // The dashboard's figures stay.
    expect(await db.selectFrom("leadStatusCounts").selectAll().orderBy("status").execute()).toEqual(statusCounts);
    // The old customer's order loses every personal detail; its contract keeps its figures. Only the PAC 30 days old is cleared, its ending kept.
    const order = await db.selectFrom("orders").selectAll().where("id", "=", cases.oldOrder).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ billingName: null, billingEmail: null, billingEmailNormalised: null, billingPhoneNormalised: null, businessName: null });
    expect(order.anonymisedAt).not.toBeNull();
    expect(await db.selectFrom("orderLines").select(["userName", "mobileNumber"]).where("orderId", "=", cases.oldOrder).execute()).toEqual([
      { userName: null, mobileNumber: null },
    ]);
    expect(await db.selectFrom("contracts").select(["tariffName", "termMonths", "monthlyExVatPence"]).where("orderId", "=", cases.oldOrder).execute()).toEqual([
      { tariffName: "Business SIM 30GB", termMonths: 12, monthlyExVatPence: 1050 },
    ]);
    const pacs = await db
      .selectFrom("orderLines")
      .select(["id", "pac", "pacEnding", "userName"])
      .where("orderId", "=", cases.portingOrder)
      .orderBy("position")
      .execute();
    expect(pacs).toEqual([
      { id: cases.duePacLine, pac: null, pacEnding: "456", userName: "Duepac User" },
      { id: cases.keptPacLine, pac: "DEF654321", pacEnding: "321", userName: "Keptpac User" },
    ]);
    expect((await db.selectFrom("orders").select("billingName").where("id", "=", cases.portingOrder).executeTakeFirstOrThrow()).billingName).toBe(
      "Recentbilling Person",
    );
    // The customer's accepted quote keeps its money figures.
    const quote = await db.selectFrom("quotes").select(["totals", "lines", "acceptedName"]).where("leadId", "=", cases.oldCustomer).executeTakeFirstOrThrow();
    expect(quote.totals).not.toBeNull();
    expect(quote.acceptedName).toBe("");

    const enquiries = await db.selectFrom("contactEnquiries").select(["id", "anonymisedAt"]).where("anonymisedAt", "is not", null).execute();
    expect(enquiries.map((enquiry) => enquiry.id)).toEqual([cases.oldEnquiry]);
    const signups = await db.selectFrom("newsletterSignups").select("id").orderBy("id").execute();
    expect(signups.map((signup) => signup.id)).toEqual([cases.recentUnconfirmed, cases.unsubscribed]);
    const outbox = await db.selectFrom("outbox").select("id").orderBy("id").execute();
    expect(outbox.map((row) => row.id)).toEqual([cases.recentDelivered, cases.oldFailed]);
    const sessions = await db.selectFrom("sessions").select("id").where("id", "in", [cases.expiredSession, cases.liveSession]).execute();
    expect(sessions.map((row) => row.id)).toEqual([cases.liveSession]);
    const throttle = await db.selectFrom("signInThrottle").select("accountKey").execute();
    expect(throttle.map((row) => row.accountKey)).toEqual([cases.recentThrottle]);

    const audit = await db
      .selectFrom("auditLog")
      .select(["id", "summary", "signInEmail"])
      .where("id", "in", [cases.oldFailedSignIn, cases.oldSignIn, cases.recentSignIn, cases.oldQuoteSent])
      .orderBy("id")
      .execute();
    // The typed email goes with the details: the entry no longer names anyone.
    expect(audit.map((entry) => entry.signInEmail)).toEqual([null, null, null, null]);
    expect(audit.map((entry) => entry.summary)).toEqual([
      `Failed sign-in as ${REMOVED_WORDS} with a password from ${REMOVED_WORDS}: wrong email or password`,
      `Signed in with a password from ${REMOVED_WORDS}`,
      expect.stringMatching(/^Quote Q1 sent to \[removed\]: 1 line, /),
      "Signed in with a password from 198.51.100.5",
    ]);
    const entry = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("entityType", "=", "retentionRun")
      .where("entityId", "=", String(run.id))
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: "retention.run", actorId: null, actorName: "System" });
    expect(entry.summary).toContain("Leads anonymised (no activity, not customers): 1");

    expect(await planRetention(AS_OF)).toEqual(Object.fromEntries(Object.keys(EXPECTED).map((kind) => [kind, 0])));
  });

  it("goes through every batch when more are due than one batch holds", async () => {
    await seedDueLeads(450, 900_000);
    const due = (await planRetention(AS_OF)).leads;
    expect(due).toBe(450);
    const run = await runRetention({ mode: "apply", trigger: "operator", actor: null, asOf: AS_OF });
    expect(run.counts?.leads).toBe(due);
    expect((await planRetention(AS_OF)).leads).toBe(0);
  });
});

describe('"Run now"', () => {
  it("answers with the result of a run that finishes within its wait, else goes on in the background, one run at a time", async () => {
    const request = { mode: "apply", trigger: "operator", actor: null, asOf: AS_OF } as const;
    const quick = await runRetentionNow(request);
    expect(quick).toMatchObject({ mode: "apply", error: null, finishedAt: expect.any(String) });

    await seedDueLeads(50, 950_000);
    // No wait: the answer comes before the run's first pause between batches, and the run goes on.
    expect(await runRetentionNow(request, 0)).toBeNull();
    const [underWay] = await latestRetentionRuns(1);
    expect(underWay).toMatchObject({ finishedAt: null, counts: null });
    await expect(runRetentionNow(request)).rejects.toThrow("A retention run is under way: wait for it to finish.");
    await expect.poll(async () => (await latestRetentionRuns(1))[0]?.finishedAt ?? null).not.toBeNull();
    expect((await latestRetentionRuns(1))[0]).toMatchObject({ id: underWay!.id, error: null, counts: expect.objectContaining({ leads: 50 }) });
  });
});

describe("the rules' pieces", () => {
  it("rewrites an audit summary once, in the same words, and leaves others", () => {
    const once = auditSummaryWithoutDetails("quote.accepted", "Quote v1 accepted by Jane Smith (Director) (CLB-2026-000001-v1)");
    expect(once).toBe(`Quote v1 accepted by ${REMOVED_WORDS} (CLB-2026-000001-v1)`);
    expect(auditSummaryWithoutDetails("quote.accepted", once!)).toBeNull();
    expect(auditSummaryWithoutDetails("quote.sent", "Quote v2 sent to jane@example.co.uk: 3 lines (CLB-2026-000001-v2)")).toBe(
      `Quote v2 sent to ${REMOVED_WORDS}: 3 lines (CLB-2026-000001-v2)`,
    );
    expect(auditSummaryWithoutDetails("lead.deleted", "Deleted lead CLB-2026-000001 (Smith Plumbing)")).toBe(`Deleted lead CLB-2026-000001 (${REMOVED_WORDS})`);
    expect(auditSummaryWithoutDetails("lead.status_changed", "Moved lead CLB-2026-000001 to Lost")).toBeNull();
  });

  it("ends a customer's contract at the accepted quote's start plus its longest monthly term", () => {
    const lines = (terms: Array<number | null>) =>
      JSON.stringify(terms.map((termMonths) => ({ charge: termMonths === null ? "one_off" : "monthly", termMonths })));
    expect(customerContractEnd({ updatedAt: "2030-01-01T00:00:00.000Z" }, [{ start: "2025-03-31", lines: lines([12, 36, null]) }]).toISOString()).toBe(
      "2028-03-31T00:00:00.000Z",
    );
    expect(customerContractEnd({ updatedAt: "2030-01-01T00:00:00.000Z" }, []).toISOString()).toBe("2030-01-01T00:00:00.000Z");
  });

  it("keeps a customer until their latest order's contracts end, when that is later than their quote's end", () => {
    const quote = { start: "2025-03-31", lines: JSON.stringify([{ charge: "monthly", termMonths: 12 }]) };
    // Live two months after the quote's start, for 12 months: its last day is 2026-05-30.
    expect(customerContractEnd({ updatedAt: "2030-01-01T00:00:00.000Z" }, [quote], "2026-05-30").toISOString()).toBe("2026-05-31T00:00:00.000Z");
    // A contract that ended before the quote's own end changes nothing.
    expect(customerContractEnd({ updatedAt: "2030-01-01T00:00:00.000Z" }, [quote], "2025-12-31").toISOString()).toBe("2026-03-31T00:00:00.000Z");
  });

  it("holds an order until every contract ended CUSTOMER_RETENTION_YEARS before, and a PAC until PAC_VALID_DAYS after its issue", () => {
    expect(ordersEndedBefore(new Date("2031-01-01T09:00:00.000Z"), 6)).toBe("2025-01-01");
    expect(pacsIssuedOnOrBefore("2031-01-31")).toBe("2031-01-01");
  });
});
