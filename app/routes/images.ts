import { createReadStream } from "node:fs";

import { createReadableStreamFromReadable } from "@react-router/node";

import { PLAIN_NOT_FOUND } from "~/copy/site";
import { IMAGE_CONTENT_TYPES, type ImageExtension } from "~/lib/images";
import { getImage } from "~/models/images.server";
import {
  findLocalImage,
  IMAGE_CACHE_SECONDS,
  mediaStoreFromEnv,
  supabaseImageUrl,
} from "~/services/media-storage.server";

import type { Route } from "./+types/images";

// An uploaded image's variants: /images/<id>/<width>.<avif|webp|jpg|png>, and the image's own URL
// /images/<id>/<width>x<height>.<fallback> for its largest fallback. A variant never changes under
// its URL, so browsers keep it a year without asking again.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const VARIANT = /^(\d{1,5})(?:x(\d{1,5}))?\.(avif|webp|jpg|png)$/;

const IMMUTABLE = `public, max-age=${IMAGE_CACHE_SECONDS}, immutable`;

function notFound(): never {
  throw new Response(PLAIN_NOT_FOUND.upload, { status: 404, headers: { "Content-Type": "text/plain" } });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const match = VARIANT.exec(params.file);
  if (!UUID.test(params.id) || !match) notFound();
  const [, width, height] = match;
  const extension = match[3] as ImageExtension;
  const image = await getImage(params.id);
  if (!image || !image.widths.includes(Number(width))) notFound();
  if (height !== undefined && (Number(width) !== image.width || Number(height) !== image.height)) notFound();
  // The image's own URL is its fallback; a favicon has no AVIF or WebP, and its missing file says so.
  if (height !== undefined && extension !== image.fallback) notFound();
  if (extension !== image.fallback && extension !== "avif" && extension !== "webp") notFound();
  const name = `${width}.${extension}`;

  if (image.store === "supabase") {
    const store = mediaStoreFromEnv();
    // Kept in Supabase while it was configured: only it can serve the file.
    if (store.kind !== "supabase") notFound();
    return new Response(null, {
      status: 302,
      headers: { Location: await supabaseImageUrl(store, image.id, name), "Cache-Control": IMMUTABLE },
    });
  }

  const file = await findLocalImage(image.id, name);
  if (!file) notFound();
  const etag = `"${image.id}-${name}"`;
  const headers = new Headers({
    "Content-Type": IMAGE_CONTENT_TYPES[extension],
    "Cache-Control": IMMUTABLE,
    ETag: etag,
    // Opened directly, a file is a sandboxed document that can run nothing (nosniff comes from server/app.ts).
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (
    request.headers
      .get("If-None-Match")
      ?.split(",")
      .some((tag) => tag.trim() === etag)
  ) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(file.size));
  if (request.method === "HEAD") return new Response(null, { headers });
  return new Response(createReadableStreamFromReadable(createReadStream(file.path)), { headers });
}
