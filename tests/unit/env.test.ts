import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/platform/env.server";

describe("configuration", () => {
  it("has working defaults for a laptop", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.BRAND_NAME).toBe("ClearLine Business");
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
    ["APP_URL", { APP_URL: "not a url" }],
    ["BRAND_EMAIL", { BRAND_EMAIL: "nobody" }],
    ["ANALYTICS_GA_MEASUREMENT_ID", { ANALYTICS_GA_MEASUREMENT_ID: "UA-123" }],
    ["TRUST_PROXY", { TRUST_PROXY: "maybe" }],
    ["SMTP_URL", { SMTP_URL: "https://mail.example.com" }],
    ["LEAD_NOTIFY_TO", { LEAD_NOTIFY_TO: "sales@example.co.uk, nobody" }],
    ["APP_URL", { NODE_ENV: "production", SESSION_SECRET: "a-long-enough-secret-value", SMTP_URL: "smtp://mail.example.com:587" }],
    ["METRICS_ADDRESS", { METRICS_ADDRESS: "99999" }],
    ["METRICS_ADDRESS", { METRICS_ADDRESS: "fly-local-6pn" }],
    ["METRICS_ADDRESS", { METRICS_ADDRESS: "http://fly-local-6pn:9091" }],
    ["LEAD_RETENTION_MONTHS", { LEAD_RETENTION_MONTHS: "0" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://db.internal/quotes" }],
    ["LEAD_WEBHOOK_URL", { LEAD_WEBHOOK_URL: "ftp://hooks.example.com/leads" }],
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

  it("serves no metrics by default; a metrics port alone listens on loopback", () => {
    const env = parseEnv({});
    expect(env.METRICS_ADDRESS).toBeUndefined();
    expect(parseEnv({ METRICS_ADDRESS: "9091" }).METRICS_ADDRESS).toEqual({ host: "127.0.0.1", port: 9091 });
    expect(parseEnv({ METRICS_ADDRESS: "fly-local-6pn:9091" }).METRICS_ADDRESS).toEqual({ host: "fly-local-6pn", port: 9091 });
    expect(parseEnv({ METRICS_ADDRESS: "[fdaa::3]:9091" }).METRICS_ADDRESS).toEqual({ host: "fdaa::3", port: 9091 });
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

  it("keeps images in DATA_DIR by default, in the bucket BUCKET_NAME names when set", () => {
    expect(parseEnv({}).BUCKET_NAME).toBeUndefined();
    expect(parseEnv({ BUCKET_NAME: " clearline-images " }).BUCKET_NAME).toBe("clearline-images");
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
