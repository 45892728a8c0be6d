// The process entry: static files, the app from the server build (or from Vite in development),
// start-up work before listening, and a graceful shutdown on SIGTERM. What a request meets after
// the static files is listed in order at the top of server/app.ts. The build bundles it as
// build/server/main.js beside the app (vite.config.ts); npm run dev runs this file through tsx.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

import compression from "compression";
import express, { type Request } from "express";
import expressStaticGzip from "express-static-gzip";

import { log } from "~/lib/log.server";

type App = typeof import("./app");

// Serving the build means production unless told otherwise: without NODE_ENV the app would run
// with development's defaults (no CSP, cookies without Secure). npm run dev says development.
process.env.NODE_ENV ||= "production";
const DEVELOPMENT = process.env.NODE_ENV === "development";
// Fly.io's kill timeout (fly.toml) is longer: the database is closed well before SIGKILL comes.
const SHUTDOWN_TIMEOUT_MS = 10_000;
// What is left of it after the requests in flight closes the database (PGlite checkpoints).
const DRAIN_TIMEOUT_MS = 8_000;

const server = express();
server.disable("x-powered-by");
// An action's data request and a chat message's answer are a few hundred bytes sent at once:
// compressing them cost more server time than it saved on the wire, and so did passing them
// through the middleware at all (docs/performance.md).
// A refusal (429) is sent as it is: compressing the page of each refused form post took a third of
// its time, and a flood of them must cost as little as possible (docs/performance.md).
// A live chat stream (text/event-stream) is sent as each event comes: compressed, an event would
// wait for a block's worth of others (app/services/chat/live.server.ts).
const compress = compression({
  filter: (req, res) =>
    res.statusCode !== 429 &&
    !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
    compression.filter(req, res),
});
const sentUncompressed = (req: Request) =>
  req.method === "POST" && (req.path.endsWith(".data") || req.path === "/chat/messages");
server.use((req, res, next) => (sentUncompressed(req) ? next() : compress(req, res, next)));

// Created before Vite, so that its HMR socket is served through this server's port and host
// rather than a port of its own (24678) on every interface.
const listener = createServer();

let mod: App;
if (DEVELOPMENT) {
  const vite = await import("vite").then((v) =>
    v.createServer({ server: { middlewareMode: true, ws: { server: listener } } }),
  );
  server.use(vite.middlewares);
  mod = (await vite.ssrLoadModule("./server/app.ts")) as App;
  server.use(async (req, res, next) => {
    try {
      const fresh = (await vite.ssrLoadModule("./server/app.ts")) as App;
      return await fresh.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  mod = await import("./app");
  // Static files come before server/app.ts's headers: they carry a page's security headers themselves.
  const securityHeaders = (res: ServerResponse) => res.setHeaders(new Map(Object.entries(mod.staticFileHeaders())));
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

// Every request passes the gate, which answers 503 once shutdown has begun (server/shutdown.ts).
// A flood of refused posts is answered before Express (server/repeated-posts.ts), and in
// production a public page the page cache holds (server/page-cache.ts).
const gate = new mod.RequestGate();
// Page views are counted as the page cache sends them, others once answered (server/visits.ts).
const render = (req: IncomingMessage, res: ServerResponse) => {
  mod.countVisitOnceAnswered(req, res);
  server(req, res);
};
const answer = (req: IncomingMessage, res: ServerResponse) => {
  if (mod.refuseRepeatedPost(req, res)) return;
  if (DEVELOPMENT) render(req, res);
  else mod.answerFromPageCache(req, res, () => render(req, res));
};
const handle = (req: IncomingMessage, res: ServerResponse) => gate.admit(req, res, () => answer(req, res));

// Refusals the operator fixes (a bad variable, DATA_DIR held by a running server): the message alone.
const START_REFUSALS = ["ConfigError", "DataDirInUseError"];
let env: Awaited<ReturnType<App["start"]>>;
try {
  env = await mod.start();
} catch (error) {
  console.error(error instanceof Error && START_REFUSALS.includes(error.name) ? error.message : error);
  process.exit(1);
}
if (env.NODE_ENV === "production" && !env.SITE_URL) {
  // Absolute URLs come from SITE_URL alone, never from a client's Host (app/lib/site-url.server.ts).
  log.warn(
    "SITE_URL is not set: pages go without canonical and sharing URLs, /sitemap.xml is not served, chat webhooks get relative media links. Set SITE_URL to the public address, e.g. https://example.com",
  );
}

listener.on("request", handle).listen(env.PORT, env.HOST, () => {
  log.info("listening", {
    pid: process.pid,
    url: `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`,
  });
});

let shuttingDown = false;
async function shutdown(signal: NodeJS.Signals) {
  if (shuttingDown) return;
  shuttingDown = true;
  const startedAt = performance.now();
  setTimeout(() => {
    log.error("shutdown timed out");
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  // Written once the listener is closed: a connection opened after this line is refused.
  await gate.stopAccepting(listener);
  log.info("shutting down", { signal, inFlight: gate.size });
  const draining = gate.drain(listener, DRAIN_TIMEOUT_MS);
  // Live chat streams would hold the drain to its end: they end now, and their browsers reconnect
  // once this listener is closed, to another instance (or poll).
  mod.closeLiveStreams();
  const cut = await draining;
  if (cut > 0) log.warn("requests cut short by the shutdown", { count: cut });
  // Closing the database checkpoints PGlite, so the next start needs no recovery.
  try {
    await mod.stop();
  } catch (error) {
    log.error("closing the database failed", { error });
    process.exit(1);
  }
  log.info("shut down", { ms: Math.round(performance.now() - startedAt) });
  process.exit(0);
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
