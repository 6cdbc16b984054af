// `npm run backup`: a consistent copy of the live database (safe while the server runs) to
// DATA_DIR/backups, or to the S3 bucket when BUCKET_NAME is set; the newest 14 are kept
// (`npm run backup -- --keep 30` keeps 30). `npm run backup -- --list` lists them, newest first.
import { BackupError, backupPlace, createBackup, listBackups } from "./backup-module.js";

try {
  const keepAt = process.argv.indexOf("--keep");
  const place = keepAt === -1 ? backupPlace() : backupPlace(process.env, Number(process.argv[keepAt + 1]));
  if (process.argv.includes("--list")) {
    const names = await listBackups(place);
    console.log(names.length ? names.join("\n") : "There are no backups yet.");
  } else {
    const made = await createBackup(place);
    console.log(`Backed up the database to ${made.location} (${made.bytes} bytes).`);
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `The backup failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
