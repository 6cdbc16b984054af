import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/lib/form-submission";
import { publicClient } from "../support/client";
import { SAMPLE_ENQUIRY, SAMPLE_QUOTE } from "../support/forms";
import { testServerForSuite } from "../support/server";

/**
 * Every public write passes the same gate in the same order (app/platform/public-write.server.ts):
 * the contact form, the newsletter form, the quote wizard's last step and POST /api/quote-requests
 * alike. A bot over its limit is told to wait, not thanked; a post the schema refuses still counts
 * against its client; a nearly full disk refuses even a bot, before anything else is looked at.
 */

interface PublicWrite {
  name: string;
  /** The answer's status for the write with these extra fields, from this client. */
  send: (server: ReturnType<typeof testServerForSuite>, client: string, extra?: Record<string, string>) => Promise<Response>;
  /** The status of a write that worked. */
  ok: number;
  /** A field the schema refuses when empty. */
  required: string;
}

const WIZARD_ANSWERS = { ...SAMPLE_QUOTE, intent: "quote-submit" };

const WRITES: PublicWrite[] = [
  {
    name: "the contact form",
    send: (server, client, extra = {}) => publicClient(server).postForm("/contact", { ...SAMPLE_ENQUIRY, ...extra }, { "Fly-Client-IP": client }),
    ok: 302,
    required: "firstName",
  },
  {
    name: "the newsletter form",
    send: (server, client, extra = {}) =>
      publicClient(server).postForm("/about", { email: `reader-${client}@example.co.uk`, ...extra }, { "Fly-Client-IP": client }),
    ok: 302,
    required: "email",
  },
  {
    name: "the quote wizard's last step",
    send: (server, client, extra = {}) => publicClient(server).postForm("/?index", { ...WIZARD_ANSWERS, ...extra }, { "Fly-Client-IP": client }),
    ok: 200,
    required: "firstName",
  },
  {
    name: "POST /api/quote-requests",
    send: (server, client, extra = {}) => publicClient(server).postJson("/api/quote-requests", { ...SAMPLE_QUOTE, ...extra }, { "Fly-Client-IP": client }),
    ok: 201,
    required: "firstName",
  },
];

describe("the gate of public writes, in one order", () => {
  const server = testServerForSuite({ TRUST_PROXY: "true" }, { tuning: { rateLimitMax: 1, rateLimitWindowSeconds: 600 } });

  it.each(WRITES.map((write, index) => [write.name, write, index] as const))(
    "%s: the client's limit comes before the honeypot",
    async (_name, write, index) => {
      const client = `198.51.100.${index + 1}`;
      expect((await write.send(server, client)).status).toBe(write.ok);
      const bot = await write.send(server, client, { [HONEYPOT_FIELD]: "https://spam.example" });
      expect(bot.status).toBe(429);
      expect(Number(bot.headers.get("retry-after"))).toBeGreaterThan(0);
    },
  );

  it.each(WRITES.map((write, index) => [write.name, write, index] as const))(
    "%s: a post the schema refuses counts against its client",
    async (_name, write, index) => {
      const client = `203.0.113.${index + 1}`;
      expect((await write.send(server, client, { [write.required]: "" })).status).toBe(400);
      expect((await write.send(server, client)).status).toBe(429);
    },
  );
});

describe("the gate of public writes on a nearly full disk", () => {
  const server = testServerForSuite({}, { tuning: { diskFreeFloorMb: 1024 * 1024 * 1024 } });

  it.each(WRITES.map((write) => [write.name, write] as const))("%s: refused with 503 before the honeypot is looked at", async (_name, write) => {
    expect((await write.send(server, "192.0.2.1", { [HONEYPOT_FIELD]: "https://spam.example" })).status).toBe(503);
  });
});
