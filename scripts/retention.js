// `npm run retention -- --dry-run | --apply [--as-of YYYY-MM-DD]`: the privacy policy's retention
// periods applied by hand, as the server's daily run applies them (docs/privacy-operations.md).
// It reads the server's settings (DATA_DIR, DATABASE_URL, the periods): run it with the server's
// environment. Wrong arguments (neither flag, a later --as-of with --apply ...) print why and how
// to use it, change nothing and exit 2; a failed run exits 1.
import fs from "node:fs";
import path from "node:path";

const USAGE = [
  "Usage: npm run retention -- --dry-run | --apply [--as-of YYYY-MM-DD]",
  "  --dry-run   count what retention would anonymise and delete; change nothing",
  "  --apply     anonymise and delete it (recorded as a run by the Operator)",
  "  --as-of     treat this day (midnight UTC) as today; a later day, to see what will fall due, with --dry-run only",
].join("\n");

const args = process.argv.slice(2);
if (!args.includes("--dry-run") && !args.includes("--apply")) {
  console.error(USAGE);
  process.exit(2);
}

// As `npm start` does: the secret kept in the data folder when none is set.
const secretFile = path.join(path.resolve(process.env.DATA_DIR ?? "./data"), "session-secret");
if (!process.env.SESSION_SECRET && fs.existsSync(secretFile)) process.env.SESSION_SECRET = fs.readFileSync(secretFile, "utf8").trim();
const { retentionCommand } = await import("./retention-module.js");

try {
  const { code, output } = await retentionCommand(args);
  if (code === 0) console.log(output);
  else console.error(code === 2 ? `${output}\n${USAGE}` : output);
  process.exit(code);
} catch (error) {
  console.error(`Retention failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
