import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/built-server.js";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Sign-in through a provider that misbehaves: down, hanging, or claiming to be
 * another issuer. The provider is a small HTTP server on loopback that counts
 * the requests it gets and answers as each test says.
 */

type Handler = (request: http.IncomingMessage, response: http.ServerResponse, url: string) => void;

interface FakeProvider {
  url: string;
  /** Every path asked for, in order. */
  requests: string[];
  handle: Handler;
  close(): Promise<void>;
}

async function startFakeProvider(handle: Handler): Promise<FakeProvider> {
  const sockets = new Set<import("node:net").Socket>();
  const provider: FakeProvider = {
    url: "",
    requests: [],
    handle,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((request, response) => {
    provider.requests.push(new URL(request.url ?? "/", "http://provider").pathname);
    provider.handle(request, response, provider.url);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return provider;
}

/** A discovery document for `issuer`, with every endpoint on the fake provider at `base`. */
function discovery(base: string, issuer = base) {
  return {
    issuer,
    authorization_endpoint: `${base}/authorize`,
    token_endpoint: `${base}/token`,
    userinfo_endpoint: `${base}/userinfo`,
  };
}

const sendJson = (response: http.ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
};
/** Never answers: the request is left open until the provider closes. */
const hang = () => undefined;

const running: { servers: TestServer[]; providers: FakeProvider[] } = { servers: [], providers: [] };
afterEach(async () => {
  await Promise.all(running.servers.splice(0).map((server) => server.stop()));
  await Promise.all(running.providers.splice(0).map((provider) => provider.close()));
});

async function portalFor(provider: FakeProvider, extra: Record<string, string> = {}): Promise<TestServer> {
  running.providers.push(provider);
  const port = await freePort();
  const server = await startTestServer(
    {
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      OIDC_ISSUER: provider.url,
      OIDC_CLIENT_ID: "quotes-portal",
      OIDC_CLIENT_SECRET: "quotes-portal-secret",
      ...extra,
    },
    { tuning: { providerTimeoutSeconds: 1, providerRetrySeconds: 3600 } },
  );
  running.servers.push(server);
  return server;
}

/**
 * Opens a portal URL and, when it leads to the portal's sign-in screen with a
 * message, that screen too. The test's own limit only stops a hung request
 * from hanging the run.
 */
async function visit(server: TestServer, path: string, cookie = ""): Promise<{ status: number; location: string | null; page: string; setCookie: string[] }> {
  const response = await fetch(`${server.url}${path}`, { redirect: "manual", headers: { Cookie: cookie }, signal: AbortSignal.timeout(60_000) });
  const location = response.headers.get("location");
  const setCookie = response.headers.getSetCookie();
  if (location !== "/admin") return { status: response.status, location, page: await response.text(), setCookie };
  const toast = setCookie.map((header) => header.split(";")[0]).join("; ");
  const page = await (await fetch(`${server.url}/admin`, { headers: { Cookie: toast } })).text();
  return { status: response.status, location, page, setCookie };
}

const discoveries = (provider: FakeProvider) => provider.requests.filter((path) => path === "/.well-known/openid-configuration").length;

describe("a sign-in provider that fails", () => {
  it("asks a provider that is down only once in its back-off, however many visitors open sign-in", async () => {
    const provider = await startFakeProvider((_request, response) => sendJson(response, 503, { error: "down for maintenance" }));
    const server = await portalFor(provider);
    for (let visitor = 1; visitor <= 6; visitor++) {
      const answer = await visit(server, "/admin/api/login");
      expect(answer.location, `visitor ${visitor}`).toBe("/admin");
      expect(answer.page).toContain("Sign-in unavailable");
    }
    expect(discoveries(provider)).toBe(1);
  });

  it("refuses a provider whose discovery names another issuer, with a clear message, and logs it", async () => {
    const provider = await startFakeProvider((_request, response, base) => sendJson(response, 200, discovery(base, "https://someone-else.example")));
    const server = await portalFor(provider);
    const answer = await visit(server, "/admin/api/login");
    expect(answer.location).toBe("/admin");
    expect(answer.page).toContain("Sign-in unavailable");
    expect(answer.page).toContain("The sign-in provider is not the one this portal is set up for.");
    expect(provider.requests).not.toContain("/authorize");
    await expect.poll(() => server.output()).toContain("https://someone-else.example");
  });

  it("cuts off a provider that never answers discovery", async () => {
    const provider = await startFakeProvider(hang);
    const server = await portalFor(provider);
    const answer = await visit(server, "/admin/api/login");
    expect(answer.location).toBe("/admin");
    expect(answer.page).toContain("Sign-in unavailable");
  });

  it("cuts off a provider that never answers the token or userinfo request", async () => {
    const provider = await startFakeProvider((request, response, base) => {
      if (request.url?.startsWith("/.well-known/")) sendJson(response, 200, discovery(base));
    });
    const server = await portalFor(provider);

    const callback = async () => {
      const start = await fetch(`${server.url}/admin/api/login`, { redirect: "manual", signal: AbortSignal.timeout(60_000) });
      const authorize = new URL(start.headers.get("location")!);
      expect(authorize.origin).toBe(provider.url);
      const state = start.headers.getSetCookie().map((header) => header.split(";")[0]);
      return visit(server, `/admin/api/callback?code=a-code&state=${authorize.searchParams.get("state")}`, state.join("; "));
    };

    // The token request hangs.
    const tokenHangs = await callback();
    expect(tokenHangs.location).toBe("/admin");
    expect(tokenHangs.page).toContain("Access refused");
    expect(provider.requests).toContain("/token");

    // The token comes, the userinfo request hangs.
    provider.handle = (request, response, base) => {
      if (request.url?.startsWith("/.well-known/")) sendJson(response, 200, discovery(base));
      else if (request.url?.startsWith("/token")) sendJson(response, 200, { access_token: "an-access-token", token_type: "Bearer", expires_in: 3600 });
    };
    const userinfoHangs = await callback();
    expect(userinfoHangs.location).toBe("/admin");
    expect(userinfoHangs.page).toContain("Access refused");
    expect(provider.requests).toContain("/userinfo");
  });
});
