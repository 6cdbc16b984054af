import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { tuned } from "./tuning.server";

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keyLength: number, options: crypto.ScryptOptions) => Promise<Buffer>;

/** scrypt's cost N is 2 to this power: 17, OWASP's minimum for scrypt. */
export const PASSWORD_HASH_COST_LOG2 = 17;

/**
 * scrypt with N=2^17, r=8, p=1: each hash needs 128 MiB (128 * N * r bytes) and about half a second here, which makes guessing costly. `maxmem` leaves room
 * above that. A test run hashes at a lower cost (tuning: it signs in thousands of times), except in the tests of the cost itself.
 */
export const PASSWORD_HASH_PARAMS = { N: 2 ** tuned("passwordHashCostLog2", PASSWORD_HASH_COST_LOG2), r: 8, p: 1 } as const;
const MAX_MEMORY = 256 * 1024 * 1024;
const KEY_LENGTH = 64;

/** At most this many hashes at once (the rest wait): each holds 128 MiB while it runs, and a burst of sign-ins must not take the (512 MB) machine's memory. */
export const MAX_CONCURRENT_HASHES = 2;
/** Sign-ins of real accounts that may wait for a password check behind those running; more are answered 503. */
export const SIGN_IN_QUEUE_MAX = 20;
let running = 0;
const waiting: (() => void)[] = [];
/** How long the last hash took: what a refused sign-in is told to wait is reckoned from it. */
let lastHashMs = 500;

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  const started = Date.now();
  try {
    return await work();
  } finally {
    lastHashMs = Date.now() - started;
    const next = waiting.shift();
    // The slot passes straight on to the next hash waiting, if any.
    if (next) next();
    else running -= 1;
  }
}

/** Too many sign-ins are already waiting for a password check: this one is turned away (503) rather than queued. */
export class PasswordChecksBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("Too many sign-ins are waiting for a password check");
  }
}

/** Sign-ins of real accounts admitted to a check and not yet answered. */
let checksAdmitted = 0;

/**
 * Admits one sign-in to the password checks, or throws PasswordChecksBusy when the hash slots and SIGN_IN_QUEUE_MAX places behind them are taken: at two hashes
 * at a time, an unbounded queue would keep real sign-ins waiting for minutes and hold every request slot the machine has. Called before the attempt is counted
 * by the sign-in throttle, so a turned-away sign-in costs its owner nothing. Only real checks take a place in the line: a made-up email costs no hash (see
 * verifyAgainstNothing), so a crowd of them cannot keep staff out; a line full of real checks turns every sign-in away alike, made-up or not, so a 503 does not
 * tell which emails exist. `realAccount`: the email has a password to check (then it takes a place until the release this returns is called). Counted as it is
 * admitted, not as its hash starts, so sign-ins arriving together cannot all get in before the line fills.
 */
export function admitSignInCheck(realAccount: boolean): () => void {
  if (checksAdmitted >= MAX_CONCURRENT_HASHES + SIGN_IN_QUEUE_MAX) {
    throw new PasswordChecksBusy(Math.max(1, Math.ceil(((checksAdmitted / MAX_CONCURRENT_HASHES) * lastHashMs) / 1000)));
  }
  if (!realAccount) return () => undefined;
  checksAdmitted += 1;
  let released = false;
  return () => {
    if (!released) checksAdmitted -= 1;
    released = true;
  };
}

interface StoredHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

/** `scrypt$N$r$p$salt$hash`; null for anything else. */
function parseStored(stored: string): StoredHash | null {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== "scrypt" || !salt || !hash || !Object.values(params).every((value) => Number.isSafeInteger(value) && value > 0)) return null;
  return { ...params, salt: Buffer.from(salt, "base64"), hash: Buffer.from(hash, "base64") };
}

/** `scrypt$N$r$p$salt$hash`, all in one text column. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await withHashSlot(() => scrypt(password, salt, KEY_LENGTH, { ...PASSWORD_HASH_PARAMS, maxmem: MAX_MEMORY }));
  const { N, r, p } = PASSWORD_HASH_PARAMS;
  return ["scrypt", N, r, p, salt.toString("base64"), hash.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const actual = await withHashSlot(() => scrypt(password, parsed.salt, parsed.hash.length, { N: parsed.N, r: parsed.r, p: parsed.p, maxmem: MAX_MEMORY }));
  return crypto.timingSafeEqual(actual, parsed.hash);
}

/** Whether a stored hash was made with weaker settings than today's (it is replaced at the next right sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parseStored(stored);
  if (!parsed) return true;
  return parsed.N < PASSWORD_HASH_PARAMS.N || parsed.r < PASSWORD_HASH_PARAMS.r || parsed.p < PASSWORD_HASH_PARAMS.p || parsed.hash.length < KEY_LENGTH;
}

/**
 * For an email with no password: the answer takes as long as a real check would now (the last hash's time, and the wait for a slot behind the hashes in line),
 * so its timing does not tell which emails exist, but it spends no hash: made-up emails cannot use up the slots staff need to sign in.
 */
export async function verifyAgainstNothing(): Promise<false> {
  const turnsToWait = Math.floor(waiting.length / MAX_CONCURRENT_HASHES);
  await sleep(lastHashMs * (1 + turnsToWait));
  return false;
}

/** A password handed out once (first super admin, new users, resets): 20 characters, easy to copy. */
export function generatePassword(): string {
  return crypto.randomBytes(15).toString("base64url");
}
