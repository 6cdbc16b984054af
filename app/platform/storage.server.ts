import crypto from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client } from "@aws-sdk/client-s3";
import { env } from "./env.server";
import { newS3Client, s3Sdk, type S3ClientSettings } from "./s3-client.server";

/**
 * Where uploaded images live (DESIGN.md, Images): files under `DATA_DIR/uploads` by default, or an S3 bucket when `BUCKET_NAME` is set. Keys are the random
 * stored names the app makes; nothing a visitor typed.
 */

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string | null;
}

export interface PutOptions {
  contentType: string;
  /** Needed with a stream (S3 must be told the length up front). */
  size?: number;
}

export interface Storage {
  put(key: string, body: Uint8Array | Readable, options: PutOptions): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing one that is already gone is not an error. */
  delete(key: string): Promise<void>;
}

/** Letters, digits, dot, dash and underscore, not starting with a dot: no folders, no `..`. */
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

/** A new random stored name for an image of this type, e.g. `3f9c...e1.png`. */
export function newStorageKey(extension: string): string {
  return `${crypto.randomBytes(16).toString("hex")}.${extension}`;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
};

function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === "ENOENT";
}

/** Files in one folder. A key never reaches outside it. */
export class LocalStorage implements Storage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    const file = path.join(this.root, key);
    if (path.dirname(file) !== this.root) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    return file;
  }

  async put(key: string, body: Uint8Array | Readable, _options: PutOptions): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(this.root, { recursive: true });
    // Written beside the final name, then renamed: a reader never sees half a file.
    const partial = `${file}.${crypto.randomBytes(6).toString("hex")}.partial`;
    try {
      await pipeline(body instanceof Readable ? body : Readable.from([body]), createWriteStream(partial, { flags: "wx" }));
      await fs.rename(partial, file);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    try {
      // Opened once: the size and the bytes come from the same file, even if it is deleted meanwhile.
      const handle = await fs.open(file, "r");
      const { size } = await handle.stat();
      const extension = path.extname(key).slice(1).toLowerCase();
      return { body: handle.createReadStream(), size, contentType: TYPES_BY_EXTENSION[extension] ?? null };
    } catch (error) {
      if (isMissingFile(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}

export interface S3StorageOptions extends S3ClientSettings {
  bucket: string;
}

/** Objects in an S3 (or S3-compatible) bucket, named by key. */
export class S3Storage implements Storage {
  readonly bucket: string;
  private readonly client: Promise<S3Client>;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = newS3Client(options);
  }

  async put(key: string, body: Uint8Array | Readable, options: PutOptions): Promise<void> {
    assertSafeKey(key);
    if (body instanceof Readable && options.size === undefined) throw new Error("S3Storage.put needs the size of a streamed body");
    const { PutObjectCommand } = await s3Sdk();
    const client = await this.client;
    await client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: options.contentType,
        ContentLength: options.size ?? (body as Uint8Array).byteLength,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    const { GetObjectCommand, NoSuchKey, S3ServiceException } = await s3Sdk();
    try {
      const object = await (await this.client).send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(object.Body instanceof Readable)) throw new Error("S3 answered without a readable body");
      return { body: object.Body, size: object.ContentLength ?? 0, contentType: object.ContentType ?? null };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const { DeleteObjectCommand } = await s3Sdk();
    await (await this.client).send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async destroy(): Promise<void> {
    (await this.client).destroy();
  }
}

let chosen: Storage | undefined;

/** The storage configured for this server, chosen once. */
export function getStorage(): Storage {
  chosen ??= env.BUCKET_NAME ? new S3Storage({ bucket: env.BUCKET_NAME }) : new LocalStorage(path.join(env.DATA_DIR, "uploads"));
  return chosen;
}
