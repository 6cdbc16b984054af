import type { Kysely } from "kysely";

/**
 * The Sources report (issue 41, app/features/reports/sources-report.server.ts) over a year of 100,000 leads within its goal (bench/sources.js):
 * - `leads (createdAt, source, medium, campaign)`: the period's leads and every grouping's columns read from the index alone, not from the
 *   leads' long rows;
 * - `quotes (leadId, sentAt, acceptedAt)`: whether a lead was sent a quote, or accepted one, answered from the index alone (the unique
 *   (leadId, version) index found the lead's quotes but read each quote's row for its times).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("leads_created_attribution").on("leads").columns(["createdAt", "source", "medium", "campaign"]).execute();
  await db.schema.createIndex("quotes_lead_sent_accepted").on("quotes").columns(["leadId", "sentAt", "acceptedAt"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("quotes_lead_sent_accepted").execute();
  await db.schema.dropIndex("leads_created_attribution").execute();
}
