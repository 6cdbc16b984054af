import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer } from "../../scripts/built-server.js";
import { TestHook } from "../support/hook";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Fly stops the server with SIGTERM (SIGINT from a terminal) and kills it 10 s
 * later. The server must stop taking connections, finish what is in flight,
 * and exit with code 0. No times are measured: the exit event is the proof.
 */

const quote = {
  teamSize: "10+",
  contractExpiry: "Not sure",
  businessType: "LTD company",
  businessName: "Deploy Day Logistics Ltd",
  firstName: "Tom",
  lastName: "Stopford",
  phoneNumber: "0113 496 0999",
};

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/**
 * A quote request whose headers reach the server now and whose body is sent
 * when asked. `accepted` resolves once the server has read the headers (it
 * answers `Expect: 100-continue`), so the request is surely in flight.
 */
function slowQuoteRequest(url: string, agent: http.Agent, email: string) {
  const body = JSON.stringify({ ...quote, email });
  let accepted!: () => void;
  const acceptedPromise = new Promise<void>((resolve) => (accepted = resolve));
  const request = http.request(`${url}/api/quote-requests`, {
    method: "POST",
    agent,
    headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), Expect: "100-continue" },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on("continue", accepted);
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text }));
    });
    request.on("error", reject);
  });
  request.flushHeaders();
  return { accepted: acceptedPromise, sendBody: () => request.end(body), answer };
}

function get(url: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: "" }));
      })
      .on("error", reject);
  });
}

/** Whether a new connection to the port is refused. */
function connectionRefused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

describe.each(["SIGTERM", "SIGINT"] as const)("stopping with %s", (signal) => {
  let server: TestServer;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    agent.destroy();
    await server?.stop();
  });

  it("finishes the requests in flight, closes kept-alive connections, exits with code 0 and then refuses connections", async () => {
    // Connections kept alive by earlier requests, as a browser or Fly's proxy keeps them.
    for (const answer of await Promise.all(Array.from({ length: 5 }, () => get(`${server.url}/about`, agent)))) expect(answer.status).toBe(200);

    const quotes = Array.from({ length: 5 }, (_, index) => slowQuoteRequest(server.url, agent, `in-flight-${signal}-${index}@example.co.uk`));
    await Promise.all(quotes.map((request) => request.accepted));
    // Pages asked for as the signal arrives: each is answered in full or refused, never cut off or failed.
    const pages = Array.from({ length: 10 }, () => get(`${server.url}/`, agent).catch((error: NodeJS.ErrnoException) => error.code ?? "error"));

    const exited = server.kill(signal);
    // The signal has been handled once the listener is closed; only then do the bodies go.
    await expect.poll(() => connectionRefused(server.url)).toBe(true);
    for (const request of quotes) request.sendBody();

    const answers = await Promise.all(quotes.map((request) => request.answer));
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      // The kept-alive connection is not offered for another request.
      expect(answer.connection).toBe("close");
    }
    for (const page of await Promise.all(pages)) {
      if (typeof page === "string") expect(page).toMatch(/^(ECONNRESET|ECONNREFUSED|EPIPE)$/);
      else expect(page.status).toBe(200);
    }

    expect(await exited).toEqual({ code: 0, signal: null });
    expect(await connectionRefused(server.url)).toBe(true);

    const references = answers.map((answer) => JSON.parse(answer.body).reference as string);
    const stored = await server.db.selectFrom("leads").select("reference").where("reference", "in", references).execute();
    expect(stored).toHaveLength(quotes.length);
  });
});

describe("stopping while a webhook delivery hangs", () => {
  let hook: TestHook;
  let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
  beforeAll(async () => {
    hook = await TestHook.start();
  });
  afterEach(async () => {
    await server?.stop();
  });
  afterAll(async () => {
    await hook?.stop();
  });

  it("cuts the delivery off, exits with code 0 and the database closed, and keeps the delivery due for the next start", async () => {
    const email = "hangs-at-deploy@example.co.uk";
    hook.behave(email, { hold: true });
    // A hook that would hang for five minutes: only cutting it off lets the server stop.
    server = await startBuiltServer({ LEAD_WEBHOOK_URL: hook.url }, { tuning: { outboxTryTimeoutSeconds: 300 } });
    const response = await fetch(`${server.url}/api/quote-requests`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...quote, email }),
    });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    await expect.poll(() => hook.deliveriesOf(email).length).toBe(1);

    expect(await server.kill("SIGTERM")).toEqual({ code: 0, signal: null });

    // Closed at exit (better-sqlite3 does it): the write-ahead log is folded into app.db and removed.
    const databaseFile = path.join(server.dataDir, "app.db");
    expect(fs.existsSync(`${databaseFile}-wal`)).toBe(false);
    const { default: SQLite } = await import("better-sqlite3");
    const database = new SQLite(databaseFile, { readonly: true });
    try {
      const delivery = database.prepare("SELECT attempts, nextAttemptAt, deliveredAt, failedAt FROM outbox WHERE leadId = ?").get(id) as Record<
        string,
        unknown
      >;
      // The cut-off try does not count, and the delivery is due at once when the server starts again.
      expect(delivery).toMatchObject({ attempts: 0, deliveredAt: null, failedAt: null });
      expect(Date.parse(String(delivery.nextAttemptAt))).toBeLessThanOrEqual(Date.now());
    } finally {
      database.close();
    }
  });
});
