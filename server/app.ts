import { randomBytes } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express, { type NextFunction, type Request, type Response } from "express";
import { pingDatabase } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { requestContext } from "~/lib/request-context.server";

export { start, stop } from "~/services/startup.server";
export { runAdminCommand } from "./admin-command";

// Where a request enters, in order:
//   1. server.js: compression, static files, then this app;
//   2. the Express middleware below, in the order of the `app.use` calls at the end of this file;
//   3. React Router, with the request context (client address, CSP nonce), runs the route
//      middleware: the toast scope on every route (app/root.tsx), then the admin guard under
//      /admin (app/routes/admin/layout.tsx); then the actions and loaders, and the page.

const HEALTH_TIMEOUT_MS = 2000;

function clientIp(req: Request): string {
  // Fly's proxy sets Fly-Client-IP and overwrites any value a visitor sent.
  const flyIp = process.env.FLY_APP_NAME ? req.get("fly-client-ip") : undefined;
  return flyIp ?? req.ip ?? req.socket.remoteAddress ?? "unknown";
}

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

function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  res.setHeader("Permissions-Policy", "camera=(), geolocation=(), payment=()");
  if (getEnv().NODE_ENV === "production") {
    // Nonce + strict-dynamic: our scripts and what they load run, injected markup does not.
    // 'unsafe-inline' and https: only apply to old browsers that ignore strict-dynamic.
    res.setHeader(
      "Content-Security-Policy",
      [
        `script-src 'nonce-${nonce}' 'strict-dynamic' 'unsafe-inline' https:`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ].join("; "),
    );
    if (getEnv().SITE_URL?.startsWith("https:") || process.env.FLY_APP_NAME) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
  }
  next();
}

const reactRouter = createRequestHandler({
  build: () => import("virtual:react-router/server-build"),
  getLoadContext: (req, res) => requestContext({ clientIp: clientIp(req), cspNonce: String(res.locals.cspNonce) }),
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
