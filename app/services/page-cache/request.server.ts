import type { IncomingHttpHeaders } from "node:http";

import { SESSION_COOKIE_NAMES } from "~/services/auth.server";
import { CONTACT_RECEIPT_COOKIE } from "~/services/contact-receipt.server";
import { ORDER_RECEIPT_COOKIE } from "~/services/order-receipt.server";
import { TOAST_COOKIE } from "~/services/toast.server";

import type { Encoding } from "./cache.server";

// The public pages every visitor sees alike, and the data requests a client-side navigation
// makes for them (the home page's is /_root.data). /chat shows the visitor's own conversation.
const PAGE_PATHS = ["/", "/services", "/order", "/order/submitted", "/work"];
const CACHEABLE_PATHS = new Set([
  ...PAGE_PATHS,
  ...PAGE_PATHS.map((path) => (path === "/" ? "/_root.data" : `${path}.data`)),
]);
// A case study's page (/work/<slug>) and its data request; a draft's 404 is never stored.
const CASE_STUDY_PATH = /^\/work\/[a-z0-9-]+(?:\.data)?$/;

// A signed-in admin, a visitor with a toast waiting, or one just back from an order (the link to
// its status page) or from the contact form (the booking link with their email), gets a page of
// their own.
const PRIVATE_COOKIE = new RegExp(
  `(?:^|;)\\s*(?:${[...SESSION_COOKIE_NAMES, TOAST_COOKIE, ORDER_RECEIPT_COOKIE, CONTACT_RECEIPT_COOKIE].join("|")})=`,
);

interface IncomingRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}

/**
 * The cache key of a request every visitor would get the same answer to, or null. The host
 * headers are not part of it: pages take their absolute URLs from SITE_URL alone, never from the
 * request (app/lib/site-url.server.ts).
 */
export function pageCacheKey({ method, url = "", headers }: IncomingRequest): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  if (!CACHEABLE_PATHS.has(path) && !CASE_STUDY_PATH.test(path)) return null;
  if (headers.cookie && PRIVATE_COOKIE.test(headers.cookie)) return null;
  return url;
}

// Browsers send a handful of Accept-Encoding values: each is read once, not on every cached page.
const MAX_KNOWN_ACCEPT_ENCODINGS = 64;
const knownAcceptEncodings = new Map<string, Encoding>();

/** The best encoding the client accepts (q=0 refuses one), preferring brotli. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let encoding = knownAcceptEncodings.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = readAcceptEncoding(acceptEncoding);
    if (knownAcceptEncodings.size >= MAX_KNOWN_ACCEPT_ENCODINGS) knownAcceptEncodings.clear();
    knownAcceptEncodings.set(acceptEncoding, encoding);
  }
  return encoding;
}

function readAcceptEncoding(acceptEncoding: string): Encoding {
  let gzip = false;
  for (const part of acceptEncoding.split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    const refused = parameters.some((parameter) => /^\s*q=0(?:\.0*)?\s*$/.test(parameter));
    if (refused) continue;
    if (name === "br") return "br";
    if (name === "gzip" || name === "*") gzip = true;
  }
  return gzip ? "gzip" : "identity";
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}
