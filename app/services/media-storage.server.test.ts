import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { answerJson, startTestServer, type TestServer } from "../../tests/support/webhook-server";
import {
  deleteAllImageFiles,
  deleteChatMedia,
  findLocalMedia,
  type MediaFile,
  storeChatMedia,
} from "./media-storage.server";

const PNG: MediaFile = {
  bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
  contentType: "image/png",
  extension: "png",
};
const SERVICE_KEY = "service-role-key-for-tests";

let storage: TestServer;
const dir = mkdtempSync(path.join(tmpdir(), "agency-media-"));

beforeAll(async () => {
  // Plays Supabase Storage: uploads answer like the real API; a key ending in -refused is refused.
  storage = await startTestServer((request, response) => {
    // Deleting answers the removed objects, as the real API does; names already gone are left out.
    if (request.method === "DELETE" && request.path === "/storage/v1/object/chat-images") {
      return answerJson(response, 200, []);
    }
    // Listing a folder answers the objects in it: two variants of an uploaded image.
    if (request.method === "POST" && request.path === "/storage/v1/object/list/chat-images") {
      return answerJson(response, 200, [{ name: "96.avif" }, { name: "96.jpg" }]);
    }
    const match = /^\/storage\/v1\/object\/chat-images\/(.+)$/.exec(request.path);
    if (request.method !== "POST" || !match) return answerJson(response, 404, { message: "not found" });
    if (request.headers.authorization === `Bearer ${SERVICE_KEY}-refused`) {
      return answerJson(response, 403, {
        statusCode: "403",
        error: "Unauthorized",
        message: "new row violates row-level security policy",
      });
    }
    answerJson(response, 200, { Id: "00000000-0000-4000-8000-000000000000", Key: `chat-images/${match[1]}` });
  });
});
afterAll(async () => {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("Supabase Storage", () => {
  it("uploads to the chat-images bucket under a unique name, cached an hour, never overwriting", async () => {
    const store = { kind: "supabase" as const, url: storage.url, serviceRoleKey: SERVICE_KEY };
    const first = await storeChatMedia(PNG, store);
    const second = await storeChatMedia(PNG, store);

    const [upload, other] = storage.received.slice(-2);
    const name = upload.path.replace("/storage/v1/object/chat-images/", "");
    expect(name).toMatch(/^\d+-[0-9a-f-]{36}\.png$/);
    expect(other.path).not.toBe(upload.path);
    expect(upload.headers["cache-control"]).toBe("max-age=3600");
    expect(upload.headers["x-upsert"]).toBe("false");
    expect(upload.headers["content-type"]).toBe("image/png");
    expect(upload.headers.authorization).toBe(`Bearer ${SERVICE_KEY}`);
    expect(upload.headers.apikey).toBe(SERVICE_KEY);
    expect(new Uint8Array(upload.body)).toEqual(PNG.bytes);
    expect(first).toEqual({ name, url: `${storage.url}/storage/v1/object/public/chat-images/${name}` });
    expect(second.url).not.toBe(first.url);
  });

  it("throws when the upload fails, never falling back to a data URL", async () => {
    const store = { kind: "supabase" as const, url: storage.url, serviceRoleKey: `${SERVICE_KEY}-refused` };
    const before = storage.received.length;
    await expect(storeChatMedia(PNG, store)).rejects.toThrow(/row-level security/);
    expect(storage.received.length).toBe(before + 1);
  });
});

describe("deleting Supabase files", () => {
  it("removes them from the chat-images bucket by name, whether or not they still exist", async () => {
    const store = { kind: "supabase" as const, url: storage.url, serviceRoleKey: SERVICE_KEY };
    const names = [`${Date.now()}-00000000-0000-4000-8000-000000000001.png`, "gone.png"];
    await deleteChatMedia(names, store);
    const removal = storage.received.at(-1)!;
    expect(removal).toMatchObject({ method: "DELETE", path: "/storage/v1/object/chat-images" });
    expect(removal.json).toEqual({ prefixes: names });
  });
});

describe("deleting an uploaded image's files", () => {
  it("removes every variant in the image's folder of the bucket", async () => {
    const store = { kind: "supabase" as const, url: storage.url, serviceRoleKey: SERVICE_KEY };
    const id = "00000000-0000-4000-8000-000000000002";
    await deleteAllImageFiles(id, store);
    const [listing, removal] = storage.received.slice(-2);
    expect(listing).toMatchObject({ method: "POST", path: "/storage/v1/object/list/chat-images" });
    expect(listing.json).toMatchObject({ prefix: `images/${id}` });
    expect(removal).toMatchObject({ method: "DELETE", path: "/storage/v1/object/chat-images" });
    expect(removal.json).toEqual({ prefixes: [`images/${id}/96.avif`, `images/${id}/96.jpg`] });
  });
});

describe("local storage", () => {
  it("writes under the uploads directory and reads back only names it made", async () => {
    const uploads = path.join(dir, "uploads");
    const { name, url } = await storeChatMedia(PNG, { kind: "local", dir: uploads });
    expect(url).toMatch(/^\/uploads\/\d+-[0-9a-f-]{36}\.png$/);
    expect(readdirSync(uploads)).toEqual([name]);
    expect(new Uint8Array(readFileSync(path.join(uploads, name)))).toEqual(PNG.bytes);

    expect(await findLocalMedia(name, uploads)).toMatchObject({
      path: path.join(uploads, name),
      size: PNG.bytes.byteLength,
      contentType: "image/png",
    });
    expect(await findLocalMedia(`../uploads/${name}`, uploads)).toBeNull();
    expect(await findLocalMedia(name.replace(".png", ".svg"), uploads)).toBeNull();
  });

  it("throws when the file cannot be written, never falling back to a data URL", async () => {
    // A file where the directory should be: mkdir and the write fail.
    const blocked = path.join(dir, "not-a-dir");
    writeFileSync(blocked, "x");
    await expect(storeChatMedia(PNG, { kind: "local", dir: blocked })).rejects.toThrow(/EEXIST|ENOTDIR/);
  });
});
