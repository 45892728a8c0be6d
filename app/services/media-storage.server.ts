import { randomUUID } from "node:crypto";
import { mkdir, readdir, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

import type { SupabaseClient, SupabaseClientOptions } from "@supabase/supabase-js";

import { getEnv } from "~/lib/env.server";
import { MEDIA_CONTENT_TYPES } from "~/lib/media-type";

// Chat images and voice messages: Supabase Storage when configured, else files under
// DATA_DIR/uploads that the /uploads route serves. A file that cannot be stored is refused, never
// embedded in the message as a data URL (that put whole files in the database).

export const CHAT_MEDIA_BUCKET = "chat-images";
export const MEDIA_CACHE_SECONDS = 3600;
export const UPLOADS_PATH = "/uploads";

export interface MediaFile {
  bytes: Uint8Array;
  contentType: string;
  extension: string;
}

export type MediaStore = { kind: "supabase"; url: string; serviceRoleKey: string } | { kind: "local"; dir: string };

export function mediaStoreFromEnv(env = getEnv()): MediaStore {
  if (env.SUPABASE_URL && env.SUPABASE_SERVICE_ROLE_KEY) {
    return { kind: "supabase", url: env.SUPABASE_URL, serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY };
  }
  return { kind: "local", dir: localMediaDir(env) };
}

export function localMediaDir(env = getEnv()): string {
  return path.join(env.DATA_DIR, "uploads");
}

/** Stores the file under a new unique name; returns that name and the file's URL. Throws when storing fails. */
export async function storeChatMedia(
  file: MediaFile,
  store: MediaStore = mediaStoreFromEnv(),
): Promise<{ name: string; url: string }> {
  const name = `${Date.now()}-${randomUUID()}.${file.extension}`;
  const url =
    store.kind === "supabase" ? await uploadToSupabase(store, name, file) : await writeLocal(store.dir, name, file);
  return { name, url };
}

/** Deletes stored files by name; a name already gone counts as deleted, so several instances may race. */
export async function deleteChatMedia(names: string[], store: MediaStore): Promise<void> {
  if (names.length === 0) return;
  if (store.kind === "supabase") {
    const { error } = await (await supabase(store)).storage.from(CHAT_MEDIA_BUCKET).remove(names);
    if (error) throw error;
    return;
  }
  for (const name of names) await unlinkLocal(store.dir, name);
}

/** Deletes local files last modified before `before`, whether or not a row records them. */
export async function deleteLocalMediaOlderThan(before: Date, dir: string = localMediaDir()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let deleted = 0;
  for (const name of names) {
    if (!LOCAL_NAME.test(name)) continue;
    const file = await statLocal(dir, name);
    if (file && file.mtime < before && (await unlinkLocal(dir, name))) deleted++;
  }
  return deleted;
}

// @types/ws declares its constructor's overloads more narrowly than realtime-js expects.
type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<"public">["realtime"]>["transport"]>;

const clients = new Map<string, SupabaseClient>();

// supabase-js and ws are loaded by the first file stored in Supabase: a site that keeps its files
// on disk never has them in its memory (docs/performance.md, "Memory").
async function supabase(store: Extract<MediaStore, { kind: "supabase" }>): Promise<SupabaseClient> {
  const [{ createClient }, { default: ws }] = await Promise.all([import("@supabase/supabase-js"), import("ws")]);
  const key = `${store.url}\n${store.serviceRoleKey}`;
  let client = clients.get(key);
  if (!client) {
    client = createClient(store.url, store.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      // Node 20 has no native WebSocket, and supabase-js refuses to start without one.
      realtime: { transport: ws as unknown as RealtimeTransport },
    });
    clients.set(key, client);
  }
  return client;
}

async function uploadToSupabase(
  store: Extract<MediaStore, { kind: "supabase" }>,
  name: string,
  file: MediaFile,
  cacheSeconds = MEDIA_CACHE_SECONDS,
): Promise<string> {
  const bucket = (await supabase(store)).storage.from(CHAT_MEDIA_BUCKET);
  const { error } = await bucket.upload(name, file.bytes, {
    contentType: file.contentType,
    cacheControl: String(cacheSeconds),
    upsert: false,
  });
  if (error) throw error;
  return bucket.getPublicUrl(name).data.publicUrl;
}

async function writeLocal(dir: string, name: string, file: MediaFile): Promise<string> {
  await mkdir(dir, { recursive: true });
  // "wx": a name that somehow exists already is an error, never an overwrite.
  try {
    await writeFile(path.join(dir, name), file.bytes, { flag: "wx" });
  } catch (error) {
    // A disk that filled up mid-write leaves a partial file nobody would serve or count.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") await unlinkLocal(dir, name).catch(() => {});
    throw error;
  }
  return `${UPLOADS_PATH}/${name}`;
}

// Exactly the names writeLocal makes: no separators, no dots but the extension's.
const LOCAL_NAME = /^\d{1,16}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp|wav)$/;

export interface LocalMediaFile {
  path: string;
  contentType: string;
  size: number;
  mtime: Date;
}

/**
 * A stored local file by its name, or null for any other name or a missing file. Served even
 * after a switch to Supabase, so earlier conversations keep their media.
 */
export async function findLocalMedia(name: string, dir: string = localMediaDir()): Promise<LocalMediaFile | null> {
  const match = LOCAL_NAME.exec(name);
  if (!match) return null;
  const file = await statLocal(dir, name);
  return file && { ...file, contentType: MEDIA_CONTENT_TYPES[match[1]] };
}

async function statLocal(dir: string, name: string): Promise<{ path: string; size: number; mtime: Date } | null> {
  const file = path.join(dir, name);
  try {
    const stats = await stat(file);
    return stats.isFile() ? { path: file, size: stats.size, mtime: stats.mtime } : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

async function unlinkLocal(dir: string, name: string): Promise<boolean> {
  try {
    await unlink(path.join(dir, name));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

// Uploaded site images (app/services/images.server.ts): DATA_DIR/images/<id>/<variant> on disk, or
// images/<id>/<variant> in the same bucket. Apart from the chat's files, which retention deletes.
const IMAGES_FOLDER = "images";
/** An image's variants never change under their URL: a year, and immutable. */
export const IMAGE_CACHE_SECONDS = 365 * 24 * 60 * 60;

export function localImagesDir(env = getEnv()): string {
  return path.join(env.DATA_DIR, IMAGES_FOLDER);
}

/** Stores an image's variants under its id; on a failure, the variants already stored are deleted. */
export async function storeImageFiles(
  id: string,
  files: { name: string; file: MediaFile }[],
  store: MediaStore,
  dir: string = localImagesDir(),
): Promise<void> {
  const stored: string[] = [];
  try {
    for (const { name, file } of files) {
      if (store.kind === "supabase")
        await uploadToSupabase(store, `${IMAGES_FOLDER}/${id}/${name}`, file, IMAGE_CACHE_SECONDS);
      else await writeLocal(path.join(dir, id), name, file);
      stored.push(name);
    }
  } catch (error) {
    await deleteImageFiles(id, stored, store, dir).catch(() => {});
    throw error;
  }
}

export async function deleteImageFiles(
  id: string,
  names: string[],
  store: MediaStore,
  dir: string = localImagesDir(),
): Promise<void> {
  if (names.length === 0) return;
  if (store.kind === "supabase") {
    const paths = names.map((name) => `${IMAGES_FOLDER}/${id}/${name}`);
    const { error } = await (await supabase(store)).storage.from(CHAT_MEDIA_BUCKET).remove(paths);
    if (error) throw error;
    return;
  }
  for (const name of names) await unlinkLocal(path.join(dir, id), name);
}

/** Deletes every variant of an image; variants already gone count as deleted. Throws when storage refuses. */
export async function deleteAllImageFiles(
  id: string,
  store: MediaStore,
  dir: string = localImagesDir(),
): Promise<void> {
  if (store.kind === "local") {
    await rm(path.join(dir, id), { recursive: true, force: true });
    return;
  }
  const bucket = (await supabase(store)).storage.from(CHAT_MEDIA_BUCKET);
  const { data, error } = await bucket.list(`${IMAGES_FOLDER}/${id}`);
  if (error) throw error;
  if (data.length === 0) return;
  const { error: removeError } = await bucket.remove(data.map((file) => `${IMAGES_FOLDER}/${id}/${file.name}`));
  if (removeError) throw removeError;
}

/** The public address of a variant kept in Supabase Storage. */
export async function supabaseImageUrl(
  store: Extract<MediaStore, { kind: "supabase" }>,
  id: string,
  name: string,
): Promise<string> {
  return (await supabase(store)).storage.from(CHAT_MEDIA_BUCKET).getPublicUrl(`${IMAGES_FOLDER}/${id}/${name}`).data
    .publicUrl;
}

/** A stored local variant, or null when missing; `id` and `name` are checked by the caller. */
export function findLocalImage(
  id: string,
  name: string,
  dir: string = localImagesDir(),
): Promise<{ path: string; size: number; mtime: Date } | null> {
  return statLocal(path.join(dir, id), name);
}
