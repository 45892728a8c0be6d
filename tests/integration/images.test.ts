import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { db } from "~/db/client.server";
import { clientLogos, founderInfo, images, services } from "~/db/schema";
import { type Env, getEnv } from "~/lib/env.server";
import { parseFaviconUrl, parseStoredImageUrl, variantUrl } from "~/lib/images";
import { recordChatUpload } from "~/models/chat-uploads.server";
import { getSiteSettings, updateSiteSettings } from "~/models/site-settings.server";
import { loader as imageLoader } from "~/routes/images";
import { deleteUnusedImages, storeUploadedImage } from "~/services/images.server";
import { uploadRoomRefusal } from "~/services/upload-capacity.server";

import { createTestAdmin, createTestService } from "../support/factories";
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

  it("deletes an upload no record names once past the grace period, and keeps one a record still uses", async () => {
    await withEnv({}, async () => {
      const upload = async (use: "picture" | "favicon" = "picture") => {
        const stored = await storeUploadedImage(await jpegFile(400, 200), use);
        if ("error" in stored) throw new Error(stored.error);
        return { url: stored.url, id: parseFaviconUrl(stored.url) ?? parseStoredImageUrl(stored.url)!.id };
      };
      const [replaced, shared, favicon, fresh] = [
        await upload(),
        await upload(),
        await upload("favicon"),
        await upload(),
      ];
      const first = await createTestService(db(), { imageUrl: replaced.url });
      const second = await createTestService(db(), { imageUrl: shared.url });
      // Two records may name one upload: a client logo took the second service's image's URL.
      await db()
        .insert(clientLogos)
        .values({ altText: uniqueName("Shared logo"), imageUrl: shared.url });
      const { faviconUrl } = await getSiteSettings();
      await updateSiteSettings({ faviconUrl: favicon.url });

      try {
        // The admin replaces the first service's image with a new upload, the second's with an address.
        const cookie = await sessionFor(await createTestAdmin(db()));
        const edit = (serviceId: string, imageUrl: string, file: File) => {
          const form = new FormData();
          const fields = {
            name: uniqueName("Re-imaged"),
            category: "ai-automation",
            description: "d",
            setupPrice: "9",
          };
          for (const [key, value] of Object.entries({ ...fields, imageUrl })) form.set(key, value);
          form.set("imageFile", file);
          return send(
            new Request(`${TEST_ORIGIN}/admin/services/${serviceId}/edit`, {
              method: "POST",
              body: form,
              headers: { Cookie: cookie },
            }),
          );
        };
        expect((await edit(first.id, replaced.url, await jpegFile(300, 300))).status).toBe(302);
        const noFile = new File([], "", { type: "application/octet-stream" });
        expect((await edit(second.id, "https://example.com/new.png", noFile)).status).toBe(302);
        const [{ imageUrl: newUrl }] = await db().select().from(services).where(eq(services.id, first.id));
        const replacement = parseStoredImageUrl(newUrl)!.id;

        // Uploaded two days ago; `fresh`, just now, no record names either but is within its grace.
        const old = [replaced.id, shared.id, favicon.id, replacement];
        await db()
          .update(images)
          .set({ createdAt: sql`now() - interval '2 days'` })
          .where(inArray(images.id, old));
        expect(await deleteUnusedImages()).toEqual({ deleted: 1, failed: 0, stranded: 0 });

        const kept = (id: string) => existsSync(path.join(dataDir, "images", id));
        expect(kept(replaced.id)).toBe(false);
        expect((await getVariant(replaced.url)).status).toBe(404);
        const rows = await db()
          .select({ id: images.id })
          .from(images)
          .where(inArray(images.id, [...old, fresh.id]));
        expect(rows.map((row) => row.id).sort()).toEqual([shared.id, favicon.id, replacement, fresh.id].sort());
        for (const id of [shared.id, favicon.id, replacement, fresh.id]) expect(kept(id)).toBe(true);
        // Nothing left to delete: a second run (another instance's) changes nothing.
        expect(await deleteUnusedImages()).toEqual({ deleted: 0, failed: 0, stranded: 0 });

        // Files kept in Supabase while it is no longer configured: not deletable now, kept for a later run.
        const [stranded] = await db()
          .insert(images)
          .values({ store: "supabase", width: 1, height: 1, widths: [1], fallback: "jpg", bytes: 1 })
          .returning();
        await db()
          .update(images)
          .set({ createdAt: sql`now() - interval '2 days'` })
          .where(eq(images.id, stranded.id));
        // Said once, not at every hourly run.
        const warnings: string[] = [];
        const spy = vi.spyOn(console, "error").mockImplementation((line) => void warnings.push(String(line)));
        try {
          expect(await deleteUnusedImages()).toEqual({ deleted: 0, failed: 0, stranded: 1 });
          expect(await deleteUnusedImages()).toEqual({ deleted: 0, failed: 0, stranded: 1 });
        } finally {
          spy.mockRestore();
        }
        expect(
          warnings.filter((line) => line.includes("unused images stored on Supabase Storage are kept")),
        ).toHaveLength(1);
        expect(await db().select().from(images).where(eq(images.id, stranded.id))).toHaveLength(1);
        await db().delete(images).where(eq(images.id, stranded.id));
        expect(await deleteUnusedImages()).toEqual({ deleted: 0, failed: 0, stranded: 0 });
      } finally {
        await updateSiteSettings({ faviconUrl });
      }
    });
  });

  it("keeps a favicon as 32 and 180 pixel PNGs, and the founder's photo from its form", async () => {
    await withEnv({}, async () => {
      const favicon = await storeUploadedImage(await jpegFile(300, 200, "icon.jpg"), "favicon");
      if ("error" in favicon) throw new Error(favicon.error);
      const id = parseFaviconUrl(favicon.url)!;
      expect(favicon.url).toBe(`/images/${id}/180.png`);
      // Not a picture's URL: a page never offers it AVIF or WebP widths it lacks.
      expect(parseStoredImageUrl(favicon.url)).toBeNull();
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
