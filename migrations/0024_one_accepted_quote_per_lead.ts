import { sql, type Kysely } from "kysely";

interface AcceptedQuote {
  id: number;
  leadId: number;
  version: number;
  reference: string;
}

/**
 * A lead has at most one accepted quote: a unique index on `quotes.leadId` over the accepted
 * rows only, so two acceptances at the same moment (on two connections, or two machines on
 * one Postgres) cannot both be kept, whatever the code above it does.
 *
 * Before this rule, a new quote could be sent after one was accepted and accepted too. Where a
 * lead has more than one accepted quote, its newest version stays accepted (the last the
 * customer agreed to, as the newest version sent is the one a customer answers) and each older
 * one becomes superseded, its acceptance (name, role, time, fingerprint) kept as evidence; the
 * lead's timeline and the audit log say so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<AcceptedQuote>`
    SELECT q.id, q."leadId", q.version, l.reference
    FROM quotes q JOIN leads l ON l.id = q."leadId"
    WHERE q.status = 'accepted'
      AND EXISTS (SELECT 1 FROM quotes newer WHERE newer."leadId" = q."leadId" AND newer.status = 'accepted' AND newer.version > q.version)
    ORDER BY q."leadId", q.version`.execute(db);
  const now = new Date().toISOString();
  for (const older of rows) {
    const label = `Q${older.version}`;
    const body = `Quote ${label} superseded: a lead has one accepted quote, and a newer version of this lead's was accepted too`;
    await sql`UPDATE quotes SET status = 'superseded', "updatedAt" = ${now} WHERE id = ${older.id}`.execute(db);
    await sql`INSERT INTO "leadActivity" ("leadId", kind, "actorId", "actorName", body, "createdAt")
      VALUES (${older.leadId}, 'quote', NULL, 'System', ${body}, ${now})`.execute(db);
    await sql`INSERT INTO "auditLog" ("actorId", "actorName", action, "entityType", "entityId", summary, "createdAt")
      VALUES (NULL, 'System', 'quote.superseded', 'quote', ${String(older.id)}, ${`${body} (${older.reference}-${label})`}, ${now})`.execute(db);
    await sql`UPDATE leads SET "updatedAt" = ${now} WHERE id = ${older.leadId}`.execute(db);
  }
  await sql`CREATE UNIQUE INDEX quotes_one_accepted_per_lead ON quotes ("leadId") WHERE status = 'accepted'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX quotes_one_accepted_per_lead`.execute(db);
}
