import type { Readable } from "node:stream";
import { VARIANT_CONTENT_TYPES, VARIANT_FORMATS, VARIANT_WIDTHS, type VariantFormat, type VariantWidth } from "./image-variants";
import { getStorage } from "./storage.server";
import { logger } from "./logger.server";
import { workInTurn } from "./work-in-turn.server";

/**
 * Makes and keeps the resized variants of uploaded images. A variant is made the first time it is asked for and stored beside the upload (local files or S3
 * alike), so it is made once per storage, not once per server or request.
 */

type Sharp = (typeof import("sharp"))["default"];
let loadedSharp: Promise<Sharp> | undefined;

/** sharp (and libvips), loaded with the first picture read rather than as the server starts. */
function sharpLoaded(): Promise<Sharp> {
  loadedSharp ??= import("sharp").then(({ default: sharp }) => {
    // One libvips thread per picture and no operation cache: with decodes queued below, pictures' memory stays bounded by one original, not cores or cache.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loadedSharp;
}

/** Sharp refuses pictures larger than this many pixels (a guard against decompression bombs). */
const MAX_INPUT_PIXELS = 100_000_000;

/** Quality where the pictures still look like the original on a phone, at a fraction of the bytes. */
const ENCODING = { avif: { quality: 50, effort: 4 }, webp: { quality: 75, effort: 4 } } as const;

/** Where a variant is kept: `3f9c...e1.png` at 640 wide as WebP is `3f9c...e1.w640.webp`. */
export function variantStorageKey(filename: string, width: VariantWidth, format: VariantFormat): string {
  return `${filename.replace(/\.[a-z0-9]+$/i, "")}.w${width}.${format}`;
}

/** Every variant key an upload can have, for removing them with it. */
export function allVariantStorageKeys(filename: string): string[] {
  return VARIANT_WIDTHS.flatMap((width) => VARIANT_FORMATS.map((format) => variantStorageKey(filename, width, format)));
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The upright pixel size of an image file or buffer (EXIF rotation applied), or null when sharp cannot read it. */
export async function readImageSize(input: string | Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const sharp = await sharpLoaded();
    const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const { width, height } = metadata.autoOrient ?? metadata;
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** The size of an image already in storage, or null when its file is missing or unreadable. */
export async function readStoredImageSize(filename: string): Promise<{ width: number; height: number } | null> {
  const stored = await getStorage().get(filename);
  if (!stored) return null;
  return readImageSize(await readAll(stored.body));
}

export interface Variant {
  body: Buffer | Readable;
  size: number;
  contentType: string;
}

/** The resized picture, or null when sharp cannot read the upload (its bytes looked like an image but are not one). */
async function resize(original: Buffer, width: VariantWidth, format: VariantFormat): Promise<Buffer | null> {
  try {
    const sharp = await sharpLoaded();
    const resized = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient().resize({ width, withoutEnlargement: true });
    return await resized[format](ENCODING[format]).toBuffer();
  } catch (error) {
    logger.error(
      { event: "image.variant_failed", width, format, bytes: original.length, err: error },
      `No ${width}px ${format} variant could be made of a ${original.length}-byte upload`,
    );
    return null;
  }
}

async function makeVariant(filename: string, width: VariantWidth, format: VariantFormat): Promise<Variant | null> {
  const storage = getStorage();
  const key = variantStorageKey(filename, width, format);
  const original = await storage.get(filename);
  if (!original) return null;
  const body = await resize(await readAll(original.body), width, format);
  if (!body) return null;
  await storage.put(key, body, { contentType: VARIANT_CONTENT_TYPES[format] });
  return { body, size: body.length, contentType: VARIANT_CONTENT_TYPES[format] };
}

/** Told to a visitor whose variant could not be queued: try again in this many seconds. */
export const VARIANT_RETRY_AFTER_SECONDS = 5;

/** Every decoding slot is taken and the waiting list is full: answer 503, try again later. */
export class ImageDecodersBusy extends Error {
  constructor() {
    super("Busy resizing other pictures; try again shortly");
  }
}

/**
 * One variant is made at a time (the original read and decoded: up to 10 MB of file and 100 megapixels each, so memory stays bounded on the smallest machine),
 * at most 16 wait for a slot, in order; beyond that ImageDecodersBusy (503). Variants made once are kept.
 */
const inDecodingSlot = workInTurn(
  () => ({ running: 1, waiting: 16 }),
  () => new ImageDecodersBusy(),
);

/** One making of each variant at a time: visitors asking for it meanwhile wait for the same result. */
const inProgress = new Map<string, Promise<Variant | null>>();

/** The stored variant, made now if need be; null when the upload's file is missing or unreadable. Throws ImageDecodersBusy when too many are being made. */
export async function getVariant(filename: string, width: VariantWidth, format: VariantFormat): Promise<Variant | null> {
  const key = variantStorageKey(filename, width, format);
  const stored = await getStorage().get(key);
  if (stored) return { body: stored.body, size: stored.size, contentType: VARIANT_CONTENT_TYPES[format] };
  let making = inProgress.get(key);
  if (!making) {
    making = inDecodingSlot(() => makeVariant(filename, width, format)).finally(() => inProgress.delete(key));
    inProgress.set(key, making);
  }
  return making;
}
