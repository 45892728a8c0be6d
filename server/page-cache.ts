import type { IncomingMessage, ServerResponse } from "node:http";

import { log } from "~/lib/log.server";
import { cachedPage, pageBeingRendered, pageCacheEnabled } from "~/services/page-cache/cache.server";
import { matchesEtag, pageCacheKey, preferredEncoding } from "~/services/page-cache/request.server";

import { clientIp } from "./client-ip";
import { countVisit } from "./visits";

/**
 * The first thing a request meets (server/main.ts): a public page the cache holds is sent as it was
 * stored, already compressed, before Express, static files or React Router cost anything. A page
 * being rendered for the cache is waited for, and a page sent is counted as a visit (./visits.ts).
 * Every other request goes on to `render`.
 */
export function answerFromPageCache(req: IncomingMessage, res: ServerResponse, render: () => void): void {
  const key = pageCacheEnabled() ? pageCacheKey(req) : null;
  if (key === null) return render();
  const arrivedAt = performance.now();
  if (serveCachedPage(key, req, res, arrivedAt)) return;
  const inFlight = pageBeingRendered(key);
  if (!inFlight) return render();
  void inFlight.then(() => {
    if (!serveCachedPage(key, req, res, arrivedAt)) render();
  });
}

function serveCachedPage(key: string, req: IncomingMessage, res: ServerResponse, arrivedAt: number): boolean {
  const page = cachedPage(key);
  if (!page) return false;
  if (matchesEtag(req.headers["if-none-match"], page.etag)) {
    res.writeHead(304, page.notModifiedHeaders).end();
  } else {
    const { headers, body } = page.variants[preferredEncoding(req.headers["accept-encoding"])];
    res.writeHead(200, headers).end(req.method === "HEAD" ? undefined : body);
  }
  const ip = clientIp(req);
  log.request({
    method: req.method,
    path: req.url?.split("?")[0],
    status: res.statusCode,
    ms: Math.round((performance.now() - arrivedAt) * 10) / 10,
    ip,
    cache: "hit",
  });
  countVisit(req, res.statusCode, ip);
  return true;
}
