import { crc32 } from "node:zlib";

import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { IMAGE_ERRORS } from "~/copy/images";

import { MAX_IMAGE_PIXELS, processUpload } from "./image-processing.server";

const MB = 1024 * 1024;

// Real images, drawn by sharp: a gradient so that encoders have something to compress.
async function photo(width: number, height: number, format: "jpeg" | "png" | "webp" | "gif" | "avif", alpha = false) {
  const channels = alpha ? 4 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7) % 251;
  return sharp(pixels, { raw: { width, height, channels } }).toFormat(format).toBuffer();
}

const file = (bytes: Buffer | string, name: string, type: string) =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

/** A PNG's header rewritten to claim another size, with its checksum fixed so only the size is wrong. */
function withPngSize(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}

describe("processUpload", () => {
  it("stores AVIF, WebP and a JPEG fallback at each width up to the image's own", async () => {
    const result = await processUpload(file(await photo(700, 70, "jpeg"), "team.jpg", "image/jpeg"), 5 * MB);
    if ("error" in result) throw new Error(result.error);
    expect(result).toMatchObject({ width: 700, height: 70, widths: [96, 320, 640, 700], fallback: "jpg" });
    const seen = await Promise.all(
      result.variants.map(async (variant) => {
        const meta = await sharp(variant.bytes).metadata();
        return `${variant.width}.${variant.extension}=${meta.format}:${meta.width}x${meta.height}`;
      }),
    );
    expect(seen.sort()).toEqual(
      [
        "96.avif=heif:96x10",
        "96.webp=webp:96x10",
        "96.jpg=jpeg:96x10",
        "320.avif=heif:320x32",
        "320.webp=webp:320x32",
        "320.jpg=jpeg:320x32",
        "640.avif=heif:640x64",
        "640.webp=webp:640x64",
        "640.jpg=jpeg:640x64",
        "700.avif=heif:700x70",
        "700.webp=webp:700x70",
        "700.jpg=jpeg:700x70",
      ].sort(),
    );
  });

  it("never keeps more than 1920 pixels of width", async () => {
    const result = await processUpload(file(await photo(2400, 40, "webp"), "wide.webp", "image/webp"), 5 * MB);
    expect(result).toMatchObject({ width: 1920, height: 32, widths: [96, 320, 640, 960, 1280, 1920] });
  });

  it("keeps transparency in a PNG fallback", async () => {
    const result = await processUpload(file(await photo(300, 300, "png", true), "logo.png", "image/png"), 5 * MB);
    expect(result).toMatchObject({ widths: [96, 300], fallback: "png" });
  });

  it("takes a PNG declared as a JPEG for the PNG it is", async () => {
    const result = await processUpload(file(await photo(200, 100, "png", true), "photo.jpg", "image/jpeg"), 5 * MB);
    expect(result).toMatchObject({ width: 200, height: 100, fallback: "png" });
  });

  it.each(["gif", "avif"] as const)("accepts a %s upload", async (format) => {
    const result = await processUpload(file(await photo(120, 80, format), `a.${format}`, `image/${format}`), 5 * MB);
    expect(result).toMatchObject({ width: 120, height: 80 });
  });

  it("drops the EXIF data a photo carries (a phone's location)", async () => {
    const withExif = await sharp(await photo(100, 100, "jpeg"))
      .withExif({ IFD0: { Copyright: "somebody", Make: "Phone" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const result = await processUpload(file(withExif, "a.jpg", "image/jpeg"), 5 * MB);
    if ("error" in result) throw new Error(result.error);
    for (const variant of result.variants) expect((await sharp(variant.bytes).metadata()).exif).toBeUndefined();
  });

  it("makes a favicon's 32 and 180 pixel squares", async () => {
    const result = await processUpload(file(await photo(400, 200, "png"), "icon.png", "image/png"), 5 * MB, "favicon");
    if ("error" in result) throw new Error(result.error);
    expect(result).toMatchObject({ width: 180, height: 180, widths: [32, 180], fallback: "png" });
    const sizes = await Promise.all(result.variants.map(async (v) => (await sharp(v.bytes).metadata()).width));
    expect(sizes).toEqual([32, 180]);
  });

  it("refuses an HTML file renamed .png", async () => {
    const html = "<!doctype html><script>alert(1)</script>";
    expect(await processUpload(file(html, "cat.png", "image/png"), 5 * MB)).toEqual({ error: IMAGE_ERRORS.notImage });
  });

  it("refuses an SVG, even one declared as an image, since it can carry a script", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="9" height="9"/></svg>';
    expect(await processUpload(file(svg, "logo.svg", "image/svg+xml"), 5 * MB)).toEqual({
      error: IMAGE_ERRORS.notImage,
    });
  });

  it("refuses a truncated file", async () => {
    const jpeg = await photo(400, 300, "jpeg");
    const cut = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect(await processUpload(file(cut, "cut.jpg", "image/jpeg"), 5 * MB)).toEqual({
      error: IMAGE_ERRORS.unreadable,
    });
  });

  it("refuses a small file whose header claims a decompression bomb's size, before decoding it", async () => {
    const bomb = withPngSize(await photo(10, 10, "png"), 50_000, 50_000);
    expect(bomb.length).toBeLessThan(1024);
    expect(await processUpload(file(bomb, "bomb.png", "image/png"), 5 * MB)).toEqual({
      error: IMAGE_ERRORS.tooManyPixels(MAX_IMAGE_PIXELS / 1_000_000),
    });
  });

  it("refuses a file over the size limit", async () => {
    const jpeg = await photo(200, 200, "jpeg");
    expect(await processUpload(file(jpeg, "a.jpg", "image/jpeg"), jpeg.length - 1)).toEqual({
      error: IMAGE_ERRORS.tooLarge(jpeg.length - 1),
    });
  });
});
