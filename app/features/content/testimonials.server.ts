import type { Selectable, Updateable } from "kysely";
import type { AdminUser } from "~/features/staff";
import type { TestimonialChanges, TestimonialInput } from "./testimonials-schema";
import { SAMPLE_TESTIMONIALS, type PublicTestimonial } from "./testimonials";
import { getDb, nowIso } from "~/platform/db.server";
import { rememberPublicContent } from "~/platform/public-content.server";
import { recordAudit } from "~/features/staff/index.server";
import { ModelError } from "~/platform/model-error.server";
import type { TestimonialsTable } from "./content-tables";

function toPublicTestimonial(row: Selectable<TestimonialsTable>): PublicTestimonial {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    position: row.position,
    content: row.content,
    rating: row.rating,
    featured: row.featured === 1,
    date: row.date,
  };
}

/** Every testimonial, newest first, featured or not: the staff's list. */
export function listTestimonials(): Promise<PublicTestimonial[]> {
  return rememberPublicContent("testimonials", async () => {
    const db = await getDb();
    const rows = await db.selectFrom("testimonials").selectAll().orderBy("createdAt", "desc").orderBy("id", "desc").execute();
    return rows.map(toPublicTestimonial);
  });
}

/** The testimonials staff have featured, newest first: all the public site shows, and all `GET /api/testimonials` answers (one not featured is a draft). */
export function listFeaturedTestimonials(): Promise<PublicTestimonial[]> {
  return rememberPublicContent("featured testimonials", async () => {
    const db = await getDb();
    const rows = await db.selectFrom("testimonials").selectAll().where("featured", "=", 1).orderBy("createdAt", "desc").orderBy("id", "desc").execute();
    return rows.map(toPublicTestimonial);
  });
}

/** What the public testimonials blocks show: the featured testimonials, or the three built-in samples when none is featured (SPEC section 2). */
export async function listTestimonialsForDisplay(): Promise<PublicTestimonial[]> {
  const featured = await listFeaturedTestimonials();
  return featured.length > 0 ? featured : SAMPLE_TESTIMONIALS;
}

export async function getTestimonial(id: number): Promise<PublicTestimonial> {
  const db = await getDb();
  const row = await db.selectFrom("testimonials").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new ModelError(404, "Testimonial not found");
  return toPublicTestimonial(row);
}

/** The columns a change sets: fields left out are undefined, which Kysely leaves alone. */
function changedColumns({ featured, ...text }: TestimonialChanges): Updateable<TestimonialsTable> {
  return { ...text, ...(featured === undefined ? {} : { featured: featured ? 1 : 0 }) };
}

export async function createTestimonial(actor: AdminUser, input: TestimonialInput): Promise<PublicTestimonial> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .insertInto("testimonials")
      .values({ ...input, featured: input.featured ? 1 : 0, importKey: null, createdAt: now, updatedAt: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const summary = `Added the testimonial from ${row.name} (${row.company})`;
    await recordAudit(actor, { action: "testimonial.created", entityType: "testimonial", entityId: row.id, summary }, trx);
    return toPublicTestimonial(row);
  });
}

export async function updateTestimonial(actor: AdminUser, id: number, changes: TestimonialChanges): Promise<PublicTestimonial> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("testimonials")
      .set({ ...changedColumns(changes), updatedAt: nowIso() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new ModelError(404, "Testimonial not found");
    const summary = `Updated the testimonial from ${row.name} (${row.company})`;
    await recordAudit(actor, { action: "testimonial.updated", entityType: "testimonial", entityId: id, summary }, trx);
    return toPublicTestimonial(row);
  });
}

export async function deleteTestimonial(actor: AdminUser, id: number): Promise<void> {
  const db = await getDb();
  await db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("testimonials").where("id", "=", id).returning(["name", "company"]).executeTakeFirst();
    if (!row) throw new ModelError(404, "Testimonial not found");
    const summary = `Deleted the testimonial from ${row.name} (${row.company})`;
    await recordAudit(actor, { action: "testimonial.deleted", entityType: "testimonial", entityId: id, summary }, trx);
  });
}

/**
 * Import Existing: brings the site's built-in testimonials into the database. Each carries its sample id as `importKey` (unique), so importing again adds only
 * those not there yet. Returns how many were added.
 */
export async function importExistingTestimonials(actor: AdminUser): Promise<number> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    // Inserted last-first: the lists sort newest first (by id within the same instant), so they read in the site's order.
    const rows = [...SAMPLE_TESTIMONIALS].reverse().map((sample) => ({
      name: sample.name,
      company: sample.company,
      position: sample.position,
      content: sample.content,
      rating: sample.rating,
      featured: sample.featured ? (1 as const) : (0 as const),
      date: sample.date,
      importKey: String(sample.id),
      createdAt: now,
      updatedAt: now,
    }));
    const added = await trx
      .insertInto("testimonials")
      .values(rows)
      .onConflict((conflict) => conflict.column("importKey").doNothing())
      .returning("id")
      .execute();
    if (added.length > 0) {
      const summary = `Imported ${added.length} of the website's built-in testimonials`;
      await recordAudit(actor, { action: "testimonial.imported", entityType: "testimonial", summary }, trx);
    }
    return added.length;
  });
}
