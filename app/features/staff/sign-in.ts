import { addDaysToInstant } from "~/lib/calendar";
import { countOf } from "~/lib/plural";
/**
 * The rules of local sign-in, in one place: how guessing is slowed, how long a temporary password lasts, what a password must be. Pure, so the server, the
 * forms and the tests read the same numbers.
 */

/** Failed sign-ins an account may have from one client before that client waits. */
export const FREE_FAILURES_PER_CLIENT = 5;
/** The first wait; each further failure from that client doubles it ... */
export const CLIENT_WAIT_BASE_SECONDS = 60;
/** ... up to 2^6 times the first: a little over an hour. */
export const CLIENT_WAIT_MAX_DOUBLINGS = 6;
/** A client's failures are forgotten after this long without one (and at once on a right password). */
export const CLIENT_FAILURES_FORGOTTEN_AFTER_HOURS = 24;

/** Failures for one account from every client together, within the window below, before every check of it slows. */
export const ACCOUNT_SLOWDOWN_AFTER = 20;
/** The account's count starts again after this long without a failure. */
export const ACCOUNT_WINDOW_MINUTES = 15;
/** The slowdown: half a second, doubled for every further ACCOUNT_SLOWDOWN_AFTER failures, at most 8 s. Never a refusal. */
export const ACCOUNT_DELAY_BASE_MS = 500;
export const ACCOUNT_DELAY_MAX_MS = 8_000;

/** The account-wide row's client key (no client address looks like this). */
export const EVERY_CLIENT = "*";

/**
 * The client-wide row's account key (no email looks like this): a client's failures across every account, so trying one password on many emails (password
 * spraying) is slowed as well. Its count starts again after this long without a failure; it may have CLIENT_FAILURES_MAX.
 */
export const EVERY_ACCOUNT = "*";
export const CLIENT_ACROSS_ACCOUNTS_WINDOW_MINUTES = 15;
/** Failed sign-ins one client may make across all accounts in that window: a whole office mistyping, never a spraying script. */
export const CLIENT_FAILURES_MAX = 20;

/** A temporary password (first start, Add Admin User, reset) works for this long, and must be changed at first sign-in. */
export const TEMPORARY_PASSWORD_DAYS = 7;
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

/** How long a client must wait after its `failures`-th failure for an account (0: it may try again now). */
export function clientWaitSeconds(failures: number): number {
  if (failures < FREE_FAILURES_PER_CLIENT) return 0;
  const doublings = Math.min(failures - FREE_FAILURES_PER_CLIENT, CLIENT_WAIT_MAX_DOUBLINGS);
  return CLIENT_WAIT_BASE_SECONDS * 2 ** doublings;
}

/** Every wait a client can be given, after its 5th, 6th ... failure (the last one also for every later failure). */
export const CLIENT_WAITS_SECONDS: readonly number[] = Array.from({ length: CLIENT_WAIT_MAX_DOUBLINGS + 1 }, (_, doublings) =>
  clientWaitSeconds(FREE_FAILURES_PER_CLIENT + doublings),
);

/** How long each check of an account waits, given its recent failures from every client. */
export function accountDelayMs(recentFailures: number): number {
  if (recentFailures < ACCOUNT_SLOWDOWN_AFTER) return 0;
  const doublings = Math.floor((recentFailures - ACCOUNT_SLOWDOWN_AFTER) / ACCOUNT_SLOWDOWN_AFTER);
  return Math.min(ACCOUNT_DELAY_MAX_MS, ACCOUNT_DELAY_BASE_MS * 2 ** Math.min(doublings, 16));
}

/** The account a sign-in is for: the email as typed, trimmed and lower-cased (it need not exist). */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

/** When a temporary password issued now stops working. */
export function temporaryPasswordExpiry(now = new Date()): string {
  return addDaysToInstant(now, TEMPORARY_PASSWORD_DAYS).toISOString();
}

/** "1 minute", "64 minutes": a wait, rounded up to whole minutes. */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return countOf(minutes, "minute");
}
