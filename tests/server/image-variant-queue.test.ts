import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { staffClient } from "../support/client";
import { pngBytes } from "../support/images";
import { startS3Server, type TestS3Server } from "../support/s3";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Image variants are decoded through a bounded queue: IMAGE_DECODE_CONCURRENCY
 * at once, IMAGE_DECODE_QUEUE waiting, and beyond that a 503 with Retry-After,
 * so a flood of first requests for new variants cannot hold many decoded
 * pictures in memory at once. The bucket sits behind a proxy that holds the
 * reads of the original, so the test knows a decode is under way (its slot is
 * taken) without depending on how fast anything runs.
 */

/** A loopback proxy to the bucket that can hold GETs whose path ends with a given name until released. */
class HoldingProxy {
  holdSuffix: string | null = null;
  readonly held: Array<() => void> = [];
  private server = http.createServer((request, response) => {
    const forward = () => {
      const upstream = http.request(this.target + (request.url ?? ""), { method: request.method, headers: request.headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      upstream.on("error", () => response.destroy());
      request.pipe(upstream);
    };
    if (this.holdSuffix && request.method === "GET" && (request.url ?? "").split("?")[0].endsWith(this.holdSuffix)) this.held.push(forward);
    else forward();
  });
  constructor(private readonly target: string) {}
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  release(): void {
    this.holdSuffix = null;
    for (const forward of this.held.splice(0)) forward();
  }
  async stop(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

let s3: TestS3Server;
let proxy: HoldingProxy;
let server: TestServer;
let filename = "";

beforeAll(async () => {
  s3 = await startS3Server();
  proxy = new HoldingProxy(s3.endpoint);
  const endpoint = await proxy.listen();
  server = await startTestServer({ ...TEST_OWNER_ENV, ...s3.env, AWS_ENDPOINT_URL_S3: endpoint, IMAGE_DECODE_CONCURRENCY: "1", IMAGE_DECODE_QUEUE: "1" });
  const owner = await staffClient(server, "super_admin");
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(pngBytes(1600, 1200))], { type: "image/png" }), "team.png");
  form.append("location", "hero-section");
  const response = await owner.post("/admin/api/stock-images", form);
  expect(response.status).toBe(201);
  ({ filename } = await response.json());
});
afterAll(async () => {
  await server?.stop();
  await proxy?.stop();
  await s3?.stop();
});

describe("image variants under a flood of first requests", () => {
  it("decodes one at a time with one waiting, answers 503 with Retry-After beyond that, and makes the rest once the decode is done", async () => {
    onTestFinished(() => proxy.release());
    proxy.holdSuffix = `/${filename}`;
    const variant = (name: string) => fetch(`${server.url}/uploads/${filename}/${name}`);
    // The first takes the one decoding slot and reads the original (held at the bucket).
    const first = variant("320.webp");
    await expect.poll(() => proxy.held.length).toBe(1);
    // Two more variants: one waits for the slot, the other finds the waiting list full. Were a
    // second decode to start instead, it would read the original too: that ends the wait as well.
    const [second, third] = [variant("480.webp"), variant("640.webp")];
    let looking = true;
    const secondDecode = (async () => {
      while (looking && proxy.held.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      return null;
    })();
    const refused = await Promise.race([second, third, secondDecode]).finally(() => (looking = false));
    expect(refused, "a second decode started while the first was under way").not.toBeNull();
    expect(refused!.status).toBe(503);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused!.headers.get("cache-control")).toBe("no-store");
    expect(await refused!.text()).toMatch(/busy/i);

    proxy.release();
    const answers = await Promise.all([first, second, third]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 503]);
    for (const answer of answers) if (answer !== refused) await answer.arrayBuffer();
    // Asked again, the refused one is made.
    expect((await variant("640.webp")).status).toBe(200);
  });
});
