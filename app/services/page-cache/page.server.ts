import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

import { log } from "~/lib/log.server";
import {
  contentSecurityPolicy,
  enforcesContentSecurityPolicy,
  inlineScriptHashes,
  securityHeaders,
} from "~/lib/security-headers.server";

import { type CachedPage, type Encoding, storePage } from "./cache.server";

/** When a page was rendered (the cache generation) and when what it shows turns stale on its own. */
export interface PageRender {
  generation: number;
  expiresAt: number;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Visitors revalidate every time (the ETag makes that a 304), so an admin's change reaches them
// on their next request; a shared cache in between may keep a copy on the same terms.
const CACHE_CONTROL = "public, no-cache";

// Set per answer by the server (or Node), never taken from the rendered one.
const PER_ANSWER_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "date", "connection"]);

function isStorable(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return response.status === 200 && !response.headers.has("Set-Cookie") && !/no-store|private/.test(cacheControl);
}

/**
 * The answer to a cacheable request. It was rendered without a nonce, so its policy lists the
 * hashes of its inline scripts. When it may be shared (a 200 without cookies), it gets an ETag
 * and is compressed and stored in the background; server/app.ts adds the security headers to
 * this first answer, the stored copy carries them itself.
 */
export async function keepRenderedPage(
  key: string,
  render: PageRender,
  response: Response,
  settled: () => void,
): Promise<Response> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  if (enforcesContentSecurityPolicy() && headers.get("Content-Type")?.startsWith("text/html")) {
    headers.set(
      "Content-Security-Policy",
      contentSecurityPolicy({ hashes: inlineScriptHashes(body.toString("utf8")) }),
    );
  }
  if (isStorable(response)) {
    headers.set("ETag", `W/"${createHash("sha1").update(body).digest("base64url")}"`);
    headers.set("Cache-Control", CACHE_CONTROL);
    headers.set("Vary", "Accept-Encoding");
    compressAndStore(key, render, headers, body)
      .catch((error: unknown) => log.error("page cache: compression failed", { error }))
      .finally(settled);
  } else {
    settled();
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

async function compressAndStore(key: string, render: PageRender, headers: Headers, body: Buffer): Promise<void> {
  const [br, gz] = await Promise.all([
    // Quality 5 costs a few milliseconds for a 70 kB page and is 10% larger than 11, which costs
    // 40 times as much: every distinct query string is a new page to compress.
    brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: 6 }),
  ]);
  // X-Cache tells whoever looks (curl -I, the tests) that the answer came from the cache.
  const common: Record<string, string> = { ...securityHeaders(), "X-Cache": "hit" };
  for (const [name, value] of headers) if (!PER_ANSWER_HEADERS.has(name)) common[name] = value;
  const variant = (encoding: Encoding, bytes: Buffer) => ({
    body: bytes,
    headers: {
      ...common,
      "Content-Length": bytes.length,
      ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
    },
  });
  const page: CachedPage = {
    etag: common.etag,
    variants: { br: variant("br", br), gzip: variant("gzip", gz), identity: variant("identity", body) },
    notModifiedHeaders: {
      ETag: common.etag,
      "Cache-Control": CACHE_CONTROL,
      Vary: "Accept-Encoding",
      "X-Cache": "hit",
    },
    bytes: body.length + br.length + gz.length,
    expiresAt: render.expiresAt,
  };
  storePage(key, render.generation, page);
}
