import { createReadStream } from "node:fs";

import { createReadableStreamFromReadable } from "@react-router/node";
import parseRange from "range-parser";

import { PLAIN_NOT_FOUND } from "~/copy/site";
import { findLocalMedia, MEDIA_CACHE_SECONDS } from "~/services/media-storage.server";

import type { Route } from "./+types/uploads";

// Chat images and voice messages stored under DATA_DIR/uploads (when Supabase is not configured),
// streamed from disk (never read whole into memory), with validators for 304s and byte
// ranges for audio players seeking in a voice message. Express's `send` does the same but answers
// a Node response, not the Fetch Response a loader returns; range-parser is the part of it we use.

/** Whether the request's validators still match this file, so the browser's copy is current. */
function isFresh(request: Request, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch) {
    // Weak comparison (RFC 9110 §13.1.2): W/"x" and "x" name the same file.
    const bare = etag.replace(/^W\//, "");
    return ifNoneMatch === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
  }
  const since = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

/** A Range header is honoured only while If-Range (if sent) still names this file. */
function rangeApplies(request: Request, etag: string, lastModified: Date): boolean {
  const ifRange = request.headers.get("If-Range");
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith("W/")) return ifRange === etag;
  return Date.parse(ifRange) >= Math.floor(lastModified.getTime() / 1000) * 1000;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const file = await findLocalMedia(params.name);
  if (!file) throw new Response(PLAIN_NOT_FOUND.upload, { status: 404, headers: { "Content-Type": "text/plain" } });

  const etag = `W/"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}"`;
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Cache-Control": `public, max-age=${MEDIA_CACHE_SECONDS}`,
    ETag: etag,
    "Last-Modified": file.mtime.toUTCString(),
    "Accept-Ranges": "bytes",
    // Opened directly, a file is a sandboxed document that can run nothing (nosniff comes from server/app.ts).
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (isFresh(request, etag, file.mtime)) return new Response(null, { status: 304, headers });

  let start = 0;
  let end = file.size - 1;
  let status = 200;
  const range = request.headers.get("Range");
  if (range && rangeApplies(request, etag, file.mtime)) {
    const ranges = parseRange(file.size, range, { combine: true });
    if (ranges === -1) {
      headers.set("Content-Range", `bytes */${file.size}`);
      return new Response(null, { status: 416, headers });
    }
    // A malformed header (-2), or several ranges (a multipart answer no player needs): the whole file.
    if (ranges !== -2 && ranges.type === "bytes" && ranges.length === 1) {
      ({ start, end } = ranges[0]);
      status = 206;
      headers.set("Content-Range", `bytes ${start}-${end}/${file.size}`);
    }
  }
  headers.set("Content-Length", String(end - start + 1));
  if (request.method === "HEAD" || file.size === 0) return new Response(null, { status, headers });
  return new Response(createReadableStreamFromReadable(createReadStream(file.path, { start, end })), {
    status,
    headers,
  });
}
