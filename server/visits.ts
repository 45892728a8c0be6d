import type { IncomingMessage, ServerResponse } from "node:http";

import { getEnv } from "~/lib/env.server";
import { pageViewOf } from "~/lib/visits";
import { carriesSignedSession, SESSION_COOKIE_NAMES } from "~/services/auth.server";
import { countingVisits, countPageView } from "~/services/visits/visits.server";

import { clientIp } from "./client-ip";

const SESSION_COOKIE = new RegExp(`(?:^|;)\\s*(?:${SESSION_COOKIE_NAMES.join("|")})=`);

let siteHost: string | null | undefined;
function ownHosts(req: IncomingMessage): string[] {
  if (siteHost === undefined) {
    const siteUrl = getEnv().SITE_URL;
    siteHost = siteUrl ? new URL(siteUrl).host : null;
  }
  return [req.headers.host ?? "", siteHost ?? ""].filter(Boolean);
}

/**
 * Counts the request as a page view once it is answered, if it is one (app/lib/visits.ts): called
 * by server/main.ts before the page cache, so cached and rendered pages alike are counted.
 * No cookie is set or read, save the admin's: a well-signed session cookie (checked without a
 * database read) marks the admin's own visits, which are not counted.
 */
export function countVisit(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== "GET" || !countingVisits()) return;
  res.once("finish", () => {
    const view = pageViewOf(
      { method: req.method, url: req.url, headers: req.headers, status: res.statusCode },
      ownHosts(req),
    );
    if (!view) return;
    const record = () => countPageView(view, clientIp(req), req.headers["user-agent"] ?? "");
    const cookie = req.headers.cookie;
    if (!cookie || !SESSION_COOKIE.test(cookie)) return record();
    void carriesSignedSession(cookie).then(
      (admin) => admin || record(),
      () => undefined,
    );
  });
}
