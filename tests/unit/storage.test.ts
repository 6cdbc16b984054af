import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalStorage, newStorageKey, S3Storage, type Storage } from "~/platform/storage.server";
import { pngBytes } from "../support/images";
import { startS3Server, type TestS3Server } from "../support/s3";

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The same contract for both backends. */
function behavesAsStorage(make: () => Storage) {
  it("stores bytes and reads them back byte for byte, with their size", async () => {
    const storage = make();
    const image = pngBytes(40, 30);
    const key = newStorageKey("png");
    await storage.put(key, image, { contentType: "image/png" });
    const stored = await storage.get(key);
    expect(stored).not.toBeNull();
    expect(stored!.size).toBe(image.length);
    expect(stored!.contentType).toBe("image/png");
    expect((await bytesOf(stored!.body)).equals(image)).toBe(true);
  });

  it("stores a stream of known size exactly (no extra bytes)", async () => {
    const storage = make();
    const image = pngBytes(300, 200);
    const pieces = [image.subarray(0, 100), image.subarray(100, 5000), image.subarray(5000)];
    const key = newStorageKey("png");
    await storage.put(key, Readable.from(pieces), { contentType: "image/png", size: image.length });
    const stored = await storage.get(key);
    expect(stored!.size).toBe(image.length);
    expect((await bytesOf(stored!.body)).equals(image)).toBe(true);
  });

  it("answers null for an object that does not exist", async () => {
    expect(await make().get(newStorageKey("jpg"))).toBeNull();
  });

  it("deletes an object, and deleting it again is not an error", async () => {
    const storage = make();
    const key = newStorageKey("gif");
    await storage.put(key, Buffer.from("GIF89a-bytes"), { contentType: "image/gif" });
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it.each(["../app.db", "..", "a/b.png", ".hidden", "", "x\\y.png", "%2e%2e"])("refuses the unsafe key %j", async (key) => {
    const storage = make();
    await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.put(key, Buffer.from("x"), { contentType: "image/png" })).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
  });
}

describe("local storage (a temporary folder)", () => {
  let folder: string;
  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "local-storage-"));
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  behavesAsStorage(() => new LocalStorage(path.join(folder, "uploads")));

  it("keeps files in its folder under the key, leaving no partial files", async () => {
    const storage = new LocalStorage(path.join(folder, "uploads"));
    const key = newStorageKey("png");
    await storage.put(key, pngBytes(), { contentType: "image/png" });
    expect(fs.existsSync(path.join(folder, "uploads", key))).toBe(true);
    expect(fs.readdirSync(path.join(folder, "uploads")).filter((name) => name.endsWith(".partial"))).toEqual([]);
  });

  it("leaves nothing behind when the stream fails part-way", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "local-storage-fail-"));
    const storage = new LocalStorage(root);
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error("connection lost"));
      },
    });
    await expect(storage.put(newStorageKey("png"), failing, { contentType: "image/png", size: 4096 })).rejects.toThrow("connection lost");
    expect(fs.readdirSync(root)).toEqual([]);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("makes random names with the detected extension", () => {
    const names = new Set(Array.from({ length: 50 }, () => newStorageKey("webp")));
    expect(names.size).toBe(50);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{32}\.webp$/);
  });
});

describe("S3 storage (a real S3-compatible server)", () => {
  let s3: TestS3Server;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await startS3Server();
    storage = new S3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: "auto",
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
  });
  afterAll(async () => {
    await storage?.destroy();
    await s3?.stop();
  });

  behavesAsStorage(() => storage);

  it("refuses a stream whose size it was not told", async () => {
    await expect(storage.put(newStorageKey("png"), Readable.from([pngBytes()]), { contentType: "image/png" })).rejects.toThrow(/needs the size/);
  });

  it("fails loudly (rather than answering 'missing') when the bucket does not exist", async () => {
    const elsewhere = new S3Storage({
      bucket: "no-such-bucket",
      endpoint: s3.endpoint,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    await expect(elsewhere.put(newStorageKey("png"), pngBytes(), { contentType: "image/png" })).rejects.toThrow();
    await elsewhere.destroy();
  });
});
