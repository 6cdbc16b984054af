import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { readConfig } from "@remix-run/dev/dist/config.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../scripts/built-server.js";
import { TEST_OWNER_ENV } from "../support/admin";
import { staffClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";

interface RouteWithAction {
  file: string;
  url: string;
}

/** Every route module that exports an action, with a URL that reaches it (ids filled in). */
async function routesWithActions(): Promise<RouteWithAction[]> {
  const config = await readConfig(projectRoot);
  const routes = Object.values(config.routes);
  const urlOf = (id: string): string => {
    const route = config.routes[id];
    const own = (route.path ?? "").replace(/:[A-Za-z]+/g, "1").replace(/\*$/, "anything");
    const parent = route.parentId ? urlOf(route.parentId) : "";
    return [parent.replace(/\/$/, ""), own].filter(Boolean).join("/");
  };
  return routes
    .filter((route) => /export\s+(async\s+function|const)\s+action\b/.test(fs.readFileSync(path.join(config.appDirectory, route.file), "utf8")))
    .map((route) => ({ file: route.file, url: `/${urlOf(route.id).replace(/^\//, "")}${route.index ? "?index" : ""}` }));
}

/** Resident memory of a process, in bytes. */
function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** A GET on a connection of its own, answered with its status. */
function statusOnNewConnection(server: TestServer, url: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(new URL(url, server.url), { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on("error", reject);
  });
}

/**
 * Sends the head of a request that says its body is `declared` bytes, then a
 * little of it, and waits for the answer without sending the rest.
 */
function postDeclaring(server: TestServer, url: string, method: string, cookie: string, declared: number) {
  return new Promise<{ status: number; sentBytes: number }>((resolve, reject) => {
    const request = http.request(new URL(url, server.url), {
      agent: false,
      method,
      headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(declared) },
    });
    request.on("response", (response) => {
      resolve({ status: response.statusCode ?? 0, sentBytes: request.socket?.bytesWritten ?? 0 });
      response.resume();
      request.destroy();
    });
    request.on("error", (error) => reject(new Error(`${method} ${url}: ${error.message}`)));
    request.write(`field=${"x".repeat(1024)}`);
  });
}

/**
 * Streams `total` bytes without a declared size (chunked) and gives the
 * answer's status, or "cut off" when the server closed the connection on a
 * body it refused before this side could read the answer.
 */
function postChunked(server: TestServer, url: string, cookie: string, total: number) {
  return new Promise<number | "cut off">((resolve) => {
    const chunk = Buffer.alloc(256 * 1024, "a");
    let sent = 0;
    let answered = false;
    const request = http.request(new URL(url, server.url), {
      agent: false,
      method: "POST",
      headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
    });
    request.on("response", (response) => {
      answered = true;
      response.resume();
      // The server may close the connection on the rest of a refused body before this side has
      // read its answer to the end (no "end" then, only "close"): the status is the answer.
      response.on("close", () => resolve(response.statusCode ?? 0));
    });
    // Once the server has refused the body it closes the connection while this side still writes.
    request.on("error", () => (answered ? undefined : resolve("cut off")));
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    request.write("field=");
    pump();
  });
}

describe("request bodies", () => {
  let server: TestServer;
  let owner: string;
  let routes: RouteWithAction[];

  beforeAll(async () => {
    [server, routes] = await Promise.all([startTestServer(TEST_OWNER_ENV), routesWithActions()]);
    owner = (await staffClient(server, "super_admin")).cookie;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("are refused with 413 at once by every route with an action, for a signed-in super admin, without the server's memory growing", async () => {
    // Every kind of page and API that takes a write is among them.
    expect(routes.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        "/cookie-consent",
        "/admin/api/login",
        "/api/quote-requests",
        "/?index",
        "/contact",
        "/admin/leads/1",
        "/admin/api/stock-images",
      ]),
    );
    // Signing out ends the session the other routes are walked with, so it goes last.
    const walk = [...routes.filter((route) => route.url !== "/admin/api/logout"), ...routes.filter((route) => route.url === "/admin/api/logout")];
    // Each route once with a small body first: the code a route loads when first used (its
    // modules, PDF or image libraries) is then in memory before the measure starts.
    for (const { url } of walk.filter((route) => route.url !== "/admin/api/logout")) await postChunked(server, url, owner, 2 * 1024);
    const before = residentBytes(server.pid);

    const wrongAnswers: string[] = [];
    for (const { url } of walk) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        // 300 MB announced, about 1 KB sent: the answer must not wait for the rest.
        const { status, sentBytes } = await postDeclaring(server, url, method, owner, 300 * 1024 * 1024);
        if (status !== 413 || sentBytes > 64 * 1024) wrongAnswers.push(`${method} ${url}: ${status} after ${sentBytes} bytes`);
      }
      // 12 MB with no declared size, more than any route takes: cut off (or never read), never a fault.
      const status = await postChunked(server, url, owner, 12 * 1024 * 1024);
      if (status !== "cut off" && status >= 500) wrongAnswers.push(`chunked POST ${url}: ${status}`);
    }
    expect(wrongAnswers.join("\n")).toBe("");

    const grownBy = residentBytes(server.pid) - before;
    expect(grownBy).toBeLessThan(100 * 1024 * 1024);
    // And it still serves a new visitor (on a connection of its own, as every request above).
    expect(await statusOnNewConnection(server, "/healthz")).toBe(200);
  });
});
