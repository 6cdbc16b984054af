import crypto from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { Database } from "./database-types";
import { emailEnabled } from "./mailer.server";
import { env } from "./env.server";
import { ukDay } from "~/lib/calendar";

/** Quote confirmations one address gets a day: past it the lead is stored and staff told, the visitor's email is not sent (no one can be mailed on and on). */
export const CONFIRMATIONS_PER_RECIPIENT_PER_DAY = 3;

/** Staff are told when SMTP_URL and LEAD_NOTIFY_TO are set. */
export const staffNotified = () => emailEnabled() && env.LEAD_NOTIFY_TO.length > 0;

/**
 * One address's key for counting confirmations: a hash (the count outlives the lead it came from), of the address in lower case without a +tag, so Name+1@ and
 * name+2@ count as the one mailbox they reach. `scope` keeps one kind of confirmation's count apart from another's ("" for quotes).
 */
function recipientKey(email: string, scope: string): string {
  const [local = "", domain = ""] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  return crypto
    .createHash("sha256")
    .update(`${scope}${local.replace(/\+.*$/, "")}@${domain}`)
    .digest("hex");
}

/**
 * Counts a confirmation to `email` on the UK's today in the database, in the lead's transaction; whether it is within `cap`
 * (CONFIRMATIONS_PER_RECIPIENT_PER_DAY). Past days' counts are deleted as it goes (an indexed range, usually empty).
 */
export async function mayConfirmTo(
  trx: Transaction<Database>,
  email: string,
  now: Date,
  { cap, scope }: { cap: number; scope: string } = { cap: CONFIRMATIONS_PER_RECIPIENT_PER_DAY, scope: "" },
): Promise<boolean> {
  const day = ukDay(now);
  await trx.deleteFrom("confirmationEmailCounts").where("day", "<", day).execute();
  const { count } = await trx
    .insertInto("confirmationEmailCounts")
    .values({ recipientKey: recipientKey(email, scope), day, count: 1 })
    .onConflict((conflict) => conflict.columns(["recipientKey", "day"]).doUpdateSet({ count: sql<number>`${sql.ref("confirmationEmailCounts.count")} + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  return count <= cap;
}
