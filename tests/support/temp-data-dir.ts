import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/**
 * A fresh DATA_DIR for a test file that runs the models in its own process:
 * call it before importing anything that reads the configuration (the models,
 * db.server.ts), which then opens its database there. After the file's last
 * test the database is closed, the folder removed and DATA_DIR put back.
 */
export function useTempDataDir(prefix: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const previousDataDir = process.env.DATA_DIR;
  process.env.DATA_DIR = dataDir;
  afterAll(async () => {
    const { migratedDatabase } = await import("~/platform/db.server");
    await migratedDatabase()?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (previousDataDir === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = previousDataDir;
  });
  return dataDir;
}
