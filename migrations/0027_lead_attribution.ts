import type { Kysely } from "kysely";

/**
 * Where each lead came from (issue 41): the UTM parameters, the referring site's domain, the
 * visit's first page and the page the form was sent from, each already normalised by
 * app/features/leads/attribution.ts. All null for leads from before this, and for whatever a
 * visit did not carry. Named here rather than read from the capability's list, so this file
 * never changes.
 */
const COLUMNS = ["source", "medium", "campaign", "term", "content", "referrerDomain", "landingPath", "formPath"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable("leads").addColumn(column, "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable("leads").dropColumn(column).execute();
}
