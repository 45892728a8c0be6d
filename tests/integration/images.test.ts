import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { founderInfo, images, services } from "~/db/schema";
import { type Env, getEnv } from "~/lib/env.server";
import { parseStoredImageUrl, variantUrl } from "~/lib/images";
import { recordChatUpload } from "~/models/chat-uploads.server";
import { loader as imageLoader } from "~/routes/images";
import { storeUploadedImage } from "~/services/images.server";
import { uploadRoomRefusal } from "~/services/upload-capacity.server";

import { createTestAdmin } from "../support/factories";
import { productText } from "../support/product-text";
import { send, sessionFor, TEST_ORIGIN } from "../support/route-args";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";

// Uploaded images on both databases: the images table, the files under DATA_DIR/images, the route
// that serves them, the quota shared with chat files, and the service form that takes a file.

const NOT_IMAGE = productText("This file is not an image we can use. Upload a JPEG, PNG, WebP, AVIF or GIF file.");
const FULL = productText("There is no room to store images right now. Use an image URL instead, or free some space.");

async function jpegFile(width: number, height: number, name = "photo.jpg"): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: "#4f46e5" } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
}

const globalEnv = globalThis as typeof globalThis & { __appEnv?: Env };
let original: Env;
let dataDir: string;
async function withEnv<T>(overrides: Partial<Env>, body: () => Promise<T>): Promise<T> {
  globalEnv.__appEnv = { ...original, DATA_DIR: dataDir, ...overrides };
  try {
    return await body();
  } finally {
    globalEnv.__appEnv = original;
  }
}

function getVariant(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const [, , id, file] = url.split("/");
  const request = new Request(`${TEST_ORIGIN}${url}`, { headers });
  return Promise.resolve(
    imageLoader({ request, params: { id, file }, context: {} } as unknown as Parameters<typeof imageLoader>[0]),
  ).catch((thrown: unknown) => thrown as Response);
}

describe.each(BACKENDS)("uploaded images on %s", (backend) => {
  useTestDatabase(backend);
  beforeAll(() => {
    original = getEnv();
    dataDir = mkdtempSync(path.join(tmpdir(), "agency-images-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("stores the variants, records the image, and serves each variant for a year", async () => {
    const upload = await jpegFile(700, 350);
    const stored = await withEnv({}, () => storeUploadedImage(upload));
    if ("error" in stored) throw new Error(stored.error);
    const image = parseStoredImageUrl(stored.url);
    expect(image).toMatchObject({ width: 700, height: 350, fallback: "jpg" });
    const [row] = await db().select().from(images).where(eq(images.id, image!.id));
    expect(row).toMatchObject({
      store: "local",
      width: 700,
      height: 350,
      widths: [96, 320, 640, 700],
      fallback: "jpg",
    });
    const files = readdirSync(path.join(dataDir, "images", row.id)).sort();
    expect(files).toEqual(["96", "320", "640", "700"].flatMap((w) => [`${w}.avif`, `${w}.jpg`, `${w}.webp`]).sort());

    await withEnv({}, async () => {
      const avif = await getVariant(variantUrl(row.id, 640, "avif"));
      expect(avif.status).toBe(200);
      expect(avif.headers.get("Content-Type")).toBe("image/avif");
      expect(avif.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect((await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).width).toBe(640);

      const fallback = await getVariant(stored.url);
      expect([fallback.status, fallback.headers.get("Content-Type")]).toEqual([200, "image/jpeg"]);
      const etag = fallback.headers.get("ETag")!;
      expect((await getVariant(stored.url, { "If-None-Match": etag })).status).toBe(304);

      // Only the widths stored, and never a format outside the image's own.
      expect((await getVariant(variantUrl(row.id, 960, "webp"))).status).toBe(404);
      expect((await getVariant(variantUrl(row.id, 320, "png"))).status).toBe(404);
      expect((await getVariant(`/images/${row.id}/320x160.jpg`)).status).toBe(404);
      expect((await getVariant(variantUrl(crypto.randomUUID(), 320, "jpg"))).status).toBe(404);
    });
  });

  it("counts images and chat files against the same UPLOADS_MAX_TOTAL_MB", async () => {
    await db().execute(sql`delete from chat_uploads`);
    await db().execute(sql`delete from images`);
    await withEnv({ UPLOADS_MAX_TOTAL_MB: 1 }, async () => {
      const store = { kind: "local" as const, dir: path.join(dataDir, "uploads") };
      await recordChatUpload({ name: `${Date.now()}-chat.png`, store: "local", bytes: 600_000 });
      expect(await uploadRoomRefusal(400_000, store, getEnv())).toBeNull();
      await db()
        .insert(images)
        .values({ store: "local", width: 1, height: 1, widths: [1], fallback: "png", bytes: 448_000 });
      // 576 bytes are left of the megabyte: neither the chat's next file nor the next image fits.
      expect(await uploadRoomRefusal(1000, store, getEnv())).toBe("UPLOADS_MAX_TOTAL_MB");
      const before = await db().select().from(images);
      expect(await storeUploadedImage(await jpegFile(400, 400))).toEqual({ error: FULL });
      expect(await db().select().from(images)).toHaveLength(before.length);
    });
  });

  it("saves a service with an uploaded image, and keeps the form with the reason when the file is refused", async () => {
    const cookie = await sessionFor(await createTestAdmin(db()));
    const name = uniqueName("Imaged service");
    const post = (file: File, imageUrl = "") => {
      const form = new FormData();
      for (const [key, value] of Object.entries({
        name,
        category: "ai-automation",
        description: "d",
        setupPrice: "99",
        imageUrl,
      })) {
        form.set(key, value);
      }
      form.set("imageFile", file);
      return send(
        new Request(`${TEST_ORIGIN}/admin/services/new`, { method: "POST", body: form, headers: { Cookie: cookie } }),
      );
    };
    await withEnv({}, async () => {
      const refused = await post(
        new File(["<!doctype html><p>hi"], "cat.png", { type: "image/png" }),
        "https://example.com/a.png",
      );
      expect(refused.status).toBe(400);
      const { result } = refused.actionData as {
        result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
      };
      expect(result.error).toEqual({ imageFile: [NOT_IMAGE] });
      expect(result.initialValue).toMatchObject({ name, setupPrice: "99", imageUrl: "https://example.com/a.png" });
      expect(await db().select().from(services).where(eq(services.name, name))).toHaveLength(0);

      // With no file picked, the browser still sends the empty file input: the URL is kept.
      const withUrl = await post(new File([], "", { type: "application/octet-stream" }), "https://example.com/b.png");
      expect(withUrl.status).toBe(302);
      await db().delete(services).where(eq(services.name, name));

      const saved = await post(await jpegFile(900, 120, "shop.png"), "https://example.com/ignored.png");
      expect([saved.status, saved.location]).toEqual([302, "/admin/services"]);
      const [service] = await db().select().from(services).where(eq(services.name, name));
      expect(parseStoredImageUrl(service.imageUrl)).toMatchObject({ width: 900, height: 120, fallback: "jpg" });
      expect(existsSync(path.join(dataDir, "images", parseStoredImageUrl(service.imageUrl)!.id, "900.avif"))).toBe(
        true,
      );
    });
  });

  it("keeps a favicon as 32 and 180 pixel PNGs, and the founder's photo from its form", async () => {
    await withEnv({}, async () => {
      const favicon = await storeUploadedImage(await jpegFile(300, 200, "icon.jpg"), "favicon");
      if ("error" in favicon) throw new Error(favicon.error);
      const id = parseStoredImageUrl(favicon.url)!.id;
      expect(favicon.url).toBe(`/images/${id}/180x180.png`);
      expect(readdirSync(path.join(dataDir, "images", id)).sort()).toEqual(["180.png", "32.png"]);
      expect((await getVariant(variantUrl(id, 32, "png"))).status).toBe(200);
      expect((await getVariant(variantUrl(id, 32, "avif"))).status).toBe(404);

      const cookie = await sessionFor(await createTestAdmin(db()));
      const form = new FormData();
      const fields = { intent: "save", name: uniqueName("Founder"), bio: "Builds automations.", experienceYears: "3" };
      for (const [key, value] of Object.entries({ ...fields, projectsCompleted: "4", clientsServed: "5" })) {
        form.set(key, value);
      }
      form.set("profileImageFile", await jpegFile(500, 500, "me.jpg"));
      const saved = await send(
        new Request(`${TEST_ORIGIN}/admin/founder`, { method: "POST", body: form, headers: { Cookie: cookie } }),
      );
      expect(saved.status).toBe(302);
      const [founder] = await db().select().from(founderInfo);
      expect(parseStoredImageUrl(founder.profileImageUrl)).toMatchObject({ width: 500, height: 500 });
    });
  });
});
