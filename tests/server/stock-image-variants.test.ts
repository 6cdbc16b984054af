import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3Storage } from "~/platform/storage.server";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffClient, type Client } from "../support/client";
import { pngBytes } from "../support/images";
import { startS3Server, type TestS3Server } from "../support/s3";
import { startTestServer, type TestServer } from "../support/server";

/**
 * The resized variants of uploaded images (`/uploads/{filename}/{width}.{format}`):
 * real AVIF and WebP at the allowed widths, cached for good, made once and
 * kept in the storage, and a clear 400 or 404 (never a 500) for anything else.
 */

interface Uploaded {
  id: number;
  filename: string;
}

async function upload(staff: Client, bytes: Buffer, name: string, location = "hero-section"): Promise<Uploaded> {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
  form.append("location", location);
  const response = await staff.post("/admin/api/stock-images", form);
  expect(response.status).toBe(201);
  return response.json();
}

async function decoded(response: Response) {
  return sharp(Buffer.from(await response.arrayBuffer())).metadata();
}

/** The keys a storage holds, whichever backend: local files or the s3rver bucket's objects. */
type StoredKeys = () => string[];

function describeVariants(storageName: string, setup: () => Promise<{ server: TestServer; storedKeys: StoredKeys; stop: () => Promise<void> }>) {
  describe(`image variants (${storageName})`, () => {
    let server: TestServer;
    let storedKeys: StoredKeys;
    let stop: () => Promise<void>;
    let owner: Client;
    let photo: Uploaded;
    const get = (urlPath: string, headers: Record<string, string> = {}) => publicClient(server).get(urlPath, headers);

    beforeAll(async () => {
      ({ server, storedKeys, stop } = await setup());
      owner = await staffClient(server, "super_admin");
      photo = await upload(owner, pngBytes(1600, 1200), "team.png");
    });
    afterAll(async () => {
      await stop?.();
    });

    it("records the upload's pixel size", async () => {
      const row = await server.db.selectFrom("stockImages").select(["width", "height"]).where("id", "=", photo.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ width: 1600, height: 1200 });
    });

    it("serves a WebP and an AVIF at the asked width, in proportion, cached for a year", async () => {
      for (const [format, sharpFormat, contentType] of [
        ["webp", "webp", "image/webp"],
        ["avif", "heif", "image/avif"],
      ] as const) {
        const response = await get(`/uploads/${photo.filename}/640.${format}`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe(contentType);
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        expect(response.headers.get("etag")).toBeTruthy();
        const metadata = await decoded(response);
        expect([metadata.format, metadata.width, metadata.height]).toEqual([sharpFormat, 640, 480]);
      }
    });

    it("keeps each variant in the storage once made, and answers 304 to a browser that has it", async () => {
      const stem = photo.filename.replace(/\.png$/, "");
      await get(`/uploads/${photo.filename}/320.webp`).then((response) => response.arrayBuffer());
      expect(storedKeys()).toContain(`${stem}.w320.webp`);
      const again = await get(`/uploads/${photo.filename}/320.webp`);
      expect((await decoded(again)).width).toBe(320);
      const etag = again.headers.get("etag") ?? "";
      const cached = await get(`/uploads/${photo.filename}/320.webp`, { "If-None-Match": etag });
      expect(cached.status).toBe(304);
      expect(await cached.text()).toBe("");
    });

    it("never makes a picture larger than the upload", async () => {
      const response = await get(`/uploads/${photo.filename}/1920.webp`);
      expect(response.status).toBe(200);
      const metadata = await decoded(response);
      expect([metadata.width, metadata.height]).toEqual([1600, 1200]);
    });

    it("answers 400 to a width or format not on the lists: no resizing to any size asked", async () => {
      for (const name of [
        "641.webp",
        "0.webp",
        "99999.webp",
        "640.png",
        "640.jpg",
        "640",
        "640.webp.exe",
        "abc.webp",
        "-640.webp",
        "640.WEBP",
        "6400000000000000000000.avif",
      ]) {
        const response = await get(`/uploads/${photo.filename}/${encodeURIComponent(name)}`);
        expect([name, response.status]).toEqual([name, 400]);
        expect(response.headers.get("cache-control")).toBe("no-store");
      }
      expect(storedKeys().filter((key) => /\.w(641|0|99999)\./.test(key))).toEqual([]);
    });

    it("answers 404 for an image that is not in the table, or one that keeps its own file (GIF)", async () => {
      expect((await get(`/uploads/${"0".repeat(32)}.png/640.webp`)).status).toBe(404);
      expect((await get(`/uploads/..%2Fapp.db/640.webp`)).status).toBe(404);
      const gif = await server.db
        .insertInto("stockImages")
        .values({
          filename: "a1b2c3.gif",
          originalName: "wave.gif",
          description: null,
          location: "general",
          size: 10,
          contentType: "image/gif",
          createdAt: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect((await get(`/uploads/a1b2c3.gif/640.webp`)).status).toBe(404);
      await server.db.deleteFrom("stockImages").where("id", "=", gif.id).execute();
    });

    it("removes the variants with the image", async () => {
      const doomed = await upload(owner, pngBytes(800, 600), "old.png", "general");
      const stem = doomed.filename.replace(/\.png$/, "");
      await get(`/uploads/${doomed.filename}/480.avif`).then((response) => response.arrayBuffer());
      expect(storedKeys().filter((key) => key.startsWith(stem))).toHaveLength(2);
      const removed = await owner.delete(`/admin/api/stock-images/${doomed.id}`);
      expect(removed.status).toBe(204);
      expect(storedKeys().filter((key) => key.startsWith(stem))).toEqual([]);
      expect((await get(`/uploads/${doomed.filename}/480.avif`)).status).toBe(404);
    });
  });
}

describeVariants("local files", async () => {
  const server = await startTestServer(TEST_OWNER_ENV);
  const folder = path.join(server.dataDir, "uploads");
  return { server, storedKeys: () => (fs.existsSync(folder) ? fs.readdirSync(folder) : []), stop: () => server.stop() };
});

describeVariants("S3", async () => {
  const s3: TestS3Server = await startS3Server();
  let server: TestServer;
  try {
    server = await startTestServer({ ...TEST_OWNER_ENV, ...s3.env });
  } catch (error) {
    await s3.stop();
    throw error;
  }
  // s3rver keeps each object as `<key>._S3rver_object` in the bucket's folder.
  const bucketFolder = path.join(s3.directory, s3.bucket);
  const storedKeys = () =>
    fs.existsSync(bucketFolder)
      ? fs
          .readdirSync(bucketFolder)
          .filter((name) => name.endsWith("._S3rver_object"))
          .map((name) => name.replace(/\._S3rver_object$/, ""))
      : [];
  return {
    server,
    storedKeys,
    stop: async () => {
      await server.stop();
      await s3.stop();
    },
  };
});

describe("images stored before sizes were recorded", () => {
  let s3: TestS3Server;
  let bucket: S3Storage;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = new S3Storage({
      bucket: s3.bucket,
      region: "auto",
      endpoint: s3.endpoint,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
  });
  afterAll(async () => {
    await bucket?.destroy();
    // Newest first: a restarted server runs on its predecessor's DATA_DIR, which that one removes.
    for (const server of servers.reverse()) await server.stop();
    await s3?.stop();
  });

  it("are measured as the server starts, then get variants like new uploads (local files and S3)", async () => {
    for (const storage of ["local", "s3"] as const) {
      const env = storage === "s3" ? s3.env : {};
      const first = await startTestServer(env);
      servers.push(first);
      // An image as an earlier version stored it: the file, and a row without a size.
      const filename = `${storage}0123456789abcdef.png`;
      const bytes = pngBytes(900, 300);
      if (storage === "s3") await bucket.put(filename, bytes, { contentType: "image/png" });
      else {
        fs.mkdirSync(path.join(first.dataDir, "uploads"), { recursive: true });
        fs.writeFileSync(path.join(first.dataDir, "uploads", filename), bytes);
      }
      await first.db
        .insertInto("stockImages")
        .values({
          filename,
          originalName: "banner.png",
          description: null,
          location: "services",
          size: bytes.length,
          contentType: "image/png",
          createdAt: new Date().toISOString(),
        })
        .execute();
      await first.kill("SIGTERM");

      const restarted = await startTestServer(env, { dataDir: first.dataDir });
      servers.push(restarted);
      const size = () => restarted.db.selectFrom("stockImages").select(["width", "height"]).where("filename", "=", filename).executeTakeFirstOrThrow();
      await expect.poll(size).toEqual({ width: 900, height: 300 });
      const variant = await publicClient(restarted).get(`/uploads/${filename}/480.webp`);
      expect(variant.status).toBe(200);
      const metadata = await decoded(variant);
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 480, 160]);
    }
  });
});
