import { randomBytes } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express, { type NextFunction, type Request, type Response } from "express";
import { pingDatabase } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { requestContext } from "~/lib/request-context.server";
import { runInToastScope } from "~/services/toast.server";

export { start, stop } from "~/services/startup.server";
export { runAdminCommand } from "./admin-command";

const HEALTH_TIMEOUT_MS = 2000;

export const app = express();
app.disable("x-powered-by");
// With TRUST_PROXY, one hop (Fly's proxy, or a load balancer) is trusted: its X-Forwarded-*
// values count, not what a visitor put further left in the chain. Read lazily, so that a bad
// configuration is reported by start-up rather than thrown while this module loads.
app.set("trust proxy", (_address: string, hop: number) => hop === 0 && getEnv().TRUST_PROXY);

function clientIp(req: Request): string {
  // Fly's proxy sets Fly-Client-IP and overwrites any value a visitor sent.
  const flyIp = process.env.FLY_APP_NAME ? req.get("fly-client-ip") : undefined;
  return flyIp ?? req.ip ?? req.socket.remoteAddress ?? "unknown";
}

app.use((req: Request, res: Response, next: NextFunction) => {
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
});

app.get("/healthz", async (_req, res) => {
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
});

// Admin pages, their .data requests (/admin.data for the dashboard) and the CSV export carry
// personal data and, on Integrations, secrets: no copy may stay in the browser's cache, where
// Back after logging out would show it, or in a proxy's.
const ADMIN_PATH = /^\/admin(?:$|\/|\.data$)/;
app.use((req: Request, res: Response, next: NextFunction) => {
  if (ADMIN_PATH.test(req.path)) res.setHeader("Cache-Control", "no-store");
  next();
});

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
app.use((req: Request, res: Response, next: NextFunction) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const sourceHost = hostOf(req.get("origin") ?? req.get("referer"));
  if (!sourceHost) return next();
  const ownHosts = [req.get("host"), hostOf(getEnv().SITE_URL)];
  if (ownHosts.includes(sourceHost)) return next();
  log.warn("cross-origin request refused", { path: req.path, origin: req.get("origin") });
  res.status(403).type("text/plain").send("Cross-origin requests are not allowed.");
});

app.use((_req: Request, res: Response, next: NextFunction) => {
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
});

// React Router's data requests end in .data; anything else renders a whole page, and a toast set
// by an action then belongs to that page (see runInToastScope).
app.use((req: Request, _res: Response, next: NextFunction) => runInToastScope(!req.path.endsWith(".data"), next));

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext: (req, res) => requestContext({ clientIp: clientIp(req), cspNonce: String(res.locals.cspNonce) }),
  }),
);
