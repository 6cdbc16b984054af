import { RETENTION_KINDS, RETENTION_KIND_LABELS } from "./data-protection";
import { getDb } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { runRetention } from "./retention.server";
import { isCalendarDay } from "~/lib/calendar";

/**
 * `npm run retention -- --dry-run | --apply [--as-of YYYY-MM-DD]`, the operators' way to run retention by hand (scripts/retention.js runs this from the build:
 * build/retention.js). Unlike the backup code it reads the server's settings (DATA_DIR, DATABASE_URL, the retention periods), as the server does.
 */

type Parsed = { mode: "dry_run" | "apply"; asOf: Date } | { error: string };

export function parseRetentionArguments(args: string[], now = new Date()): Parsed {
  let mode: "dry_run" | "apply" | null = null;
  let asOf = now;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === "--dry-run" || arg === "--apply") {
      const wanted = arg === "--apply" ? "apply" : "dry_run";
      if (mode !== null && mode !== wanted) return { error: "Choose one of --dry-run and --apply." };
      mode = wanted;
    } else if (arg === "--as-of") {
      const day = args[(index += 1)] ?? "";
      if (!isCalendarDay(day)) return { error: `--as-of needs a day as YYYY-MM-DD, not "${day}".` };
      asOf = new Date(`${day}T00:00:00.000Z`);
    } else {
      return { error: `Unknown argument "${arg}".` };
    }
  }
  if (mode === null) return { error: "Choose --dry-run or --apply." };
  // A later day shows what will fall due; applying it would anonymise early and sign every staff member out.
  if (mode === "apply" && asOf > now) {
    return { error: `--as-of ${asOf.toISOString().slice(0, 10)} is after today: a later day is for --dry-run only; --apply runs as of today.` };
  }
  return { mode, asOf };
}

/** Runs the command; what to print and the exit code (2: the arguments are wrong, nothing was opened or changed; the script adds its usage). */
export async function retentionCommand(args: string[]): Promise<{ code: number; output: string }> {
  // The server's log lines (migrations, the run) only when something is wrong: the output is the counts.
  logger.level = "warn";
  const parsed = parseRetentionArguments(args);
  if ("error" in parsed) return { code: 2, output: parsed.error };
  try {
    const run = await runRetention({ mode: parsed.mode, trigger: "operator", actor: null, asOf: parsed.asOf });
    const day = parsed.asOf.toISOString().slice(0, 10);
    const heading =
      parsed.mode === "apply" ? `Retention run #${run.id} as of ${day}:` : `Retention dry run #${run.id} as of ${day} (nothing changed; what a run would do):`;
    const lines = RETENTION_KINDS.map((kind) => `  ${RETENTION_KIND_LABELS[kind]}: ${run.counts?.[kind] ?? 0}`);
    if (run.error) return { code: 1, output: [heading, ...lines, `The run failed: ${run.error}`].join("\n") };
    return { code: 0, output: [heading, ...lines].join("\n") };
  } finally {
    await (await getDb()).destroy();
  }
}
