import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3Storage } from "~/platform/storage.server";
import { TEST_OWNER_ENV } from "../support/admin";
import { publicClient, staffOfEveryRole, type Client } from "../support/client";
import { NOT_AN_IMAGE, oversizedPng, pngBytes, SVG_IMAGE } from "../support/images";
import { startS3Server, type TestS3Server } from "../support/s3";
import { startTestServer, type TestServer } from "../support/server";
import type { AdminRole } from "~/features/staff/admin-roles";
import { MAX_IMAGE_BYTES } from "~/lib/image-type";

type Role = AdminRole;

interface UploadInput {
  file?: { bytes: Buffer; name: string; type?: string } | null;
  location?: string;
  description?: string;
}

function uploadForm({ file = { bytes: pngBytes(), name: "photo.png" }, location = "hero-section", description }: UploadInput = {}): FormData {
  const form = new FormData();
  if (file) form.append("image", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/png" }), file.name);
  if (location) form.append("location", location);
  if (description !== undefined) form.append("description", description);
  return form;
}

/** The ways an image API test talks to one server: as staff of a role, or signed out (no role). */
function apiClient(server: TestServer, staff: Record<Role, Client>) {
  const as = (role: Role | null | undefined) => (role ? staff[role] : publicClient(server));
  return {
    get: (urlPath: string, role?: Role, headers: Record<string, string> = {}) => as(role).get(urlPath, headers),
    upload: (input: UploadInput = {}, role: Role | null = "admin", headers: Record<string, string> = {}) =>
      as(role).post("/admin/api/stock-images", uploadForm(input), headers),
    remove: (id: number | string, role: Role | null = "admin") => as(role).delete(`/admin/api/stock-images/${id}`),
  };
}

/** Just enough of each accepted format for its signature (the bytes after it are filler). */
const SIGNATURES = {
  "image/jpeg": Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from("JFIF\0"), Buffer.alloc(200, 1)]),
  "image/gif": Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(200, 2)]),
  "image/webp": Buffer.concat([Buffer.from("RIFF"), Buffer.from([0xc8, 0, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(200, 3)]),
  "image/avif": Buffer.concat([
    Buffer.from([0, 0, 0, 0x1c]),
    Buffer.from("ftypavif"),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from("avifmif1miaf"),
    Buffer.alloc(200, 4),
  ]),
} as const;

describe("stock image routes (local files)", () => {
  let server: TestServer;
  let staff: Record<Role, Client>;
  let api: ReturnType<typeof apiClient>;

  const uploadsFolder = () => path.join(server.dataDir, "uploads");
  const storedFiles = () => (fs.existsSync(uploadsFolder()) ? fs.readdirSync(uploadsFolder()) : []);
  const rowCount = async () => (await server.db.selectFrom("stockImages").select("id").execute()).length;

  beforeAll(async () => {
    server = await startTestServer(TEST_OWNER_ENV);
    staff = await staffOfEveryRole(server);
    api = apiClient(server, staff);
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe("POST /admin/api/stock-images", () => {
    it("stores a PNG under a random name with its type from the bytes, and answers 201 with the record", async () => {
      const bytes = pngBytes(32, 24);
      const response = await api.upload({
        file: { bytes, name: "Team photo.PNG", type: "application/octet-stream" },
        location: "about-us",
        description: "  Our Leeds office  ",
      });
      expect(response.status).toBe(201);
      const image = await response.json();
      expect(image).toMatchObject({
        originalName: "Team photo.PNG",
        location: "about-us",
        description: "Our Leeds office",
        size: bytes.length,
        contentType: "image/png",
      });
      expect(image.filename).toMatch(/^[0-9a-f]{32}\.png$/);
      expect(fs.readFileSync(path.join(uploadsFolder(), image.filename)).equals(bytes)).toBe(true);
      const audit = await server.db
        .selectFrom("auditLog")
        .selectAll()
        .where("entityType", "=", "stock-image")
        .where("entityId", "=", String(image.id))
        .execute();
      expect(audit.map((entry) => entry.action)).toEqual(["stock-image.uploaded"]);
    });

    it.each(Object.entries(SIGNATURES))("recognises %s from its bytes whatever the name says", async (contentType, bytes) => {
      const response = await api.upload({ file: { bytes, name: "picture.png", type: "image/png" }, location: "general" });
      expect(response.status).toBe(201);
      const image = await response.json();
      expect(image.contentType).toBe(contentType);
      expect(image.filename.split(".")[1]).toBe({ "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp", "image/avif": "avif" }[contentType]);
    });

    it("treats an empty description as none", async () => {
      const response = await api.upload({ description: "   " });
      expect((await response.json()).description).toBeNull();
    });

    it("accepts a file of exactly 10 MB", async () => {
      const bytes = Buffer.alloc(MAX_IMAGE_BYTES, 7);
      pngBytes().copy(bytes);
      const response = await api.upload({ file: { bytes, name: "exactly-10mb.png" }, location: "general" });
      expect(response.status).toBe(201);
      expect((await response.json()).size).toBe(MAX_IMAGE_BYTES);
    });

    it.each([
      ["text named .png", { file: { bytes: NOT_AN_IMAGE, name: "notes.png", type: "image/png" } }, 400, "Invalid File", "Please select an image file"],
      ["an SVG", { file: { bytes: SVG_IMAGE, name: "logo.svg", type: "image/svg+xml" } }, 400, "Invalid File", "Please select an image file"],
      ["an empty file", { file: { bytes: Buffer.alloc(0), name: "empty.png" } }, 400, "Invalid File", "Please select an image file"],
      ["no file", { file: null }, 400, "Missing Information", "Please select a file and location"],
      ["no location", { location: "" }, 400, "Missing Information", "Please select a file and location"],
      ["an unknown location", { location: "footer" }, 400, "Missing Information", "Please select a file and location"],
      ["a file over 10 MB", { file: { bytes: oversizedPng(), name: "huge.png" } }, 413, "File Too Large", "Image must be smaller than 10MB"],
    ])("refuses %s with the spec's message and stores nothing", async (_case, input, status, title, message) => {
      const [rowsBefore, filesBefore] = [await rowCount(), storedFiles().length];
      const response = await api.upload(input as UploadInput);
      expect(response.status).toBe(status);
      const body = await response.json();
      expect(body).toMatchObject({ error: message, title });
      expect(Object.values(body.fieldErrors)).toEqual([message]);
      expect(await rowCount()).toBe(rowsBefore);
      expect(storedFiles()).toHaveLength(filesBefore);
    });

    it("refuses an over-long description with 400", async () => {
      const response = await api.upload({ description: "x".repeat(501) });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatch(/500 characters/);
    });

    it("refuses a description or location far too long for its field as too long, not as a file too large (found by the malformed staff forms test)", async () => {
      for (const input of [{ description: "x".repeat(10_000) }, { description: "é".repeat(9000) }, { location: "x".repeat(10_000) }]) {
        const response = await api.upload(input);
        expect(response.status).toBe(400);
        const answer = await response.json();
        expect(answer.error).toMatch(input.description ? /500 characters/ : /select a file and location/);
        expect(answer.title).not.toBe("File Too Large");
      }
    });

    it("answers 400 to a body that is not a multipart form, or a broken one", async () => {
      const json = await staff.admin.postJson("/admin/api/stock-images", { location: "general" });
      expect(json.status).toBe(400);
      expect((await json.json()).error).toMatch(/multipart form/);
      const broken = await staff.admin.post(
        "/admin/api/stock-images",
        '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nno end',
        {
          "Content-Type": "multipart/form-data; boundary=xyz",
        },
      );
      expect(broken.status).toBe(400);
    });

    it("refuses a body declared over the limit at once, without waiting for it", async () => {
      const declared = 50 * 1024 * 1024;
      const { status, sent } = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
        const request = http.request(`${server.url}/admin/api/stock-images`, {
          method: "POST",
          headers: { Cookie: staff.admin.cookie, "Content-Type": "multipart/form-data; boundary=b0undary", "Content-Length": String(declared) },
        });
        const head = Buffer.from('--b0undary\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n');
        request.write(Buffer.concat([head, pngBytes()]));
        request.on("response", (response) => {
          resolve({ status: response.statusCode ?? 0, sent: request.socket?.bytesWritten ?? 0 });
          response.resume();
          request.destroy();
        });
        request.on("error", reject);
      });
      expect(status).toBe(413);
      expect(sent).toBeLessThan(1024 * 1024);
    });

    it("refuses a streamed body once it passes 10 MB, answering while the sender is still sending", async () => {
      // No declared length (chunked), and far more than 10 MB on offer: the answer must come after about 10 MB.
      const chunk = Buffer.alloc(256 * 1024, 0x41);
      const { status, body, sent } = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
        let sent = 0;
        let answered = false;
        const request = http.request(`${server.url}/admin/api/stock-images`, {
          method: "POST",
          headers: { Cookie: staff.admin.cookie, "Content-Type": "multipart/form-data; boundary=b0undary", "Transfer-Encoding": "chunked" },
        });
        request.write('--b0undary\r\nContent-Disposition: form-data; name="location"\r\n\r\ngeneral\r\n');
        request.write('--b0undary\r\nContent-Disposition: form-data; name="image"; filename="endless.png"\r\nContent-Type: image/png\r\n\r\n');
        request.write(pngBytes());
        const pump = () => {
          while (!answered && sent < 400 * 1024 * 1024) {
            sent += chunk.length;
            if (!request.write(chunk)) return void request.once("drain", pump);
          }
        };
        pump();
        request.on("response", (response) => {
          answered = true;
          const parts: Buffer[] = [];
          response.on("data", (part) => parts.push(part));
          response.on("end", () => {
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString(), sent });
            request.destroy();
          });
        });
        request.on("error", (error) => (answered ? undefined : reject(error)));
      });
      expect(status).toBe(413);
      expect(JSON.parse(body)).toMatchObject({ title: "File Too Large", error: "Image must be smaller than 10MB" });
      expect(sent).toBeGreaterThan(MAX_IMAGE_BYTES);
      expect(sent).toBeLessThan(64 * 1024 * 1024);
      // The server is still fine afterwards.
      expect((await api.get("/admin/api/stock-images", "manager")).status).toBe(200);
    });

    it("needs a signed-in admin or super admin, from the site's own pages", async () => {
      const before = await rowCount();
      expect((await api.upload({}, null)).status).toBe(401);
      const forbidden = await api.upload({}, "manager");
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toEqual({ error: expect.stringMatching(/^Forbidden/) });
      expect((await api.upload({}, "admin", { Origin: "https://evil.example" })).status).toBe(403);
      expect(await rowCount()).toBe(before);
      expect((await api.upload({}, "super_admin")).status).toBe(201);
    });
  });

  describe("GET /admin/api/stock-images", () => {
    it("lists every image newest first for any signed-in role, and 401 otherwise", async () => {
      expect((await api.get("/admin/api/stock-images")).status).toBe(401);
      const response = await api.get("/admin/api/stock-images", "manager");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const images = await response.json();
      expect(images.length).toBe(await rowCount());
      expect(Object.keys(images[0]).sort()).toEqual(["contentType", "createdAt", "description", "filename", "id", "location", "originalName", "size"]);
      const ids = images.map((image: { id: number }) => image.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it("answers 405 to other methods", async () => {
      const response = await staff.admin.request("PUT", "/admin/api/stock-images");
      expect(response.status).toBe(405);
    });
  });

  describe("DELETE /admin/api/stock-images/{id}", () => {
    it("removes the record and the stored file, audited; again it is 404", async () => {
      const image = await (await api.upload({ location: "contact" })).json();
      expect(storedFiles()).toContain(image.filename);
      const response = await api.remove(image.id);
      expect(response.status).toBe(204);
      expect(await server.db.selectFrom("stockImages").select("id").where("id", "=", image.id).executeTakeFirst()).toBeUndefined();
      expect(storedFiles()).not.toContain(image.filename);
      const audit = await server.db
        .selectFrom("auditLog")
        .select("action")
        .where("entityId", "=", String(image.id))
        .where("entityType", "=", "stock-image")
        .execute();
      expect(audit.map((entry) => entry.action)).toEqual(["stock-image.uploaded", "stock-image.deleted"]);
      expect((await api.remove(image.id)).status).toBe(404);
    });

    it("needs a signed-in admin: 401, then 403 for a manager, keeping the image", async () => {
      const image = await (await api.upload()).json();
      expect((await api.remove(image.id, null)).status).toBe(401);
      expect((await api.remove(image.id, "manager")).status).toBe(403);
      expect(storedFiles()).toContain(image.filename);
      expect((await api.get(`/admin/api/stock-images/${image.id}`, "manager")).status).toBe(200);
    });

    it.each(["999999", "abc", "0", "-1", "1.5", "1e3"])("answers 404 for the id %s", async (id) => {
      const response = await api.remove(id);
      expect(response.status).toBe(404);
      expect((await response.json()).error).toBe("Image not found");
    });
  });

  describe("GET /admin/api/stock-images/{id}/preview and /uploads/{filename}", () => {
    let image: { id: number; filename: string };
    const bytes = pngBytes(20, 10);
    beforeAll(async () => {
      image = await (await api.upload({ file: { bytes, name: "Café logo.png" }, location: "formlogo1" })).json();
    });

    it("serves the image to anyone, with its type, nosniff, an ETag and a year's caching", async () => {
      for (const urlPath of [`/admin/api/stock-images/${image.id}/preview`, `/uploads/${image.filename}`]) {
        const response = await api.get(urlPath);
        expect(response.status, urlPath).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/png");
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(response.headers.get("etag")).toBe(`"${image.filename}"`);
        expect(response.headers.get("content-length")).toBe(String(bytes.length));
        expect(response.headers.get("content-disposition")).toBe(`inline; filename="Caf_ logo.png"; filename*=UTF-8''Caf%C3%A9%20logo.png`);
        expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
      }
    });

    it("answers 304 with no body when the browser already has it", async () => {
      const response = await api.get(`/admin/api/stock-images/${image.id}/preview`, undefined, { "If-None-Match": `"${image.filename}"` });
      expect(response.status).toBe(304);
      expect(response.headers.get("etag")).toBe(`"${image.filename}"`);
      expect(await response.text()).toBe("");
      const other = await api.get(`/admin/api/stock-images/${image.id}/preview`, undefined, { "If-None-Match": '"something-else"' });
      expect(other.status).toBe(200);
    });

    it("answers HEAD with the headers only", async () => {
      const response = await publicClient(server).request("HEAD", `/admin/api/stock-images/${image.id}/preview`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-length")).toBe(String(bytes.length));
    });

    it.each(["999999", "abc", "0", "1e0", "-3"])("answers 404 for the preview of id %s", async (id) => {
      const response = await api.get(`/admin/api/stock-images/${id}/preview`);
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    });

    it("serves only names recorded in the table: no other file and no path outside the folder", async () => {
      fs.writeFileSync(path.join(uploadsFolder(), "planted.png"), pngBytes());
      for (const name of ["planted.png", "..%2Fapp.db", "%2E%2E%2Fapp.db", "..%5Capp.db", "app.db", encodeURIComponent(`../uploads/${image.filename}`)]) {
        const response = await api.get(`/uploads/${name}`);
        expect(response.status, name).toBe(404);
      }
      expect((await api.get("/uploads/../app.db")).status).toBe(404);
    });

    it("answers 404 when the record is there but its file is gone", async () => {
      const lost = await (await api.upload({ location: "services" })).json();
      fs.rmSync(path.join(uploadsFolder(), lost.filename));
      expect((await api.get(`/admin/api/stock-images/${lost.id}/preview`)).status).toBe(404);
    });

    it("is read-only", async () => {
      const response = await staff.admin.post(`/admin/api/stock-images/${image.id}/preview`);
      expect(response.status).toBe(405);
      expect((await publicClient(server).delete(`/uploads/${image.filename}`)).status).toBe(405);
      expect(storedFiles()).toContain(image.filename);
    });

    it("stops serving an image once it is deleted", async () => {
      expect((await api.remove(image.id)).status).toBe(204);
      expect((await api.get(`/admin/api/stock-images/${image.id}/preview`)).status).toBe(404);
      expect((await api.get(`/uploads/${image.filename}`)).status).toBe(404);
    });
  });
});

describe("stock image routes with S3 storage (BUCKET_NAME set)", () => {
  let s3: TestS3Server;
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;
  let bucket: S3Storage;

  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startTestServer({ ...TEST_OWNER_ENV, ...s3.env });
    api = apiClient(server, await staffOfEveryRole(server));
    bucket = new S3Storage({
      bucket: s3.bucket,
      region: "auto",
      endpoint: s3.endpoint,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
  });
  afterAll(async () => {
    await bucket?.destroy();
    await server?.stop();
    await s3?.stop();
  });

  it("uploads into the bucket (not DATA_DIR), serves it byte for byte, and deletes it from the bucket", async () => {
    const bytes = pngBytes(120, 80);
    const response = await api.upload({ file: { bytes, name: "hero.png" }, location: "hero-section" });
    expect(response.status).toBe(201);
    const image = await response.json();
    expect(fs.existsSync(path.join(server.dataDir, "uploads"))).toBe(false);
    const stored = await bucket.get(image.filename);
    expect(stored?.size).toBe(bytes.length);
    stored?.body.destroy();

    const preview = await api.get(`/admin/api/stock-images/${image.id}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await preview.arrayBuffer()).equals(bytes)).toBe(true);

    expect((await api.remove(image.id)).status).toBe(204);
    expect(await bucket.get(image.filename)).toBeNull();
    expect((await api.get(`/admin/api/stock-images/${image.id}/preview`)).status).toBe(404);
  });

  it("refuses a bad upload without putting anything in the bucket", async () => {
    const response = await api.upload({ file: { bytes: NOT_AN_IMAGE, name: "fake.png" } });
    expect(response.status).toBe(400);
    expect(fs.readdirSync(path.join(s3.directory, s3.bucket)).filter((name) => !name.startsWith("."))).toEqual([]);
  });
});
