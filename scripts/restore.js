// `npm run restore -- <backup>`: puts a backup back as the database of a STOPPED data folder.
// <backup> is a name from `npm run restore -- --list`, "latest", or a file path. The replaced
// database is kept beside it as app.db.before-restore-<time>.
import { BackupError, backupPlace, listBackups, restoreBackup } from "./backup-module.js";

const which = process.argv.slice(2).find((argument) => argument !== "--");
try {
  const place = backupPlace();
  if (!which || which === "--list") {
    const names = await listBackups(place);
    if (!which) console.log("Usage: npm run restore -- <backup name | latest | file path>\n");
    console.log(names.length ? `Backups, newest first:\n${names.join("\n")}` : "There are no backups yet.");
    process.exit(which ? 0 : 1);
  }
  const { restored, keptAside } = await restoreBackup(place, which);
  console.log(`Restored ${restored} into ${place.dataDir}.${keptAside ? ` The database it replaced is kept as ${keptAside}.` : ""}`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `The restore failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
