import { describe, expect, it } from "vitest";
import { detectImageType } from "~/lib/image-type";
import { formatMegabytes } from "~/features/content/stock-images";
import { NOT_AN_IMAGE, pngBytes, SVG_IMAGE } from "../support/images";

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : Buffer.from(part)))));

describe("detectImageType", () => {
  it.each([
    ["a PNG", new Uint8Array(pngBytes()), "image/png", "png"],
    ["a JPEG", bytes([0xff, 0xd8, 0xff, 0xdb], "rest"), "image/jpeg", "jpg"],
    ["a GIF87a", bytes("GIF87a", [1, 0, 1, 0]), "image/gif", "gif"],
    ["a GIF89a", bytes("GIF89a", [1, 0, 1, 0]), "image/gif", "gif"],
    ["a WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8L"), "image/webp", "webp"],
    ["an AVIF (major brand)", bytes([0, 0, 0, 0x18], "ftypavif", [0, 0, 0, 0], "mif1miaf"), "image/avif", "avif"],
    ["an AVIF sequence", bytes([0, 0, 0, 0x18], "ftypavis", [0, 0, 0, 0], "msf1miaf"), "image/avif", "avif"],
    ["an AVIF among compatible brands", bytes([0, 0, 0, 0x1c], "ftypmif1", [0, 0, 0, 0], "mif1miafavif"), "image/avif", "avif"],
  ])("recognises %s", (_case, input, contentType, extension) => {
    expect(detectImageType(input)).toEqual({ contentType, extension });
  });

  it.each([
    ["text", new Uint8Array(NOT_AN_IMAGE)],
    ["an SVG", new Uint8Array(SVG_IMAGE)],
    ["nothing", new Uint8Array(0)],
    ["a cut-off PNG signature", new Uint8Array(pngBytes().subarray(0, 5))],
    ["a RIFF that is not WebP (a WAV)", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
    ["an HEIC photo", bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1heic")],
    ["an MP4 video", bytes([0, 0, 0, 0x18], "ftypisom", [0, 0, 0, 0], "isomiso2")],
    ["a brand past the ftyp box", bytes([0, 0, 0, 0x10], "ftypmif1", [0, 0, 0, 0], "avif")],
    ["HTML", bytes("<!doctype html><script>alert(1)</script>")],
  ])("refuses %s", (_case, input) => {
    expect(detectImageType(input)).toBeNull();
  });
});

describe("formatMegabytes", () => {
  it.each([
    [0, "0.00 MB"],
    [70, "< 0.01 MB"],
    [1024 * 1024, "1.00 MB"],
    [2.5 * 1024 * 1024, "2.50 MB"],
    [10 * 1024 * 1024, "10.00 MB"],
  ])("shows %i bytes as %s", (size, text) => {
    expect(formatMegabytes(size)).toBe(text);
  });
});
