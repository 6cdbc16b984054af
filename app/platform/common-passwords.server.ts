import { env } from "./env.server";
import commonPasswords from "./common-passwords.json";

/**
 * Passwords attackers try first, refused when someone chooses a password. No network call: the list is bundled (`common-passwords.json`: the most common
 * passwords of breach corpora; shorter ones than MIN_PASSWORD_LENGTH are refused anyway, but they also serve as the words checked below).
 *
 * Besides the list itself, a common word with digits or symbols added at its ends ("Password1234", "Winter2025!!", "P@ssw0rd2024!"), a season, month or the
 * brand's name dressed the same way, a run along the alphabet or the keyboard, and a password of very few different characters all count as common. Everything
 * is compared in lower case.
 */

let known: Set<string> | undefined;

const EXTRA_WORDS = [
  ...["spring", "summer", "autumn", "fall", "winter"],
  ...["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"],
  ...["password", "passw", "passwd", "admin", "administrator", "welcome", "letmein", "changeme", "qwerty", "login", "secret"],
];

function knownWords(): Set<string> {
  if (!known) {
    const brand = env.BRAND_NAME.toLowerCase();
    const brandWords = [brand.replace(/[^a-z]/g, ""), ...brand.split(/[^a-z]+/)].filter((word) => word.length >= 4);
    known = new Set([...commonPasswords.passwords, ...EXTRA_WORDS, ...brandWords]);
  }
  return known;
}

/** The usual letter-for-symbol swaps, undone. */
const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s", "!": "i" };
const unLeet = (text: string) => text.replace(/[013457@$!]/g, (character) => LEET[character]);

/** Runs that people type as a "long" password. */
const RUNS = ["abcdefghijklmnopqrstuvwxyz", "0123456789", "qwertyuiopasdfghjklzxcvbnm", "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p"];
const repeatedRun = (run: string) => run.repeat(Math.ceil(256 / run.length));
const RUN_TEXT = RUNS.flatMap((run) => [repeatedRun(run), repeatedRun([...run].reverse().join(""))]);

/** A word at least this long, once digits and symbols are taken off its ends, is looked up on its own. */
const MIN_WORD_LENGTH = 4;
/** Fewer different characters than this is a repetition ("aaaaaaaaaaaa", "abababababab"). */
const MIN_DIFFERENT_CHARACTERS = 5;

export function isCommonPassword(password: string): boolean {
  const words = knownWords();
  const lower = password.toLowerCase();
  if (words.has(lower) || words.has(unLeet(lower))) return true;
  if (new Set(lower).size < MIN_DIFFERENT_CHARACTERS) return true;
  if (RUN_TEXT.some((run) => run.includes(lower))) return true;
  // Decorations at the ends: digits, symbols and spaces ("Password1234", "Winter2025!!").
  const word = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  if (word.length < MIN_WORD_LENGTH) return false;
  return words.has(word) || words.has(unLeet(word)) || RUN_TEXT.some((run) => run.includes(word));
}
