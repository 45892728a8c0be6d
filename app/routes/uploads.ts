import { MEDIA_CACHE_SECONDS, readLocalMedia } from "~/services/media-storage.server";
import type { Route } from "./+types/uploads";

// Chat images and voice messages stored under DATA_DIR/uploads (when Supabase is not configured).
export async function loader({ params }: Route.LoaderArgs) {
  const file = await readLocalMedia(params.name);
  if (!file) throw new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": `public, max-age=${MEDIA_CACHE_SECONDS}`,
      // Opened directly, a file is a sandboxed document that can run nothing (nosniff comes from server/app.ts).
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
