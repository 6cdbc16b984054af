import crypto from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";
import { detectImageType, IMAGE_SIGNATURE_BYTES, MAX_IMAGE_BYTES, type ImageType } from "~/lib/image-type";
import { boundedBody, BodyTooLargeError, discardRest } from "./request-body.server";

/**
 * Reads an image upload (a multipart form post) as it streams in: the file is spooled to a temporary file, never held in memory, and reading stops as soon as
 * it passes 10 MB. The type is read from the file's first bytes. Whatever happens, the temporary file is gone when the caller is done.
 */

/** The form's file field (SPEC section 7: `image`). */
export const IMAGE_FIELD = "image";

/** Room for the text fields and the multipart framing around a 10 MB file. */
export const MAX_UPLOAD_BODY_BYTES = MAX_IMAGE_BYTES + 64 * 1024;
/**
 * Each text field (location, description) is short: no more of one than this is kept. It is still more than any of them accepts, so a longer one is refused by
 * the form's own rules, with its own message.
 */
const MAX_TEXT_FIELD_BYTES = 8 * 1024;
/** After a refusal the rest of the body is read and dropped, so the browser (still sending) receives the answer; past this much the connection is dropped. */
const MAX_DISCARDED_BYTES = 100 * 1024 * 1024;

export interface IncomingImage {
  /** The name on the visitor's computer: kept as data only. */
  originalName: string;
  size: number;
  /** What the bytes are, or null when they are not an accepted image. */
  type: ImageType | null;
  /** The spooled copy (temporary). */
  path: string;
}

export interface StockImageUpload {
  fields: Record<string, string>;
  file: IncomingImage | null;
  /** The body or the file passed the limit; nothing after that point was read. */
  tooLarge: boolean;
  /** The body was not a readable multipart form. */
  malformed: boolean;
}

class TooLarge extends Error {}

function isMultipart(request: Request): boolean {
  return /^multipart\/form-data;.*boundary=/i.test(request.headers.get("Content-Type") ?? "");
}

/** A text field's value: its first MAX_TEXT_FIELD_BYTES; the rest is read past (the whole body stays within its limit). */
async function readText(data: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    if (size < MAX_TEXT_FIELD_BYTES) chunks.push(chunk.subarray(0, MAX_TEXT_FIELD_BYTES - size));
    size += chunk.byteLength;
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function skip(data: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const _chunk of data) {
    // Parts the form does not have are read past, not kept.
  }
}

function write(stream: WriteStream, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(chunk, (error) => (error ? reject(error) : resolve()));
  });
}

function close(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once("error", reject);
    stream.end(resolve);
  });
}

/** Copies the file part to `target`, stopping past 10 MB, and recognises its type from the first bytes. */
async function spool(part: UploadHandlerPart, target: string): Promise<IncomingImage> {
  const stream = createWriteStream(target, { flags: "wx", mode: 0o600 });
  const head: Uint8Array[] = [];
  let headSize = 0;
  let size = 0;
  try {
    for await (const chunk of part.data) {
      size += chunk.byteLength;
      if (size > MAX_IMAGE_BYTES) throw new TooLarge();
      if (headSize < IMAGE_SIGNATURE_BYTES) {
        head.push(chunk);
        headSize += chunk.byteLength;
      }
      await write(stream, chunk);
    }
  } finally {
    await close(stream);
  }
  return {
    originalName: part.filename ?? "",
    size,
    type: detectImageType(Buffer.concat(head).subarray(0, IMAGE_SIGNATURE_BYTES)),
    path: target,
  };
}

/** Reads the upload and hands it to `use`; the temporary file is removed afterwards, whether `use` stored it, refused it or failed. */
export async function withStockImageUpload<T>(request: Request, use: (upload: StockImageUpload) => Promise<T>): Promise<T> {
  const empty: StockImageUpload = { fields: {}, file: null, tooLarge: false, malformed: false };
  let body: ReadableStream<Uint8Array>;
  try {
    body = boundedBody(request, MAX_UPLOAD_BODY_BYTES, MAX_DISCARDED_BYTES);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    // Refused on its declared size alone: not one byte of it is kept.
    void discardRest(request, MAX_DISCARDED_BYTES);
    return use({ ...empty, tooLarge: true });
  }
  if (!isMultipart(request)) return use({ ...empty, malformed: true });

  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "stock-image-upload-"));
  const upload: StockImageUpload = { ...empty, fields: {} };
  try {
    const limited = new Request(request.url, {
      method: "POST",
      headers: request.headers,
      body,
      duplex: "half",
    } as RequestInit);
    try {
      const form = await unstable_parseMultipartFormData(limited, async (part) => {
        if (part.name === IMAGE_FIELD && typeof part.filename === "string" && !upload.file) {
          const file = await spool(part, path.join(folder, crypto.randomBytes(8).toString("hex")));
          // A form sent with no file chosen has an empty part with no name.
          if (file.size > 0 || file.originalName) upload.file = file;
          return undefined;
        }
        if (typeof part.filename === "string") {
          await skip(part.data);
          return undefined;
        }
        return readText(part.data);
      });
      for (const [name, value] of form) if (typeof value === "string") upload.fields[name] ??= value;
    } catch (error) {
      const tooLarge = error instanceof TooLarge || error instanceof BodyTooLargeError || (error instanceof Error && error.cause instanceof BodyTooLargeError);
      if (tooLarge) upload.tooLarge = true;
      else if (error instanceof Error && /malformed|Could not parse/i.test(error.message)) upload.malformed = true;
      else throw error;
    }
    if (upload.tooLarge || upload.malformed) {
      upload.file = null;
      void discardRest(request, MAX_DISCARDED_BYTES);
    }
    return await use(upload);
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}
