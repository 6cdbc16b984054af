import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { staffClient } from "../support/client";
import { pngBytes } from "../support/images";
import { startS3Server, type TestS3Server } from "../support/s3";
import { startTestServer, type TestServer } from "../support/server";
import { VARIANT_FORMATS, VARIANT_WIDTHS } from "~/platform/image-variants";

/**
 * Image variants are decoded through a bounded queue: one at once, 16 waiting,
 * and beyond that a 503 with Retry-After,
 * so a flood of first requests for new variants cannot hold many decoded
 * pictures in memory at once. The bucket sits behind a proxy that holds the
 * reads of the original, so the test knows a decode is under way (its slot is
 * taken) without depending on how fast anything runs.
 */

/** A loopback proxy to the bucket that can hold GETs whose path ends with a given name until released. */
class HoldingProxy {
  /** GETs of paths ending with one of these are held. */
  holdSuffixes: string[] = [];
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
    const path = (request.url ?? "").split("?")[0];
    if (request.method === "GET" && this.holdSuffixes.some((suffix) => path.endsWith(suffix))) this.held.push(forward);
    else forward();
  });
  constructor(private readonly target: string) {}
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  release(): void {
    this.holdSuffixes = [];
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
/** Two images: one has 14 variants, and the queue's one decoding and 16 waiting need more. */
const filenames: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  proxy = new HoldingProxy(s3.endpoint);
  const endpoint = await proxy.listen();
  server = await startTestServer({ ...TEST_OWNER_ENV, ...s3.env, AWS_ENDPOINT_URL_S3: endpoint });
  const owner = await staffClient(server, "super_admin");
  for (const name of ["team.png", "office.png"]) {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(pngBytes(1600, 1200))], { type: "image/png" }), name);
    form.append("location", "hero-section");
    const response = await owner.post("/admin/api/stock-images", form);
    expect(response.status).toBe(201);
    filenames.push((await response.json()).filename);
  }
});
afterAll(async () => {
  await server?.stop();
  await proxy?.stop();
  await s3?.stop();
});

describe("image variants under a flood of first requests", () => {
  it("decodes one at a time with 16 waiting, answers 503 with Retry-After beyond that, and makes the rest once the decode is done", async () => {
    onTestFinished(() => proxy.release());
    proxy.holdSuffixes = filenames.map((filename) => `/${filename}`);
    const variants = filenames.flatMap((filename) =>
      VARIANT_WIDTHS.flatMap((width) => VARIANT_FORMATS.map((format) => `/uploads/${filename}/${width}.${format}`)),
    );
    const variant = (path: string) => fetch(`${server.url}${path}`);
    // The first takes the one decoding slot and reads the original (held at the bucket).
    const first = variant(variants[0]);
    await expect.poll(() => proxy.held.length).toBe(1);
    // Seventeen more: sixteen wait for the slot, the last finds the waiting list full. Were a
    // second decode to start instead, it would read an original too: that ends the wait as well.
    const others = variants.slice(1, 18).map(variant);
    let looking = true;
    const secondDecode = (async () => {
      while (looking && proxy.held.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      return null;
    })();
    const refused = await Promise.race([...others, secondDecode]).finally(() => (looking = false));
    expect(refused, "a second decode started while the first was under way").not.toBeNull();
    expect(refused!.status).toBe(503);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused!.headers.get("cache-control")).toBe("no-store");
    expect(await refused!.text()).toMatch(/busy/i);

    proxy.release();
    const answers = await Promise.all([first, ...others]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(17);
    expect(answers.filter((answer) => answer.status === 503)).toEqual([refused]);
    for (const answer of answers) if (answer !== refused) await answer.arrayBuffer();
    // Asked again, the refused one is made.
    expect((await variant(variants[answers.indexOf(refused!)])).status).toBe(200);
  });
});
