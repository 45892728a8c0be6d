import { randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createClient, type SupabaseClient, type SupabaseClientOptions } from "@supabase/supabase-js";
import ws from "ws";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { MEDIA_CONTENT_TYPES } from "~/lib/media-type.server";

// Chat images and voice messages: Supabase Storage when configured, else files under
// DATA_DIR/uploads that the /uploads route serves. The spec's fallback when an upload fails is
// to embed the file in the message as a data URL.

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

/** Stores the file under a new unique name and returns its URL (a data URL if storing failed). */
export async function storeChatMedia(file: MediaFile, store: MediaStore = mediaStoreFromEnv()): Promise<string> {
  const name = `${Date.now()}-${randomUUID()}.${file.extension}`;
  try {
    return store.kind === "supabase"
      ? await uploadToSupabase(store, name, file)
      : await writeLocal(store.dir, name, file);
  } catch (error) {
    log.warn("chat media upload failed, embedding it as a data URL", { error, store: store.kind, name });
    return `data:${file.contentType};base64,${Buffer.from(file.bytes).toString("base64")}`;
  }
}

// @types/ws declares its constructor's overloads more narrowly than realtime-js expects.
type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<"public">["realtime"]>["transport"]>;

const clients = new Map<string, SupabaseClient>();

function supabase(store: Extract<MediaStore, { kind: "supabase" }>): SupabaseClient {
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
): Promise<string> {
  const bucket = supabase(store).storage.from(CHAT_MEDIA_BUCKET);
  const { error } = await bucket.upload(name, file.bytes, {
    contentType: file.contentType,
    cacheControl: String(MEDIA_CACHE_SECONDS),
    upsert: false,
  });
  if (error) throw error;
  return bucket.getPublicUrl(name).data.publicUrl;
}

async function writeLocal(dir: string, name: string, file: MediaFile): Promise<string> {
  await mkdir(dir, { recursive: true });
  // "wx": a name that somehow exists already is an error, never an overwrite.
  await writeFile(path.join(dir, name), file.bytes, { flag: "wx" });
  return `${UPLOADS_PATH}/${name}`;
}

// Exactly the names writeLocal makes: no separators, no dots but the extension's.
const LOCAL_NAME = /^\d{1,16}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp|wav)$/;

/**
 * A stored local file by its name, or null for any other name or a missing file. Served even
 * after a switch to Supabase, so earlier conversations keep their media.
 */
export async function readLocalMedia(
  name: string,
  dir: string = localMediaDir(),
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const match = LOCAL_NAME.exec(name);
  if (!match) return null;
  try {
    return { bytes: await readFile(path.join(dir, name)), contentType: MEDIA_CONTENT_TYPES[match[1]] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
