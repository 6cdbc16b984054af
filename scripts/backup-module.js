// The backup code the server uses (app/platform/backup.server.ts), from the build:
// `npm run build` makes build/backup.js (docs/decisions/008). The container always has it.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { projectRoot } from "./built-server.js";

const file = path.join(projectRoot, "build/backup.js");
if (!fs.existsSync(file)) {
  console.error("There is no build/backup.js: run npm run build first.");
  process.exit(1);
}

export const { BackupError, backupPlace, createBackup, listBackups, restoreBackup } = await import(pathToFileURL(file).href);
