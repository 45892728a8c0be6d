import type { IncomingMessage, ServerResponse } from "node:http";

import { getEnv } from "~/lib/env.server";
import { pageViewOf } from "~/lib/visits";
import { carriesSignedSession, SESSION_COOKIE_NAMES } from "~/services/auth.server";
import { countingVisits, countPageView, countPageViewUnlessAdmin } from "~/services/visits/visits.server";

import { clientIp } from "./client-ip";

const SESSION_COOKIE = new RegExp(`(?:^|;)\\s*(?:${SESSION_COOKIE_NAMES.join("|")})=`);
const NO_HOSTS: readonly string[] = [];

let siteHost: string | null | undefined;
function ownHosts(req: IncomingMessage): string[] {
  if (siteHost === undefined) {
    const siteUrl = getEnv().SITE_URL;
    siteHost = siteUrl ? new URL(siteUrl).host : null;
  }
  return [req.headers.host ?? "", siteHost ?? ""].filter(Boolean);
}

/**
 * Counts the request as a page view if it is one (app/lib/visits.ts), answered with `status`:
 * server/page-cache.ts calls it as it sends a cached page, countVisitOnceAnswered for the rest.
 * No cookie is set or read, save the admin's: a well-signed session cookie (checked without a
 * database read) marks the admin's own visits, which are not counted.
 */
export function countVisit(req: IncomingMessage, status: number, ip?: string): void {
  if (req.method !== "GET" || !countingVisits()) return;
  const { headers } = req;
  const view = pageViewOf(
    { method: req.method, url: req.url, headers, status },
    headers.referer ? ownHosts(req) : NO_HOSTS,
  );
  if (!view) return;
  const cookie = headers.cookie;
  const visitor = ip ?? clientIp(req);
  const userAgent = headers["user-agent"] ?? "";
  if (cookie && SESSION_COOKIE.test(cookie)) {
    countPageViewUnlessAdmin(carriesSignedSession(cookie), view, visitor, userAgent);
  } else {
    countPageView(view, visitor, userAgent);
  }
}

/** Counts the request once it is answered (server/main.ts, for every request the page cache does not answer). */
export function countVisitOnceAnswered(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== "GET" || !countingVisits()) return;
  res.once("finish", () => countVisit(req, res.statusCode));
}
