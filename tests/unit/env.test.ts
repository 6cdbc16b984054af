import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/platform/env.server";

describe("configuration", () => {
  it("has working defaults for a laptop", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.RATE_LIMIT_MAX).toBeGreaterThan(0);
    expect(env.BRAND_REFERENCE_PREFIX).toMatch(/^[A-Z]{3}$/);
    expect(env.ANALYTICS_GA_MEASUREMENT_ID).toBeUndefined();
  });

  it("requires SESSION_SECRET in production, naming the variable", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/^Invalid configuration: SESSION_SECRET /);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "a-long-enough-secret-value", APP_URL: "https://clearline.example.co.uk" }).SESSION_SECRET).toBe(
      "a-long-enough-secret-value",
    );
  });

  it("requires APP_URL in production, naming it; elsewhere the site is this machine", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: "a-long-enough-secret-value" };
    for (const unset of [{}, { APP_URL: "" }, { APP_URL: "  " }]) {
      expect(() => parseEnv({ ...production, ...unset })).toThrow(/^Invalid configuration: APP_URL is required in production: the site's public address/);
    }
    expect(parseEnv({ ...production, APP_URL: "https://clearline.example.co.uk" }).APP_URL).toBe("https://clearline.example.co.uk");
    expect(parseEnv({}).APP_URL).toBe("http://localhost:3000");
    expect(parseEnv({ PORT: "8080" }).APP_URL).toBe("http://localhost:8080");
  });

  it("takes APP_URL as the site's origin: http or https, no path", () => {
    expect(parseEnv({ APP_URL: "https://Clearline.Example.co.uk/" }).APP_URL).toBe("https://clearline.example.co.uk");
    expect(parseEnv({ APP_URL: "http://localhost:3000" }).APP_URL).toBe("http://localhost:3000");
    for (const bad of [
      "https://clearline.example.co.uk/shop",
      "ftp://clearline.example.co.uk",
      "https://clearline.example.co.uk/?a=1",
      "javascript:alert(1)",
    ]) {
      expect(() => parseEnv({ APP_URL: bad }), bad).toThrow(/^Invalid configuration: APP_URL must be the site's public address/);
    }
  });

  it.each([
    ["PORT", { PORT: "not-a-number" }],
    ["PORT", { PORT: "70000" }],
    ["RATE_LIMIT_MAX", { RATE_LIMIT_MAX: "0" }],
    ["APP_URL", { APP_URL: "not a url" }],
    ["BRAND_EMAIL", { BRAND_EMAIL: "nobody" }],
    ["BRAND_REFERENCE_PREFIX", { BRAND_REFERENCE_PREFIX: "abcd" }],
    ["ANALYTICS_GA_MEASUREMENT_ID", { ANALYTICS_GA_MEASUREMENT_ID: "UA-123" }],
    ["TRUST_PROXY", { TRUST_PROXY: "maybe" }],
    ["AWS_ENDPOINT_URL_S3", { BUCKET_NAME: "images", AWS_ENDPOINT_URL_S3: "fly.storage.tigris.dev" }],
    ["AWS_SECRET_ACCESS_KEY", { BUCKET_NAME: "images", AWS_ACCESS_KEY_ID: "tid_123" }],
    ["AWS_ACCESS_KEY_ID", { BUCKET_NAME: "images", AWS_SECRET_ACCESS_KEY: "tsec_456" }],
    ["BUCKET_NAME", { AWS_ENDPOINT_URL_S3: "https://fly.storage.tigris.dev", AWS_ACCESS_KEY_ID: "tid_123", AWS_SECRET_ACCESS_KEY: "tsec_456" }],
    ["OUTBOX_RETRY_SECONDS", { OUTBOX_RETRY_SECONDS: "0" }],
    ["OUTBOX_RETRY_MAX_SECONDS", { OUTBOX_RETRY_SECONDS: "60", OUTBOX_RETRY_MAX_SECONDS: "30" }],
    ["OUTBOX_MAX_ATTEMPTS", { OUTBOX_MAX_ATTEMPTS: "2.5" }],
    ["OUTBOX_TIMEOUT_SECONDS", { OUTBOX_TIMEOUT_SECONDS: "soon" }],
    ["SMTP_URL", { SMTP_URL: "https://mail.example.com" }],
    ["LEAD_NOTIFY_TO", { LEAD_NOTIFY_TO: "sales@example.co.uk, nobody" }],
    ["APP_URL", { NODE_ENV: "production", SESSION_SECRET: "a-long-enough-secret-value", SMTP_URL: "smtp://mail.example.com:587" }],
    ["BACKUP_INTERVAL_HOURS", { BACKUP_INTERVAL_HOURS: "-1" }],
    ["BACKUP_KEEP", { BACKUP_KEEP: "0" }],
    ["LOG_LEVEL", { LOG_LEVEL: "loud" }],
    ["METRICS_TOKEN", { METRICS_TOKEN: "short" }],
    ["METRICS_PORT", { METRICS_PORT: "99999" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://db.internal/quotes" }],
    ["LEAD_WEBHOOK_URL", { LEAD_WEBHOOK_URL: "ftp://hooks.example.com/leads" }],
    ["IMAGE_DECODE_CONCURRENCY", { IMAGE_DECODE_CONCURRENCY: "0" }],
    ["IMAGE_DECODE_QUEUE", { IMAGE_DECODE_QUEUE: "-1" }],
    ["LEAD_WEBHOOK_SECRET", { LEAD_WEBHOOK_SECRET: "too-short" }],
    ["LEAD_WEBHOOK_SECRET", { LEAD_WEBHOOK_SECRET: `whsec_${Buffer.alloc(16).toString("base64")}` }],
    ["LEAD_WEBHOOK_SECRET", { LEAD_WEBHOOK_SECRET: "whsec_not base64 at all, though long enough" }],
  ])("names %s when its value is bad", (name, source) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it("uses SQLite unless DATABASE_URL names a Postgres database", () => {
    expect(parseEnv({}).DATABASE_URL).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
    const url = "postgres://app:s3cret@clearline-db.flycast:5432/clearline";
    expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    expect(parseEnv({ DATABASE_URL: "postgresql://localhost/quotes" }).DATABASE_URL).toBe("postgresql://localhost/quotes");
    // The refusal names the variable without repeating its value (it holds a password).
    expect(() => parseEnv({ DATABASE_URL: "pg://app:s3cret@db/quotes" })).toThrow(/^Invalid configuration: DATABASE_URL (?!.*s3cret)/);
  });

  it("listens on 3000 by default, on the port given, or on one the system picks (0)", () => {
    expect([parseEnv({}).PORT, parseEnv({ PORT: "8080" }).PORT, parseEnv({ PORT: "0" }).PORT]).toEqual([3000, 8080, 0]);
    expect(() => parseEnv({ PORT: "-1" })).toThrow(/^Invalid configuration: PORT/);
  });

  it("has defaults for backups, logs and metrics: no schedule, 14 kept, info, no metrics", () => {
    const env = parseEnv({});
    expect([env.BACKUP_INTERVAL_HOURS, env.BACKUP_KEEP, env.LOG_LEVEL, env.METRICS_TOKEN, env.METRICS_PORT]).toEqual([0, 14, "info", undefined, undefined]);
    expect(parseEnv({ BACKUP_INTERVAL_HOURS: "6", METRICS_PORT: "9091" })).toMatchObject({
      BACKUP_INTERVAL_HOURS: 6,
      METRICS_PORT: 9091,
    });
  });

  it("reads the email settings: SMTP_URL, and LEAD_NOTIFY_TO as a list", () => {
    const unset = parseEnv({});
    expect([unset.SMTP_URL, unset.LEAD_NOTIFY_TO]).toEqual([undefined, []]);
    const env = parseEnv({
      SMTP_URL: "smtp://user:pass@mail.example.com:587",
      LEAD_NOTIFY_TO: " sales@example.co.uk,ops@example.co.uk ,",
      APP_URL: "https://clearline.example.co.uk",
    });
    expect(env).toMatchObject({
      SMTP_URL: "smtp://user:pass@mail.example.com:587",
      LEAD_NOTIFY_TO: ["sales@example.co.uk", "ops@example.co.uk"],
    });
  });

  it("reads the brand settings and booleans", () => {
    const env = parseEnv({ BRAND_NAME: "Acme Connect", TRUST_PROXY: "true", ANALYTICS_GA_MEASUREMENT_ID: "G-ABC123" });
    expect(env.BRAND_NAME).toBe("Acme Connect");
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.ANALYTICS_GA_MEASUREMENT_ID).toBe("G-ABC123");
  });

  it("keeps images in DATA_DIR by default, and reads the Fly/Tigris bucket settings", () => {
    expect(parseEnv({}).BUCKET_NAME).toBeUndefined();
    const env = parseEnv({
      BUCKET_NAME: "clearline-images",
      AWS_ENDPOINT_URL_S3: "https://fly.storage.tigris.dev",
      AWS_REGION: "auto",
      AWS_ACCESS_KEY_ID: "tid_123",
      AWS_SECRET_ACCESS_KEY: "tsec_456",
    });
    expect(env).toMatchObject({
      BUCKET_NAME: "clearline-images",
      AWS_ENDPOINT_URL_S3: "https://fly.storage.tigris.dev",
      AWS_REGION: "auto",
      AWS_ACCESS_KEY_ID: "tid_123",
      AWS_SECRET_ACCESS_KEY: "tsec_456",
    });
  });

  it("retries outbox deliveries from 30 s, doubling up to an hour, 20 tries, 10 s for an answer; fractions of a second for tests", () => {
    expect(parseEnv({})).toMatchObject({ OUTBOX_RETRY_SECONDS: 30, OUTBOX_RETRY_MAX_SECONDS: 3600, OUTBOX_MAX_ATTEMPTS: 20, OUTBOX_TIMEOUT_SECONDS: 10 });
    expect(parseEnv({ OUTBOX_RETRY_SECONDS: "0.2", OUTBOX_RETRY_MAX_SECONDS: "1" })).toMatchObject({ OUTBOX_RETRY_SECONDS: 0.2, OUTBOX_RETRY_MAX_SECONDS: 1 });
  });

  it("takes an http:// webhook in production only to this machine; https:// anywhere", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: "a-long-enough-secret-value", APP_URL: "https://clearline.example.co.uk" };
    for (const url of ["http://example.com/new-lead", "http://10.0.0.5/new-lead", "http://127.example.com/x"]) {
      expect(() => parseEnv({ ...production, LEAD_WEBHOOK_URL: url }), url).toThrow(
        /^Invalid configuration: LEAD_WEBHOOK_URL must be an https:\/\/ URL in production/,
      );
    }
    for (const url of ["https://hooks.example.com/leads", "http://127.0.0.1:4000/new-lead", "http://localhost/new-lead", "http://[::1]:8080/x"]) {
      expect(parseEnv({ ...production, LEAD_WEBHOOK_URL: url }).LEAD_WEBHOOK_URL, url).toBe(url);
    }
    expect(parseEnv({ LEAD_WEBHOOK_URL: "http://example.com/new-lead" }).LEAD_WEBHOOK_URL).toBe("http://example.com/new-lead");
  });

  it("signs webhooks with a whsec_ secret (24 to 64 bytes) or a plain one of 24 characters or more", () => {
    const whsec = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    expect(parseEnv({ LEAD_WEBHOOK_SECRET: whsec }).LEAD_WEBHOOK_SECRET).toBe(whsec);
    expect(parseEnv({ LEAD_WEBHOOK_SECRET: "x".repeat(24) }).LEAD_WEBHOOK_SECRET).toBe("x".repeat(24));
    expect(parseEnv({}).LEAD_WEBHOOK_SECRET).toBeUndefined();
  });
});
