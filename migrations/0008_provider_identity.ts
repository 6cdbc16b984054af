import type { Kysely } from "kysely";

/**
 * Who an admin user is at the sign-in provider: the issuer and its subject
 * (`sub`), bound at their first sign-in through it and matched on afterwards,
 * so a different account at the provider claiming the same email gets nowhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("adminUsers").addColumn("providerIssuer", "text").execute();
  await db.schema.alterTable("adminUsers").addColumn("providerSubject", "text").execute();
  await db.schema.createIndex("admin_users_provider_identity").on("adminUsers").columns(["providerIssuer", "providerSubject"]).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("admin_users_provider_identity").execute();
  await db.schema.alterTable("adminUsers").dropColumn("providerSubject").execute();
  await db.schema.alterTable("adminUsers").dropColumn("providerIssuer").execute();
}
