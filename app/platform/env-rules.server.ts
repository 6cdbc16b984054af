import { z } from "zod";
import type { EnvFields } from "./env-schema.server";
import { webhookSecretProblem } from "./webhook-signature.server";

/** The rules that tie settings together (one needs another, one bounds another), checked after each variable's own rule in env.server.ts. */
export function settingsTogether(value: EnvFields, ctx: z.RefinementCtx, production: boolean): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
  if (production && !value.SESSION_SECRET) issue("SESSION_SECRET", "is required in production (a long random string)");
  if (production && !value.APP_URL) {
    issue(
      "APP_URL",
      "is required in production: the site's public address, like https://www.example.co.uk (every link in emails and pages, and the sign-in callback, is made from it)",
    );
  }
  const oidcSettings = [value.OIDC_ISSUER, value.OIDC_CLIENT_ID, value.OIDC_CLIENT_SECRET];
  if (oidcSettings.some(Boolean) && !oidcSettings.every(Boolean)) {
    const missing = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"].filter((_, index) => !oidcSettings[index]);
    issue(missing[0], "is needed with the other OIDC_ settings");
  }
  if (Boolean(value.ADMIN_EMAIL) !== Boolean(value.ADMIN_PASSWORD)) {
    issue(value.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL", "must be set together with the other (ADMIN_EMAIL and ADMIN_PASSWORD)");
  }
  if (production && value.LEAD_WEBHOOK_URL && !sentPrivately(value.LEAD_WEBHOOK_URL)) {
    issue(
      "LEAD_WEBHOOK_URL",
      "must be an https:// URL in production (each delivery carries a lead's contact details; http:// only to this machine: localhost, 127.0.0.1, [::1])",
    );
  }
  const webhookSecretIssue = value.LEAD_WEBHOOK_SECRET ? webhookSecretProblem(value.LEAD_WEBHOOK_SECRET) : null;
  if (webhookSecretIssue) issue("LEAD_WEBHOOK_SECRET", webhookSecretIssue);
  if (value.ADMIN_PASSWORD && value.ADMIN_PASSWORD.length < 12) issue("ADMIN_PASSWORD", "must be at least 12 characters");
  if (value.SESSION_SECRET && value.SESSION_SECRET.length < 16) issue("SESSION_SECRET", "must be at least 16 characters");
}

/** Whether a hook URL keeps what it carries off the network: https, or http to this machine itself. */
function sentPrivately(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === "https:") return true;
  return hostname === "localhost" || hostname === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}
