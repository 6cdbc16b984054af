import fs from "node:fs";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { tuned } from "./tuning.server";

/**
 * Free space on the data volume (DATA_DIR: the SQLite file, uploads, backups), so public writes can stop before a full disk stops everything (SQLite cannot
 * even delete without some room). Measured with statfs at most every few seconds and shared by every request meanwhile, so a request pays nothing.
 */

const MEASURE_EVERY_MS = 5_000;

let last: { freeBytes: number | null; at: number } | undefined;
let measuring: Promise<void> | undefined;
let unmeasurableLogged = false;

async function measure(): Promise<void> {
  let freeBytes: number | null = null;
  try {
    const stats = await fs.promises.statfs(env.DATA_DIR);
    // bavail: what an unprivileged process may still write (bfree includes root's reserve).
    freeBytes = Number(stats.bavail) * Number(stats.bsize);
  } catch (error) {
    // Not measurable (no such folder yet, an odd filesystem): never refuse writes for it.
    if (!unmeasurableLogged)
      logger.warn({ event: "disk_space.unmeasurable", dataDir: env.DATA_DIR, err: error }, `Free space on ${env.DATA_DIR} cannot be measured`);
    unmeasurableLogged = true;
  }
  last = { freeBytes, at: Date.now() };
}

/** Free bytes on DATA_DIR's volume, at most a few seconds old; null when it cannot be measured. */
export async function dataDiskFreeBytes(): Promise<number | null> {
  if (!last || Date.now() - last.at >= MEASURE_EVERY_MS) {
    measuring ??= measure().finally(() => (measuring = undefined));
    await measuring;
  }
  return last!.freeBytes;
}

/** Public writes are refused while the data volume has less free space than this: staff and the database keep room to work. */
export const diskFreeFloorBytes = () => tuned("diskFreeFloorMb", 100) * 1024 * 1024;

export interface DiskSpace {
  freeBytes: number;
  floorBytes: number;
}

/** The volume's free space when it is under the floor (public writes are then refused); null otherwise. */
export async function diskSpaceLow(): Promise<DiskSpace | null> {
  const freeBytes = await dataDiskFreeBytes();
  const floorBytes = diskFreeFloorBytes();
  return freeBytes !== null && freeBytes < floorBytes ? { freeBytes, floorBytes } : null;
}
