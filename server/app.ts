import { randomBytes } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express, { type NextFunction, type Request, type Response } from "express";
import { pingDatabase } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { requestContext } from "~/lib/request-context.server";
import {
  contentSecurityPolicy,
  enforcesContentSecurityPolicy,
  securityHeaders as pageSecurityHeaders,
} from "~/lib/security-headers.server";
import { pageCacheEnabled } from "~/services/page-cache/cache.server";
import { pageCacheKey } from "~/services/page-cache/request.server";
import { startPageCacheSync, stopPageCacheSync } from "~/services/page-cache/sync.server";
import { start as startApp, stop as stopApp } from "~/services/startup.server";
import { clientIp } from "./client-ip";

export { runAdminCommand } from "./admin-command";
export { answerFromPageCache } from "./page-cache";

export async function start() {
  const env = await startApp();
  await startPageCacheSync();
  return env;
}

export async function stop() {
  await stopPageCacheSync();
  await stopApp();
}

// Where a request enters, in order:
//   1. server.js: a public page the page cache holds is answered there and then (./page-cache.ts);
//      the rest meet compression, static files, then this app;
//   2. the Express middleware below, in the order of the `app.use` calls at the end of this file;
//   3. React Router, with the request context (client address, CSP nonce), runs the route
//      middleware: the toast scope on every route (app/root.tsx), then the admin guard under
//      /admin (app/routes/admin/layout.tsx); then the actions and loaders, and the page.

const HEALTH_TIMEOUT_MS = 2000;

function logRequest(req: Request, res: Response, next: NextFunction) {
  const startedAt = performance.now();
  res.on("finish", () => {
    log.info("request", {
      method: req.method,
      path: req.path,
      status: res.statusCode,
      ms: Math.round((performance.now() - startedAt) * 10) / 10,
      ip: clientIp(req),
    });
  });
  next();
}

async function healthCheck(_req: Request, res: Response) {
  try {
    await Promise.race([
      pingDatabase(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), HEALTH_TIMEOUT_MS).unref()),
    ]);
    res.status(200).json({ status: "ok" });
  } catch (error) {
    log.error("health check failed", { error });
    res.status(503).json({ status: "unavailable" });
  }
}

// Admin pages, their .data requests (/admin.data for the dashboard) and the CSV export carry
// personal data and, on Integrations, secrets: no copy may stay in the browser's cache, where
// Back after logging out would show it, or in a proxy's.
const ADMIN_PATH = /^\/admin(?:$|\/|\.data$)/;
function noStoreForAdmin(req: Request, res: Response, next: NextFunction) {
  if (ADMIN_PATH.test(req.path)) res.setHeader("Cache-Control", "no-store");
  next();
}

function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host;
  } catch {
    return "invalid";
  }
}

// Cross-site form posts are refused before any action runs. Browsers send Origin with every
// POST; we compare hosts only, because behind Fly's TLS proxy the scheme we see is http.
function refuseCrossSitePosts(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const sourceHost = hostOf(req.get("origin") ?? req.get("referer"));
  if (!sourceHost) return next();
  const ownHosts = [req.get("host"), hostOf(getEnv().SITE_URL)];
  if (ownHosts.includes(sourceHost)) return next();
  log.warn("cross-origin request refused", { path: req.path, origin: req.get("origin") });
  res.status(403).type("text/plain").send("Cross-origin requests are not allowed.");
}

// A page every visitor gets alike is rendered for the page cache, without a nonce: its policy,
// listing the hashes of its inline scripts, is set once the page is rendered
// (app/middleware/page-cache.server.ts). Any other page gets a nonce of its own.
function securityHeaders(req: Request, res: Response, next: NextFunction) {
  res.set(pageSecurityHeaders());
  const cacheKey = req.method === "GET" && pageCacheEnabled() ? pageCacheKey(req) : null;
  if (cacheKey) {
    res.locals.pageCacheKey = cacheKey;
  } else {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    if (enforcesContentSecurityPolicy()) res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce }));
  }
  next();
}

const reactRouter = createRequestHandler({
  build: () => import("virtual:react-router/server-build"),
  getLoadContext: (req, res) =>
    requestContext({
      clientIp: clientIp(req),
      cspNonce: res.locals.cspNonce as string | undefined,
      pageCacheKey: res.locals.pageCacheKey as string | undefined,
    }),
});

export const app = express();
app.disable("x-powered-by");
// With TRUST_PROXY, one hop (Fly's proxy, or a load balancer) is trusted: its X-Forwarded-*
// values count, not what a visitor put further left in the chain. Read lazily, so that a bad
// configuration is reported by start-up rather than thrown while this module loads.
app.set("trust proxy", (_address: string, hop: number) => hop === 0 && getEnv().TRUST_PROXY);

app.use(logRequest);
app.get("/healthz", healthCheck);
app.use(noStoreForAdmin);
app.use(refuseCrossSitePosts);
app.use(securityHeaders);
app.use(reactRouter);
