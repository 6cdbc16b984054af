import { sql, type Kysely, type RawBuilder } from "kysely";
import { isPostgres } from "./dialect";

/**
 * A person is matched by exact values, never by searching text
 * (docs/privacy-operations.md, "How a person is matched"):
 * - `outbox.recipientEmail`: the address an email to a person (not to staff,
 *   not the webhook) goes to, trimmed and lower-cased. Filled here from each
 *   stored copy's `to`; a copy already emptied names no one and stays null.
 * - `auditLog.signInEmail`: the email typed at a failed staff sign-in, trimmed
 *   and lower-cased. Filled here from the entry's summary; an entry whose
 *   details were already removed stays null.
 * - `leads.phoneNormalised`, `contactEnquiries.phoneNormalised`: the phone
 *   number as digits in the UK's national form ("+44 7700 900123",
 *   "0044 7700 900123" and "07700 900123" are all "07700900123"), computed by
 *   the database (normalisePhone in app/platform/suppression.server.ts
 *   does the same for what staff type). On SQLite a number holding anything
 *   but digits and the marks the forms allow has none, so it is never matched
 *   by a guess.
 */

/** DELIVERY_KIND_AUDIENCE's kinds sent to a person (app/platform/outbox-kinds.ts); a landed migration keeps its own copy of a list. */
const KINDS_TO_A_PERSON = ["lead.confirmation-email", "quote.customer-email", "newsletter.confirmation-email"];
/** The failed sign-in summary's shape (recordFailedSignIn, app/features/staff/audit-log.server.ts), the last method named being its own. */
const FAILED_SIGN_IN = /^Failed sign-in as (.+) (?:with a password|through the sign-in provider) from \S+: /s;
const NO_EMAIL = "(no email)";
const REMOVED_WORDS = "[removed]";
/** Rows read and written per round, so a long table is never held in memory at once. */
const BATCH = 500;

/** The address in "Name <address>" or a bare address, trimmed and lower-cased; null when there is none. */
function emailOf(recipient: unknown): string | null {
  if (typeof recipient !== "string") return null;
  const address = (/<([^>]+)>\s*$/.exec(recipient)?.[1] ?? recipient).trim().toLowerCase();
  return address || null;
}

function recipientOfCopy(payload: string): string | null {
  try {
    const { to } = JSON.parse(payload) as { to?: unknown };
    return Array.isArray(to) && to.length === 1 ? emailOf(to[0]) : null;
  } catch {
    return null;
  }
}

function emailOfFailedSignIn(summary: string): string | null {
  const typed = FAILED_SIGN_IN.exec(summary)?.[1];
  if (!typed || typed === NO_EMAIL || typed.includes(REMOVED_WORDS)) return null;
  return emailOf(typed);
}

/** The digits after a country code of 44 (from `from` on), with the leading 0 of the national form. */
function national(digits: RawBuilder<unknown>, from: number): RawBuilder<unknown> {
  const rest = sql`substr(${digits}, ${sql.lit(from)})`;
  return sql`CASE WHEN substr(${digits}, ${sql.lit(from)}, 1) = '0' THEN ${rest} ELSE '0' || ${rest} END`;
}

/** The phone column's digits in the national form, as normalisePhone makes them; null for none. */
function normalisedPhone(db: Kysely<unknown>, column: string): RawBuilder<unknown> {
  const value = sql.ref(column);
  if (isPostgres(db)) {
    const digits = sql`regexp_replace(${value}, '[^0-9]', '', 'g')`;
    return sql`CASE
      WHEN ${digits} = '' THEN NULL
      WHEN substr(${digits}, 1, 4) = '0044' THEN ${national(digits, 5)}
      WHEN substr(${digits}, 1, 2) = '44' AND NOT (${value} ~ '^\\s*0') THEN ${national(digits, 3)}
      ELSE ${digits} END`;
  }
  // SQLite has no regular expressions: the marks PHONE_PATTERN allows (app/lib/form-fields.ts) are taken out one by one.
  let digits: RawBuilder<unknown> = sql`${value}`;
  for (const mark of ["' '", "'-'", "'('", "')'", "'+'", "'.'", "char(9)", "char(10)", "char(13)", "char(160)"]) {
    digits = sql`replace(${digits}, ${sql.raw(mark)}, '')`;
  }
  return sql`CASE
    WHEN ${digits} = '' OR ${digits} GLOB '*[^0-9]*' THEN NULL
    WHEN substr(${digits}, 1, 4) = '0044' THEN ${national(digits, 5)}
    WHEN substr(${digits}, 1, 2) = '44' AND substr(ltrim(${value}, ' ' || char(9) || char(10) || char(13) || char(160)), 1, 1) <> '0' THEN ${national(digits, 3)}
    ELSE ${digits} END`;
}

async function addNormalisedPhone(db: Kysely<unknown>, table: string, column: string, index: string): Promise<void> {
  const stored = isPostgres(db) ? sql`STORED` : sql`VIRTUAL`;
  await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN ${sql.ref("phoneNormalised")} text GENERATED ALWAYS AS (${normalisedPhone(db, column)}) ${stored}`.execute(
    db,
  );
  await db.schema.createIndex(index).on(table).column("phoneNormalised").execute();
}

// The backfill pages through its rows by id; the tables' own types are not the migration's to import.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Sets `column` on the rows `where` selects to what `value` reads from each one's `from` text (null leaves it unset). */
async function fill(
  db: AnyDb,
  { table, column, from, where: [whereColumn, values] }: { table: string; column: string; from: string; where: [string, string[]] },
  value: (text: string) => string | null,
): Promise<void> {
  for (let after = 0; ;) {
    const rows = (await db
      .selectFrom(table)
      .select(["id", from])
      .where(whereColumn, "in", values)
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute()) as Array<{ id: number } & Record<string, string>>;
    for (const row of rows) {
      const filled = value(row[from]!);
      if (!filled) continue;
      await db
        .updateTable(table)
        .set({ [column]: filled })
        .where("id", "=", row.id)
        .execute();
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").addColumn("recipientEmail", "text").execute();
  await db.schema.createIndex("outbox_recipient_email").on("outbox").column("recipientEmail").execute();
  await fill(db as AnyDb, { table: "outbox", column: "recipientEmail", from: "payload", where: ["kind", KINDS_TO_A_PERSON] }, recipientOfCopy);

  await db.schema.alterTable("auditLog").addColumn("signInEmail", "text").execute();
  await db.schema.createIndex("audit_log_sign_in_email").on("auditLog").column("signInEmail").execute();
  await fill(db as AnyDb, { table: "auditLog", column: "signInEmail", from: "summary", where: ["action", ["sign_in.failed"]] }, emailOfFailedSignIn);

  await addNormalisedPhone(db, "leads", "phoneNumber", "leads_phone_normalised");
  await addNormalisedPhone(db, "contactEnquiries", "contactNumber", "contact_enquiries_phone_normalised");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("contact_enquiries_phone_normalised").execute();
  await db.schema.alterTable("contactEnquiries").dropColumn("phoneNormalised").execute();
  await db.schema.dropIndex("leads_phone_normalised").execute();
  await db.schema.alterTable("leads").dropColumn("phoneNormalised").execute();
  await db.schema.dropIndex("audit_log_sign_in_email").execute();
  await db.schema.alterTable("auditLog").dropColumn("signInEmail").execute();
  await db.schema.dropIndex("outbox_recipient_email").execute();
  await db.schema.alterTable("outbox").dropColumn("recipientEmail").execute();
}
