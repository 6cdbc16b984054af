import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { expect } from "vitest";
import { MARKETING_CONSENT_FIELD, MARKETING_CONSENT_TICKED } from "~/features/leads/consent";
import { TEST_OWNER_ENV } from "./admin";
import { publicClient, staffOfEveryRole, type Client, type StaffClient } from "./client";
import { insertDataRequest } from "./database";
import { SAMPLE_QUOTE } from "./forms";
import { TestHook } from "./hook";
import { TestMailbox } from "./mailbox";
import { acceptAsShown } from "./quote-answers";
import { plainQuoteLine } from "./quote-documents";
import { startTestServer, testDatabaseKind, type TestServer } from "./server";
import { forSuite } from "./suite";
import type { AdminRole } from "~/features/staff/admin-roles";

/**
 * One person put into every table that can hold them, through the app as
 * visitors and staff use it (the Data protection tests: finding, exporting,
 * erasing a person).
 */

export interface TestPerson {
  firstName: string;
  lastName: string;
  email: string;
  /** As the visitor typed it. */
  phone: string;
  businessName: string;
}

export interface SeededPerson {
  leadId: number;
  reference: string;
  quoteId: number;
  enquiryId: number;
  signupId: number;
}

/** Waits for a state (an email arriving), checking every 50 ms; fails after 25 s, a bound only for a stuck run. */
async function until<T>(find: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error("Waited too long for an email");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The server the person tests share, with what its emails and webhook reach, and staff of every role signed in. */
export interface PersonTestSetting {
  server: TestServer;
  mailbox: TestMailbox;
  hook: TestHook;
  staff: Record<AdminRole, StaffClient>;
}

/**
 * A server whose emails go to a real mailbox and whose lead webhook reaches a receiver (so a person is in the
 * outbox's copies too), with the suppression key set: started before the file's first test, stopped after its last.
 */
export function personTestSettingForSuite(): PersonTestSetting {
  return forSuite(
    async () => {
      // Whatever has started is stopped again when a later step fails: nothing outlives a failed start.
      const started: Array<() => Promise<unknown>> = [];
      try {
        const mailbox = await TestMailbox.start();
        started.push(() => mailbox.close());
        const hook = await TestHook.start();
        started.push(() => hook.close());
        const server = await startTestServer({
          ...TEST_OWNER_ENV,
          SMTP_URL: mailbox.url,
          APP_URL: "https://clearline.example.co.uk",
          SUPPRESSION_KEY: TEST_SUPPRESSION_KEY,
          LEAD_WEBHOOK_URL: hook.url,
          LEAD_NOTIFY_TO: "sales@clearline.example.co.uk",
        });
        started.push(() => server.stop());
        return { server, mailbox, hook, staff: await staffOfEveryRole(server) };
      } catch (failure) {
        for (const stop of started.reverse()) await stop().catch(() => {});
        throw failure;
      }
    },
    async ({ server, mailbox, hook }) => {
      await server.stop();
      await Promise.all([mailbox.close(), hook.close()]);
    },
  );
}

/** The key the test servers hash the suppression list and the register's contacts with. */
export const TEST_SUPPRESSION_KEY = "a-test-suppression-key-of-at-least-32-characters";

/** The register's key of an email, as the server makes it with TEST_SUPPRESSION_KEY (suppression.server.ts). */
export function emailKey(email: string): string {
  return crypto.createHmac("sha256", TEST_SUPPRESSION_KEY).update(`email:${email.trim().toLowerCase()}`).digest("hex");
}

const CONFIRM_LINK = /https?:\/\/[^/\s]+(\/newsletter\/confirm\/[\w-]+)/;

/** A visitor sends the contact form; gives the stored enquiry's id. */
async function sendEnquiry(
  server: TestServer,
  visitor: Client,
  person: { firstName: string; lastName: string; email: string; phone: string },
  message: string,
): Promise<number> {
  const fields = { firstName: person.firstName, lastName: person.lastName, email: person.email, contactNumber: person.phone, subject: "broadband", message };
  expect((await visitor.postForm("/contact", fields)).status).toBe(302);
  return (await server.db.selectFrom("contactEnquiries").select("id").where("email", "=", person.email).executeTakeFirstOrThrow()).id;
}

/** Someone types an email (not their own account's password) at the staff sign-in: a failed sign-in naming it. */
async function typeAtStaffSignIn(visitor: Client, email: string): Promise<void> {
  expect((await visitor.postForm("/admin/api/login", { email, password: "not-their-password-1" })).status).toBeLessThan(500);
}

/** A visitor signs up for the newsletter on the About page; gives the path of the confirmation link emailed to them. */
async function signUpForNewsletter(visitor: Client, mailbox: TestMailbox, signup: { firstName: string; lastName: string; email: string }): Promise<string> {
  expect((await visitor.postForm("/about", signup)).status).toBe(302);
  const confirmation = await until(() => mailbox.to(signup.email).find((email) => CONFIRM_LINK.test(email.text)));
  return CONFIRM_LINK.exec(confirmation.text)![1]!;
}

/**
 * The person asks for a quote on the wizard with marketing consent, staff
 * note and move it on, draft and send a quote they view and accept under
 * their name; they send a contact enquiry and sign up for the newsletter
 * (confirmed through the emailed link); someone types their email at the
 * staff sign-in; and staff record a request of theirs in the register.
 */
export async function seedPerson(server: TestServer, staff: Client, mailbox: TestMailbox, person: TestPerson): Promise<SeededPerson> {
  const visitor = publicClient(server);
  const quote = {
    ...SAMPLE_QUOTE,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    phoneNumber: person.phone,
    businessName: person.businessName,
    companyName: person.businessName,
    requirements: `Signal at ${person.businessName}`,
  };
  const asked = await visitor.postForm("/?index", {
    intent: "quote-submit",
    submissionToken: crypto.randomUUID(),
    ...quote,
    [MARKETING_CONSENT_FIELD]: MARKETING_CONSENT_TICKED,
  });
  expect(asked.status).toBe(200);
  const lead = await server.db.selectFrom("leads").select(["id", "reference"]).where("email", "=", person.email).executeTakeFirstOrThrow();

  const noted = await staff.postForm(`/admin/leads/${lead.id}`, { intent: "note", body: `Rang ${person.firstName} ${person.lastName} on ${person.phone}` });
  expect(noted.status).toBe(302);
  expect((await staff.put(`/admin/api/quote-requests/${lead.id}`, { status: "contacted" })).status).toBe(200);

  const drafted = await staff.postJson(`/admin/api/leads/${lead.id}/quotes`, undefined);
  expect(drafted.status, await drafted.clone().text()).toBe(201);
  const draft = (await drafted.json()) as { id: number };
  const edited = await staff.patch(`/admin/api/quotes/${draft.id}`, { lines: [plainQuoteLine()], customerNote: `Thanks, ${person.firstName}.` });
  expect(edited.status, await edited.clone().text()).toBe(200);
  const sent = await staff.postJson(`/admin/api/quotes/${draft.id}/send`, undefined);
  expect(sent.status, await sent.clone().text()).toBe(200);
  const quoteEmail = await until(() => mailbox.to(person.email).find((email) => email.subject.includes(`${lead.reference}-Q`)));
  const link = /https?:\/\/\S+\/quote\/[A-Za-z0-9_-]{22}/.exec(quoteEmail.text)![0];
  const quotePath = new URL(link).pathname;
  expect((await visitor.get(quotePath)).status).toBe(200);
  const accepted = await acceptAsShown(visitor, quotePath, { fullName: `${person.firstName} ${person.lastName}`, role: "Owner" });
  expect(accepted.status).toBeLessThan(400);

  const enquiryId = await sendEnquiry(server, visitor, person, `This is ${person.firstName} from ${person.businessName}.`);

  const confirmPath = await signUpForNewsletter(visitor, mailbox, person);
  expect((await visitor.postForm(confirmPath, {})).status).toBe(200);
  const signup = await server.db.selectFrom("newsletterSignups").select("id").where("email", "=", person.email).executeTakeFirstOrThrow();

  await typeAtStaffSignIn(visitor, person.email.toUpperCase());

  // The register's own screen is built elsewhere; its row is written as that screen writes it.
  await insertDataRequest(server.db, {
    kind: "erasure",
    contact: person.email,
    contactKey: emailKey(person.email),
    notes: `${person.firstName} ${person.lastName} rang to ask`,
  });
  return { leadId: lead.id, reference: lead.reference, quoteId: draft.id, enquiryId, signupId: signup.id };
}

/**
 * People whose details look like one another's, as a substring search would
 * mix them up: bob@example.com (everything seedPerson makes), the newsletter
 * sign-ups of jimbob@example.com and bob@example.com.au, a failed staff
 * sign-in typed as jimbob@example.com, and jimbob's enquiry from a number that
 * ends with bob's whole number (so shares its last ten digits).
 */
export const BOB: TestPerson = {
  firstName: "Bob",
  lastName: "Ashworth",
  email: "bob@example.com",
  phone: "+44 7700 900123",
  businessName: "Ashworth Plumbing",
};
export const JIMBOB = { firstName: "Jim", lastName: "Carrow", email: "jimbob@example.com", phone: "+353 20 7700 900123" };
export const BOB_AU = { firstName: "Roberta", lastName: "Quill", email: "bob@example.com.au" };

export interface SeededLookalikes {
  bob: SeededPerson;
  /** The paths of the confirmation links emailed to jimbob and to bob@example.com.au (not yet used). */
  jimbobConfirmPath: string;
  bobAuConfirmPath: string;
  jimbobEnquiryId: number;
}

export async function seedLookalikes({ server, staff, mailbox }: PersonTestSetting): Promise<SeededLookalikes> {
  const bob = await seedPerson(server, staff.admin, mailbox, BOB);
  const visitor = publicClient(server);
  const jimbobConfirmPath = await signUpForNewsletter(visitor, mailbox, JIMBOB);
  const bobAuConfirmPath = await signUpForNewsletter(visitor, mailbox, BOB_AU);
  await typeAtStaffSignIn(visitor, JIMBOB.email);
  const jimbobEnquiryId = await sendEnquiry(server, visitor, JIMBOB, "Ringing from Dublin about broadband.");
  return { bob, jimbobConfirmPath, bobAuConfirmPath, jimbobEnquiryId };
}

/**
 * The outbox rows that are one person's, told apart without the product's own
 * matching: those of their lead or enquiry, and those whose copy is addressed
 * to them alone.
 */
export async function outboxRowsOf(db: TestServer["db"], person: { email: string; leadId?: number; enquiryId?: number }) {
  const rows = await db.selectFrom("outbox").selectAll().orderBy("id").execute();
  return rows.filter((row) => {
    if (row.leadId !== null || row.enquiryId !== null) return row.leadId === person.leadId || row.enquiryId === person.enquiryId;
    const { to } = JSON.parse(row.payload || "{}") as { to?: string[] };
    return to?.length === 1 && to[0]!.toLowerCase() === person.email;
  });
}

/**
 * Phone numbers as people type them, and the one form they are matched in
 * (normalisePhone, and the database's phoneNormalised columns alike): a UK
 * number with +44, 0044 or 0 is one number; another country's keeps its digits.
 */
export const PHONE_FORMS: ReadonlyArray<readonly [typed: string, normalised: string | null]> = [
  ["07700 900123", "07700900123"],
  ["+44 7700 900123", "07700900123"],
  ["0044 7700 900123", "07700900123"],
  ["+44 (0)7700-900.123", "07700900123"],
  ["447700900123", "07700900123"],
  ["07700\u00a0900\t123", "07700900123"],
  ["+353 20 7700 900123", "353207700900123"],
  ["020 7946 0958", "02079460958"],
  ["", null],
];

/**
 * Everything a test server has stored, as lower-case text, to look for a person's traces in: on SQLite every file of the data folder (the database, its log,
 * anything else the server keeps) read whole; on Postgres every row of every table.
 */
export async function storedText(server: TestServer): Promise<string> {
  const texts: string[] = [];
  if (testDatabaseKind === "postgres") {
    const { rows: tables } = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(server.db);
    for (const { name } of tables) {
      const { rows } = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(name)} t`.execute(server.db);
      texts.push(...rows.map((row) => row.row.toLowerCase()));
    }
    return texts.join("\n");
  }
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) texts.push(fs.readFileSync(file).toString("latin1").toLowerCase());
    }
  };
  walk(server.dataDir);
  return texts.join("\n");
}
