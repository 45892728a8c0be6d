import { MEDIA_CACHE_SECONDS, readLocalMedia } from "~/lib/media-storage.server";
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
      // Served as what the content was checked to be, never sniffed or run as a document.
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
