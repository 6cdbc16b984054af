// The retention code the server runs (app/features/privacy/retention-command.server.ts), from the build:
// `npm run build` makes build/retention.js (docs/decisions/008). The container always has it.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { projectRoot } from "./built-server.js";

const file = path.join(projectRoot, "build/retention.js");
if (!fs.existsSync(file)) {
  console.error("There is no build/retention.js: run npm run build first.");
  process.exit(1);
}

export const { retentionCommand } = await import(pathToFileURL(file).href);
