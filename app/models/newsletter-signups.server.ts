import type { NewsletterSignupInput } from "~/lib/schemas/public-forms";
import { getDb, nowIso } from "~/services/db.server";

/** Signs an email up; signing up again keeps one row and refreshes the names given. */
export async function subscribeToNewsletter(input: NewsletterSignupInput, sourcePage: string): Promise<void> {
  const db = await getDb();
  const now = nowIso();
  await db
    .insertInto("newsletterSignups")
    .values({
      email: input.email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      sourcePage,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((conflict) =>
      conflict.column("email").doUpdateSet((eb) => ({
        firstName: eb.fn.coalesce(eb.val(input.firstName ?? null), eb.ref("newsletterSignups.firstName")),
        lastName: eb.fn.coalesce(eb.val(input.lastName ?? null), eb.ref("newsletterSignups.lastName")),
        updatedAt: now,
      })),
    )
    .execute();
}
