import { json } from "@remix-run/node";
import { errorToast } from "~/lib/messages";
import type { AdminUser } from "~/features/staff";
import { nothingHeldSinceErasure, personFound } from "./person-data";
import { PERSON_SEARCH_MESSAGES, personSearchFromUrl, personSearchQuery, type PersonSearch } from "./person-schema";
import { findPerson } from "./person-search.server";
import { erasureWithNothingHeld } from "./person-erased.server";
import { getDb } from "~/platform/db.server";
import { ModelError } from "~/platform/model-error.server";
import { requireDataProtectionUser } from "~/features/staff/index.server";
import { raiseToast, redirectWithToast } from "~/platform/toast.server";

/**
 * The erase and object dialogs over the Find a person screen: a dialog with JavaScript, a confirmation page without. Both name the person by the search's
 * `?email=&phone=` and go back to it with a toast.
 */

export const PEOPLE_PATH = "/admin/data-protection/people";

/** What the dialog shows: who, and how much is held; null (a 400) when the search is not valid. */
export async function loadPersonDialog(request: Request) {
  await requireDataProtectionUser(request);
  const answer = personSearchFromUrl(new URL(request.url));
  if (!answer.ok) return json({ person: null, closeTo: PEOPLE_PATH }, { status: 400 });
  const { email = "", phone = "" } = answer.search;
  const db = await getDb();
  const record = await findPerson({ email, phone }, db);
  const closeTo = `${PEOPLE_PATH}?${personSearchQuery({ email, phone })}`;
  const who = [email, phone].filter(Boolean).join(" / ");
  const erasure = await erasureWithNothingHeld(db, record);
  return json({
    person: {
      who,
      found: personFound(record),
      /** Set once they are erased with nothing held since: the dialog says so instead of asking (the post is refused, 409). */
      nothingHeld: erasure && nothingHeldSinceErasure(who, erasure),
      leads: record.leads.length,
      orders: record.orders.length,
      enquiries: record.enquiries.length,
      newsletterSignups: record.newsletterSignups.length,
    },
    closeTo,
  });
}

/** The dialog's POST: the model's change by the signed-in admin, then back to the person's page with what was done. */
export async function changePerson(request: Request, change: (search: PersonSearch, user: AdminUser) => Promise<string>) {
  const user = await requireDataProtectionUser(request);
  const answer = personSearchFromUrl(new URL(request.url));
  if (!answer.ok) return json({ toast: raiseToast(errorToast(Object.values(answer.fieldErrors)[0] ?? PERSON_SEARCH_MESSAGES.missing)) }, { status: 400 });
  try {
    const done = await change(answer.search, user);
    return redirectWithToast(`${PEOPLE_PATH}?${personSearchQuery(answer.search)}`, { kind: "success", title: done });
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return json({ toast: raiseToast(errorToast(error.message)) }, { status: error.status });
  }
}
