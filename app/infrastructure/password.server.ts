import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keyLength: number, options: crypto.ScryptOptions) => Promise<Buffer>;

/**
 * scrypt with N=2^17, r=8, p=1 (OWASP's minimum for scrypt): each hash needs
 * 128 MiB (128 * N * r bytes) and about half a second here, which makes
 * guessing costly. `maxmem` leaves room above that.
 */
export const PASSWORD_HASH_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const MAX_MEMORY = 256 * 1024 * 1024;
const KEY_LENGTH = 64;

/**
 * At most this many hashes at once: each holds 128 MiB while it runs, and a
 * burst of sign-ins must not take the (512 MB) machine's memory. The rest wait
 * their turn.
 */
const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight on to the next hash waiting, if any.
    if (next) next();
    else running -= 1;
  }
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

let dummyHash: Promise<string> | undefined;

/**
 * The same work as checking a real password, for an email with no password:
 * how long the answer takes does not tell which emails exist.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString("base64"));
  await verifyPassword(password, await dummyHash);
  return false;
}

/** A password handed out once (first super admin, new users, resets): 20 characters, easy to copy. */
export function generatePassword(): string {
  return crypto.randomBytes(15).toString("base64url");
}
