/**
 * Which raster image a file holds, read from its first bytes: never from its name or the type the browser declared. SVG (which can carry scripts) and
 * everything else is refused. Shared by the server's check and the upload form's check before sending.
 */

export interface ImageType {
  contentType: "image/jpeg" | "image/png" | "image/gif" | "image/webp" | "image/avif";
  extension: "jpg" | "png" | "gif" | "webp" | "avif";
}

/** Enough of the start of a file to recognise every type below (AVIF's ftyp box included). */
export const IMAGE_SIGNATURE_BYTES = 64;

export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"] as const;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(text: string): number[] {
  return Array.from(text, (character) => character.charCodeAt(0));
}

const AVIF_BRANDS = ["avif", "avis"];

/** An ISO-BMFF `ftyp` box whose major or a compatible brand is AVIF. */
function isAvif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii("ftyp"), 4)) return false;
  const boxSize = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
  const end = Math.min(boxSize, bytes.length);
  if (boxSize < 16) return false;
  // Major brand at 8, minor version at 12, compatible brands from 16 on.
  for (let offset = 8; offset + 4 <= end; offset += offset === 8 ? 8 : 4) {
    if (AVIF_BRANDS.some((brand) => startsWith(bytes, ascii(brand), offset))) return true;
  }
  return false;
}

export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", extension: "jpg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: "image/png", extension: "png" };
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return { contentType: "image/gif", extension: "gif" };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return { contentType: "image/webp", extension: "webp" };
  if (isAvif(bytes)) return { contentType: "image/avif", extension: "avif" };
  return null;
}

/** The largest image staff may upload (SPEC section 9: 10 MB). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
