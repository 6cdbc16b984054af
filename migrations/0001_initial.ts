import { sql, type ColumnDefinitionBuilder, type Kysely, type RawBuilder } from "kysely";
import { autoIdColumn, isPostgres } from "./dialect";
import { ADMIN_ROLES } from "../app/features/staff/admin-roles";
import { BUSINESS_TYPES, CONTRACT_EXPIRIES, LEAD_STATUSES } from "../app/features/leads/lead-lists";
import { CONTACT_SUBJECTS } from "../app/features/inbox/contact-subjects";
import { STOCK_IMAGE_LOCATIONS } from "../app/features/content/stock-image-locations";
import { TEAM_SIZES } from "../app/features/tariffs/tariff-comparison";

/** `column IN ('a', 'b')` for a CHECK constraint, from one of the spec's lists. */
function oneOf(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} IN (${sql.join(values.map((value) => sql.lit(value)))})`;
}

/**
 * Text compared ignoring case (emails): COLLATE NOCASE on SQLite, citext on Postgres,
 * so equality and uniqueness both ignore case.
 */
function caseInsensitiveText(
  db: Kysely<unknown>,
  build: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
): ["text" | RawBuilder<unknown>, (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return isPostgres(db) ? [sql`citext`, build] : ["text", (column) => build(column).modifyEnd(sql`COLLATE NOCASE`)];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`CREATE EXTENSION IF NOT EXISTS citext`.execute(db);
  await db.schema
    .createTable("leads")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("reference", "text", (col) => col.notNull().unique())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("new").check(oneOf("status", LEAD_STATUSES)))
    .addColumn("teamSize", "text", (col) => col.notNull().check(oneOf("teamSize", TEAM_SIZES)))
    .addColumn("contractExpiry", "text", (col) => col.notNull().check(oneOf("contractExpiry", CONTRACT_EXPIRIES)))
    .addColumn("businessType", "text", (col) => col.notNull().check(oneOf("businessType", BUSINESS_TYPES)))
    .addColumn("businessName", "text", (col) => col.notNull())
    .addColumn("postcode", "text")
    .addColumn("firstName", "text", (col) => col.notNull())
    .addColumn("lastName", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("phoneNumber", "text", (col) => col.notNull())
    .addColumn("companyName", "text")
    .addColumn("contractLength", "text")
    .addColumn("jobTitle", "text")
    .addColumn("requirements", "text")
    .addColumn("sourcePage", "text")
    // One-time token from the form: a resubmission of the same form finds the lead it made.
    .addColumn("submissionToken", "text", (col) => col.unique())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("leads_created_at").on("leads").columns(["createdAt desc", "id desc"]).execute();
  await db.schema.createIndex("leads_status_created_at").on("leads").columns(["status", "createdAt desc"]).execute();

  await db.schema
    .createTable("testimonials")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("company", "text", (col) => col.notNull())
    .addColumn("position", "text", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("rating", "integer", (col) =>
      col
        .notNull()
        .defaultTo(5)
        .check(sql`rating BETWEEN 1 AND 5`),
    )
    .addColumn("featured", "integer", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`featured IN (0, 1)`),
    )
    .addColumn("date", "text", (col) => col.notNull())
    // Set for testimonials brought in by "Import Existing", so importing twice adds nothing.
    .addColumn("importKey", "text", (col) => col.unique())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("testimonials_featured").on("testimonials").columns(["featured", "createdAt"]).execute();

  await db.schema
    .createTable("stockImages")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("filename", "text", (col) => col.notNull().unique())
    .addColumn("originalName", "text", (col) => col.notNull())
    .addColumn("description", "text")
    .addColumn("location", "text", (col) => col.notNull().check(oneOf("location", STOCK_IMAGE_LOCATIONS)))
    .addColumn("size", "integer", (col) => col.notNull().check(sql`size >= 0`))
    .addColumn("contentType", "text", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("stock_images_location").on("stockImages").columns(["location", "createdAt", "id"]).execute();

  await db.schema
    .createTable("adminUsers")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", ...caseInsensitiveText(db, (col) => col.notNull().unique()))
    .addColumn("firstName", "text", (col) => col.notNull())
    .addColumn("lastName", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull().defaultTo("admin").check(oneOf("role", ADMIN_ROLES)))
    .addColumn("isActive", "integer", (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`${sql.ref("isActive")} IN (0, 1)`),
    )
    .addColumn("profileImageUrl", "text")
    .addColumn("passwordHash", "text")
    .addColumn("failedSignInCount", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("lockedUntil", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("adminUserId", "text", (col) => col.notNull().references("adminUsers.id").onDelete("cascade"))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("lastSeenAt", "text", (col) => col.notNull())
    .addColumn("expiresAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("sessions_admin_user").on("sessions").column("adminUserId").execute();
  await db.schema.createIndex("sessions_expires_at").on("sessions").column("expiresAt").execute();

  await db.schema
    .createTable("contactEnquiries")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("firstName", "text", (col) => col.notNull())
    .addColumn("lastName", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("contactNumber", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull().check(oneOf("subject", CONTACT_SUBJECTS)))
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("contact_enquiries_created_at").on("contactEnquiries").columns(["createdAt desc", "id desc"]).execute();

  await db.schema
    .createTable("newsletterSignups")
    .addColumn("id", ...autoIdColumn(db))
    .addColumn("email", ...caseInsensitiveText(db, (col) => col.notNull().unique()))
    .addColumn("firstName", "text")
    .addColumn("lastName", "text")
    .addColumn("sourcePage", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("newsletter_signups_created_at").on("newsletterSignups").columns(["createdAt desc", "id desc"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["newsletterSignups", "contactEnquiries", "sessions", "adminUsers", "stockImages", "testimonials", "leads"]) {
    await db.schema.dropTable(table).execute();
  }
}
