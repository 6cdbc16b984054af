import zlib from "node:zlib";

/** Real image bytes made in the test, so uploads exercise genuine files. */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid RGB PNG. By default 1×1; larger ones get a diagonal two-colour
 * gradient so a screenshot shows that the picture really loaded.
 */
export function pngBytes(width = 1, height = 1, from: [number, number, number] = [37, 99, 235], to: [number, number, number] = [251, 191, 36]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const t = width + height > 2 ? (x + y) / (width + height - 2) : 0;
      for (let c = 0; c < 3; c++) rows[row + 1 + x * 3 + c] = Math.round(from[c] + (to[c] - from[c]) * t);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Text that calls itself a PNG: the name says image, the bytes do not. */
export const NOT_AN_IMAGE = Buffer.from("This is a plain text note saved with a .png name.\n".repeat(20));

/** An SVG: refused even though browsers show it as an image (it can carry scripts). */
export const SVG_IMAGE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

/** Just over the 10 MB limit, starting like a real PNG so only its size is wrong. */
export function oversizedPng(): Buffer {
  const buffer = Buffer.alloc(11 * 1024 * 1024, 0x42);
  pngBytes().copy(buffer, 0);
  return buffer;
}
