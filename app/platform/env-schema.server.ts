import { z } from "zod";

/** The settings, each with its rule and description; `env.server.ts` reads them from `process.env`. */

const booleanFromString = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const emailAddress = z.string().email();

/** An http(s) origin: a scheme, a host and maybe a port; a trailing slash at most. */
function isSiteAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "https:" || url.protocol === "http:") && url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
}

export const envFields = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // 0: the system picks a free port as the server listens (the test and benchmark starter uses it).
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  // Postgres for a fleet of machines; without it, SQLite in DATA_DIR/app.db.
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// URL, like postgres://user:password@host:5432/database")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // The site's public address: every link (emails, quote links, canonical URLs, sitemap, the sign-in
  // callback) and the page cache's key come from it, never from a request's Host. Required in production.
  APP_URL: z.preprocess(
    (value) => (typeof value === "string" && !value.trim() ? undefined : value),
    z
      .string()
      .trim()
      .refine(isSiteAddress, "must be the site's public address, http:// or https:// with no path, like https://www.example.co.uk")
      .pipe(z.string().transform((url) => new URL(url).origin))
      .optional(),
  ),
  SESSION_SECRET: optionalString,
  TRUST_PROXY: booleanFromString,
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_GLOBAL_MAX: z.coerce.number().int().min(1).default(600),
  OIDC_ISSUER: z
    .string()
    .url("must be the provider's issuer URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  // Each call to the provider (discovery, token, userinfo) is given up after this long.
  OIDC_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(10),
  // After a failed discovery, sign-in waits this long before asking the provider again, doubling up to 5 minutes (or this, if longer).
  OIDC_RETRY_SECONDS: z.coerce
    .number()
    .positive()
    .max(24 * 60 * 60)
    .default(30),
  // Sign-ins waiting for a password check beyond the ones running; more are answered 503.
  SIGN_IN_QUEUE_MAX: z.coerce.number().int().min(1).max(10_000).default(20),
  // Failed sign-ins one client may make across all accounts within 15 minutes before it waits.
  SIGN_IN_CLIENT_FAILURES_MAX: z.coerce.number().int().min(1).max(10_000).default(20),
  ADMIN_EMAIL: z
    .string()
    .email("must be an email address")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_PASSWORD: optionalString,
  LEAD_WEBHOOK_URL: z
    .string()
    .url("must be a full URL, like https://hooks.example.com/leads")
    .refine((value) => /^https?:\/\//i.test(value), "must be an https:// URL, like https://hooks.example.com/leads")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Signs each webhook delivery (Standard Webhooks): whsec_<base64> as the spec makes them, or a plain secret.
  LEAD_WEBHOOK_SECRET: optionalString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // /metrics on the app's port answers only with this bearer token; METRICS_PORT serves it unguarded on an internal port.
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // The address METRICS_PORT listens on: loopback unless a scraper elsewhere must reach it
  // (on Fly, fly.toml sets fly-local-6pn, the machine's private-network address). Never every interface.
  METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  // A request (its line, headers and body) must arrive whole within this many seconds, or its
  // connection is closed: a client sending a byte at a time holds nothing for long.
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  // Backups of the database (backup.server.ts): on a timer when above 0, keeping the newest BACKUP_KEEP.
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(0),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  // Email (lead and enquiry notifications, visitor confirmations): nothing is sent without SMTP_URL.
  SMTP_URL: z
    .string()
    .url("must be an smtp:// or smtps:// URL, like smtp://user:pass@smtp.example.com:587")
    .refine((value) => /^smtps?:\/\//i.test(value), "must be an smtp:// or smtps:// URL, like smtp://user:pass@smtp.example.com:587")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LEAD_NOTIFY_TO: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .refine((addresses) => addresses.every((address) => emailAddress.safeParse(address).success), "must be one or more email addresses, separated by commas"),
  // The outbox's retries (webhook and emails): first wait, doubling up to a cap, then give up.
  OUTBOX_RETRY_SECONDS: z.coerce
    .number()
    .positive()
    .max(24 * 60 * 60)
    .default(30),
  OUTBOX_RETRY_MAX_SECONDS: z.coerce
    .number()
    .positive()
    .max(7 * 24 * 60 * 60)
    .default(60 * 60),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(20),
  OUTBOX_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(10),
  // Delivered and given-up deliveries lose their copy of the lead (the payload) after this many days.
  OUTBOX_KEEP_DAYS: z.coerce.number().positive().max(3650).default(30),
  // Public writes (quote, contact, newsletter) are refused with 503 while DATA_DIR's volume has less free space than this.
  DISK_FREE_FLOOR_MB: z.coerce.number().min(0).default(100),
  // Keys the suppression list's hashes (docs/decisions/011-suppression-hash.md); unset: derived from SESSION_SECRET. Never change it once set.
  SUPPRESSION_KEY: z
    .string()
    .min(32, "must be at least 32 characters (a long random string)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Retention (docs/privacy-operations.md): the privacy policy's periods, which /privacy shows from these same settings.
  // A lead that did not become a customer is anonymised this many months after its last activity.
  LEAD_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).default(24),
  // A contact enquiry is anonymised this many months after it arrived (its last contact: replies are made outside the product).
  ENQUIRY_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).default(24),
  // A customer (a lead with an accepted quote) is anonymised this many years after their contract ends.
  CUSTOMER_RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(6),
  // An unconfirmed newsletter sign-up is deleted this many days after it was made.
  NEWSLETTER_UNCONFIRMED_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  // Audit entries older than this many months lose the personal details in their summaries (the entries stay).
  AUDIT_DETAIL_MONTHS: z.coerce.number().int().min(1).max(1200).default(24),
  // The server runs retention shortly after it starts and then every this many hours; 0: never on its own (npm run retention only).
  RETENTION_RUN_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  ANALYTICS_GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, "must look like G-XXXXXXX")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Stock images go to an S3 bucket when BUCKET_NAME is set (Fly/Tigris names), else DATA_DIR/uploads.
  BUCKET_NAME: optionalString,
  AWS_ENDPOINT_URL_S3: z
    .string()
    .url("must be the S3 endpoint's URL, like https://fly.storage.tigris.dev")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AWS_REGION: optionalString,
  AWS_ACCESS_KEY_ID: optionalString,
  AWS_SECRET_ACCESS_KEY: optionalString,
  // Image variants made at once (each holds an original, up to 100 megapixels, decoded), and how many may wait for one.
  IMAGE_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  IMAGE_DECODE_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
  BRAND_NAME: z.string().min(1).default("ClearLine Business"),
  BRAND_LEGAL_NAME: z.string().min(1).default("ClearLine Communications Ltd"),
  BRAND_COMPANY_NUMBER: z.string().min(1).default("09876543"),
  BRAND_ADDRESS: z.string().min(1).default("Suite 4, Riverside House, 12 Wharf Street, Leeds, LS2 7EQ"),
  BRAND_PHONE: z.string().min(1).default("0113 496 0123"),
  BRAND_EMAIL: z.string().email().default("hello@clearlinebusiness.co.uk"),
  BRAND_PRODUCT: z.string().min(1).default("Business Mobiles"),
  BRAND_REFERENCE_PREFIX: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be three capital letters")
    .default("CLB"),
});

/** Each variable after its own rule, before the rules that tie settings together. */
export type EnvFields = z.infer<typeof envFields>;
