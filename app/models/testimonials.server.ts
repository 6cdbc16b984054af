import type { Selectable } from "kysely";
import { getDb } from "~/services/db.server";
import type { TestimonialsTable } from "~/services/database-types";
import { SAMPLE_TESTIMONIALS, type PublicTestimonial } from "~/lib/testimonials";

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

/** Every testimonial, newest first: `GET /api/testimonials`. */
export async function listTestimonials(): Promise<PublicTestimonial[]> {
  const db = await getDb();
  const rows = await db.selectFrom("testimonials").selectAll().orderBy("createdAt", "desc").orderBy("id", "desc").execute();
  return rows.map(toPublicTestimonial);
}

/**
 * What the public testimonials blocks show: the featured testimonials, or
 * the three built-in samples when none is featured (SPEC section 2).
 */
export async function listTestimonialsForDisplay(): Promise<PublicTestimonial[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("testimonials")
    .selectAll()
    .where("featured", "=", 1)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.length > 0 ? rows.map(toPublicTestimonial) : SAMPLE_TESTIMONIALS;
}
