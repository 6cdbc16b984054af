import fs from "node:fs";
import path from "node:path";
import { env } from "./env.server";

/**
 * The first super admin's one-time password (made at the very first start without ADMIN_EMAIL/ADMIN_PASSWORD) is kept in a file in DATA_DIR readable by the
 * server's own user alone (0600), never in the log, which is shipped to more places and kept longer. The file goes once that password stops being the account's
 * (models/first-super-admin.server.ts).
 */
export function firstAdminPasswordFile(): string {
  return path.resolve(env.DATA_DIR, "first-admin-password.txt");
}

export interface FirstAdminPassword {
  email: string;
  password: string;
}

/** Writes the file afresh (any earlier one is replaced, never reused with its old permissions); returns its path. */
export function keepFirstAdminPassword(first: FirstAdminPassword & { expiresAt: string }): string {
  const file = firstAdminPasswordFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.rmSync(file, { force: true });
  const text = [
    `The first super admin of ${env.BRAND_NAME}. Sign in at /admin with:`,
    "",
    `Email: ${first.email}`,
    `One-time password: ${first.password}`,
    "",
    `It must be changed at first sign-in and stops working at ${first.expiresAt} (UTC).`,
    "The server deletes this file once it has been changed; until then, whoever can read it can sign in as this super admin.",
    "",
  ].join("\n");
  // "wx": created here, with its mode, or not at all.
  fs.writeFileSync(file, text, { mode: 0o600, flag: "wx" });
  return file;
}

/** What the file holds, or null when there is none (or it is not ours to read). */
export function readFirstAdminPassword(): FirstAdminPassword | null {
  let text: string;
  try {
    text = fs.readFileSync(firstAdminPasswordFile(), "utf8");
  } catch {
    return null;
  }
  const email = /^Email: (\S+)$/m.exec(text)?.[1];
  const password = /^One-time password: (\S+)$/m.exec(text)?.[1];
  return email && password ? { email, password } : { email: email ?? "", password: "" };
}

/** Deletes the file when it holds this account's password (a change or a reset made it useless). */
export function forgetFirstAdminPassword(email?: string): void {
  const kept = readFirstAdminPassword();
  if (!kept) return;
  if (email !== undefined && kept.email.toLowerCase() !== email.toLowerCase()) return;
  fs.rmSync(firstAdminPasswordFile(), { force: true });
}
