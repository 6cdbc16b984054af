import http from "node:http";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/built-server.js";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient } from "../support/client";
import { SAMPLE_QUOTE } from "../support/forms";
import { metricsText as metricsOn } from "../support/metrics";
import { startTestServer, type TestServer } from "../support/server";

// Logs, request ids and metrics.
let server: TestServer;
let metricsPort: number;

beforeAll(async () => {
  metricsPort = await freePort();
  server = await startTestServer({ ...TEST_OWNER_ENV, METRICS_ADDRESS: String(metricsPort) });
});
afterAll(async () => {
  await server?.stop();
});

interface LogLine {
  level: string;
  event?: string;
  method?: string;
  path?: string;
  status?: number;
  durationMs?: number;
  requestId?: string;
  userId?: string;
  cache?: string;
}

const logLines = (): LogLine[] =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);

const requestLine = (requestId: string) => logLines().find((line) => line.event === "request" && line.requestId === requestId);

describe("request logs", () => {
  it("write one JSON line per request with its id, path without the query, status, time and cache result", async () => {
    const first = await fetch(`${server.url}/about?token=secret-value&utm_source=news`, { headers: { "X-Request-Id": "quote-me-0001" } });
    expect(first.headers.get("x-request-id")).toBe("quote-me-0001");
    await first.text();
    // The page is kept once it has been compressed, just after the first view: ask until it comes from the cache.
    let cachedId = "";
    await expect
      .poll(async () => {
        const response = await fetch(`${server.url}/`);
        await response.text();
        cachedId = response.headers.get("x-request-id")!;
        return response.headers.get("x-page-cache");
      })
      .toBe("hit");
    expect(cachedId).toMatch(/^[0-9a-f-]{36}$/);

    await expect.poll(() => requestLine("quote-me-0001")).toMatchObject({ level: "info", method: "GET", path: "/about", status: 200 });
    expect(requestLine("quote-me-0001")!.durationMs).toBeGreaterThanOrEqual(0);
    await expect.poll(() => requestLine(cachedId)).toMatchObject({ path: "/", status: 200, cache: "hit" });
    expect(server.output()).not.toContain("secret-value");
    // remix-serve's own access line is replaced by this one.
    expect(server.output()).not.toMatch(/^GET \/about/m);
  });

  it("replace an unsafe X-Request-Id with their own, and name the signed-in staff member", async () => {
    const odd = await fetch(`${server.url}/`, { headers: { "X-Request-Id": "<script>" } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const owner = await staffClient(server, "super_admin");
    const dashboard = await owner.get("/admin/dashboard");
    await dashboard.text();
    await expect
      .poll(() => requestLine(dashboard.headers.get("x-request-id")!))
      .toMatchObject({ path: "/admin/dashboard", status: 200, userId: owner.user.id });
  });

  it("never carry a lead's personal details", async () => {
    const lead = {
      ...SAMPLE_QUOTE,
      firstName: "Perpetua",
      lastName: "Quillfeather",
      email: "perpetua.quillfeather@example.co.uk",
      phoneNumber: "07700 913579",
    };
    const response = await publicClient(server).postJson("/api/quote-requests", lead);
    expect(response.status).toBe(201);
    await expect.poll(() => requestLine(response.headers.get("x-request-id")!)).toMatchObject({ method: "POST", path: "/api/quote-requests", status: 201 });
    for (const detail of ["Perpetua", "Quillfeather", "perpetua.quillfeather", "07700 913579", "07700913579"]) expect(server.output()).not.toContain(detail);
  });
});

describe("the error page", () => {
  it("shows the request id for a visitor to quote", async () => {
    const broken = await startTestServer();
    try {
      await broken.db.schema.dropTable("testimonials").execute();
      const response = await fetch(`${broken.url}/`, { headers: { "X-Request-Id": "visitor-quote-42" } });
      expect(response.status).toBe(500);
      expect(await response.text()).toContain('please quote reference <code data-request-id="">visitor-quote-42</code>');
    } finally {
      await broken.stop();
    }
  });
});

describe("/metrics", () => {
  const metricsText = () => metricsOn(metricsPort);
  const value = (text: string, series: string) => Number(new RegExp(`^${series.replace(/[{}()[\]".*+?^$|\\/]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1] ?? NaN);

  it("are not served on the app's public port, with or without a token", async () => {
    const notFound = 'http_requests_total{route="(not found)",method="GET",status="404"}';
    const countedBefore = value(await metricsText(), notFound) || 0;
    for (const headers of [{}, { Authorization: "Bearer any-token-at-all-0123" }] as Record<string, string>[]) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status).toBe(404);
      await response.text();
    }
    // The not-found page streams, so it is counted a moment after its headers arrive: both are in before the next test takes its starting figures.
    await expect.poll(async () => value(await metricsText(), notFound) - countedBefore).toBe(2);
  });

  it("counts requests by route and status, leads, enquiries, page cache results, database statements and the process", async () => {
    const before = await metricsText();
    let views = 0;
    await expect
      .poll(async () => {
        const response = await fetch(`${server.url}/testimonials`);
        await response.text();
        views++;
        return response.headers.get("x-page-cache");
      })
      .toBe("hit");
    await fetch(`${server.url}/no-such-page-${Date.now()}`).then((response) => response.text());
    const quote = await publicClient(server).postJson("/api/quote-requests", SAMPLE_QUOTE);
    expect(quote.status).toBe(201);
    await quote.text();
    let after = "";
    const grew = (series: string) => value(after, series) - (Number.isNaN(value(before, series)) ? 0 : value(before, series));
    // A request is counted as its answer finishes leaving the server, which may come just after the
    // client has read it: the counts are read again until they are all in.
    await expect
      .poll(async () => {
        after = await metricsText();
        return [
          grew('http_requests_total{route="/testimonials",method="GET",status="200"}'),
          grew('http_requests_total{route="(not found)",method="GET",status="404"}'),
          grew('http_requests_total{route="/api/quote-requests",method="POST",status="201"}'),
        ];
      })
      .toEqual([views, 1, 1]);
    expect(grew("leads_created_total")).toBe(1);
    expect(grew('page_cache_requests_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'db_query_duration_seconds_count{statement="select"}')).toBeGreaterThan(0);
    expect(after).toMatch(/^http_request_duration_seconds_bucket\{le="0.005",route="\/testimonials",method="GET",status="200"\} \d+$/m);
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
    // No raw path of an unknown page becomes a label.
    expect(after).not.toContain("no-such-page");
  });

  it("keep the same series however many addresses no route has are asked for", async () => {
    const letters = () => Array.from({ length: 12 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
    // A form post to an unknown page (405) and an unknown portal page (302 to sign-in), `count` of each.
    const askForUnknownAddresses = async (count: number) => {
      for (let sent = 0; sent < count; sent += 20) {
        await Promise.all(
          Array.from({ length: Math.min(20, count - sent) }, async () => {
            await (await fetch(`${server.url}/${letters()}`, { method: "POST", redirect: "manual" })).text();
            await (await fetch(`${server.url}/admin/${letters()}`, { redirect: "manual" })).text();
          }),
        );
      }
    };
    const requestsCounted = (text: string) =>
      [...text.matchAll(/^http_requests_total\{[^}]*\} (\S+)$/gm)].reduce((total, [, count]) => total + Number(count), 0);
    // The process's own series (garbage collection kinds) may appear at any time; the requests' may not.
    const seriesLines = (text: string) =>
      text.split("\n").filter((line) => line && !line.startsWith("#") && !line.startsWith("nodejs_") && !line.startsWith("process_"));

    await askForUnknownAddresses(1);
    await metricsText();
    // A request is counted as its answer finishes leaving the server: read until these two are in.
    let baseline = "";
    await expect
      .poll(async () => {
        baseline = await metricsText();
        return [/method="POST",status="405"/, /method="GET",status="302"/].map((series) => series.test(baseline));
      })
      .toEqual([true, true]);

    await askForUnknownAddresses(200);
    let after = "";
    await expect
      .poll(async () => {
        after = await metricsText();
        return requestsCounted(after) - requestsCounted(baseline);
      })
      .toBeGreaterThanOrEqual(400);
    expect(seriesLines(after).length).toBe(seriesLines(baseline).length);
    expect(after).toMatch(/^http_requests_total\{route="\(unmatched\)",method="POST",status="405"\} \d+$/m);
  });

  it("are served without a token on METRICS_ADDRESS, the internal port Fly scrapes", async () => {
    const text = await new Promise<string>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port: metricsPort, path: "/metrics" }, (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () => resolve(body));
        })
        .on("error", reject);
    });
    expect(text).toContain("# TYPE http_requests_total counter");
  });

  it("listen on a bare METRICS_ADDRESS port on loopback only, not on the machine's other addresses", async () => {
    const otherAddress = Object.values(os.networkInterfaces())
      .flat()
      .find((address) => address && !address.internal && address.family === "IPv4")?.address;
    if (!otherAddress) return; // A machine with loopback alone: nothing else to reach it on.
    const refused = await new Promise<string>((resolve) => {
      http
        .get({ host: otherAddress, port: metricsPort, path: "/metrics" }, (response) => {
          response.resume();
          resolve(`answered ${response.statusCode}`);
        })
        .on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
  });
});
