// The process entry: static files, the app from the server build (or from Vite in development),
// start-up work before listening, and a graceful shutdown on SIGTERM. What a request meets after
// the static files is listed in order at the top of server/app.ts.
import { createServer } from "node:http";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";

// Serving the build means production unless told otherwise: without NODE_ENV the app would run
// with development's defaults (no CSP, cookies without Secure). npm run dev says development.
process.env.NODE_ENV ||= "production";
const DEVELOPMENT = process.env.NODE_ENV === "development";
const SHUTDOWN_TIMEOUT_MS = 10_000;

const server = express();
server.disable("x-powered-by");
// A chat message's answer (a data request) is a few hundred bytes streamed at once: compressing
// it cost more server time than it saved on the wire.
server.use(
  compression({
    filter: (req, res) => !(req.method === "POST" && req.path.endsWith(".data")) && compression.filter(req, res),
  }),
);

let shuttingDown = false;
server.use((_req, res, next) => {
  // Ask keep-alive clients to reconnect elsewhere while we drain.
  if (shuttingDown) res.setHeader("Connection", "close");
  next();
});

let mod;
if (DEVELOPMENT) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  server.use(vite.middlewares);
  mod = await vite.ssrLoadModule("./server/app.ts");
  server.use(async (req, res, next) => {
    try {
      const fresh = await vite.ssrLoadModule("./server/app.ts");
      return await fresh.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  mod = await import("./build/server/index.js");
  // Static files come before server/app.ts's headers: they carry a page's security headers themselves.
  const securityHeaders = (res) => res.set(mod.staticFileHeaders());
  // Hashed file names: cached for a year, sent as the .br or .gz the build made (scripts/compress-assets.js).
  server.use(
    "/assets",
    expressStaticGzip("build/client/assets", {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      serveStatic: { immutable: true, maxAge: "1y", setHeaders: securityHeaders },
    }),
  );
  server.use(express.static("build/client", { maxAge: "1h", index: false, setHeaders: securityHeaders }));
  server.use(mod.app);
}

// Production: a public page the page cache holds is answered before Express (server/page-cache.ts).
const handle = DEVELOPMENT
  ? server
  : (req, res) => {
      if (shuttingDown) res.setHeader("Connection", "close");
      mod.answerFromPageCache(req, res, () => server(req, res));
    };

let env;
try {
  env = await mod.start();
} catch (error) {
  console.error(error?.name === "ConfigError" ? error.message : error);
  process.exit(1);
}
if (env.NODE_ENV === "production" && !env.SITE_URL) {
  // Absolute URLs come from SITE_URL alone, never from a client's Host (app/lib/site-url.server.ts).
  console.warn(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "warn",
      msg: "SITE_URL is not set: pages go without canonical and sharing URLs, /sitemap.xml is not served, chat webhooks get relative media links. Set SITE_URL to the public address, e.g. https://example.com",
    }),
  );
}

const listener = createServer(handle).listen(env.PORT, env.HOST, () => {
  console.log(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "info",
      msg: "listening",
      pid: process.pid,
      url: `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`,
    }),
  );
});

async function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "shutting down", signal }));
  setTimeout(() => {
    console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", msg: "shutdown timed out" }));
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  // Stop accepting, let in-flight requests finish, then close the database so PGlite flushes.
  listener.close(async () => {
    await mod.stop();
    process.exit(0);
  });
  listener.closeIdleConnections();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
