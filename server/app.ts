import { randomBytes } from "node:crypto";

import { createRequestHandler } from "@react-router/express";
import express, { type NextFunction, type Request, type Response } from "express";
import * as build from "virtual:react-router/server-build";

import { REQUEST_BODY_TEXT } from "~/copy/request-body";
import { databaseProblem } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { requestContext } from "~/lib/request-context.server";
import {
  contentSecurityPolicy,
  enforcesContentSecurityPolicy,
  securityHeaders as pageSecurityHeaders,
} from "~/lib/security-headers.server";
import { allConversationsWritten } from "~/services/chat/conversation-writes.server";
import { chatLimits, maxChatRequestBytes } from "~/services/chat/limits.server";
import { closeLiveStreams } from "~/services/chat/live.server";
import { startOutboxWorker, stopOutboxWorker } from "~/services/outbox/worker.server";
import { pageCacheEnabled } from "~/services/page-cache/cache.server";
import { pageCacheKey } from "~/services/page-cache/request.server";
import { startPageCacheSync, stopPageCacheSync } from "~/services/page-cache/sync.server";
import { startRetention, stopRetention } from "~/services/retention.server";
import { start as startApp, stop as stopApp } from "~/services/startup.server";
import { startVisitCounting, stopVisitCounting } from "~/services/visits/visits.server";

import { clientIp } from "./client-ip";

export { runAdminCommand } from "./admin-command";
export { runBackupCommand, runRestoreCommand } from "./backup-command";
export { answerFromPageCache } from "./page-cache";
export { refuseRepeatedPost } from "./repeated-posts";
export { RequestGate } from "./shutdown";
export { countVisitOnceAnswered } from "./visits";
export { staticFileHeaders } from "~/lib/security-headers.server";
export { closeLiveStreams } from "~/services/chat/live.server";

export async function start() {
  const env = await startApp();
  await startPageCacheSync();
  startRetention(env);
  await startOutboxWorker();
  await startVisitCounting();
  return env;
}

export async function stop() {
  // The chat's last replies are stored after their answers went out.
  await allConversationsWritten();
  stopRetention();
  closeLiveStreams();
  await stopOutboxWorker();
  // The views counted since the last flush, before the database closes.
  await stopVisitCounting();
  await stopPageCacheSync();
  await stopApp();
}

// Where a request enters, in order:
//   1. server/main.ts: once shutdown has begun, the request gate answers 503 (./shutdown.ts); a
//      post from an address refused at that form again and again gets one plain line
//      (./repeated-posts.ts); a public page the page cache holds is answered there and then
//      (./page-cache.ts); the rest meet compression, static files, then this app. A page view is
//      counted as the cache sends it, or once answered (./visits.ts);
//   2. the Express middleware below, in the order of the `app.use` calls at the end of this file
//      (the last, limitRequestBodies, refuses a body too large, or not a form where no JSON is due);
//   3. React Router, with the request context (client address, CSP nonce), runs the route
//      middleware: the toast scope on every route (app/root.tsx), then the admin guard under
//      /admin (app/routes/admin/layout.tsx); then the actions and loaders, and the page.

const HEALTH_TIMEOUT_MS = 2000;
/** The client's order-status page: its address holds the token that opens the order. */
const ORDER_STATUS_PATH = /^\/order\/status\//;

function logRequest(req: Request, res: Response, next: NextFunction) {
  const startedAt = performance.now();
  res.on("finish", () => {
    log.request({
      method: req.method,
      // The token opens an order: the log keeps which page, not which order.
      path: ORDER_STATUS_PATH.test(req.path) ? "/order/status/[token]" : req.path,
      status: res.statusCode,
      ms: Math.round((performance.now() - startedAt) * 10) / 10,
      ip: clientIp(req),
    });
  });
  next();
}

// A load balancer or an operator reading the answer learns why, never where: the reason is an
// error code (app/db/client.server.ts databaseProblem).
async function healthCheck(_req: Request, res: Response) {
  const problem = await databaseProblem(HEALTH_TIMEOUT_MS);
  if (!problem) {
    res.status(200).json({ status: "ok" });
    return;
  }
  log.error("health check failed", { database: problem });
  res.status(503).json({ status: "unavailable", database: problem });
}

// Admin pages, their .data requests (/admin.data for the dashboard) and the CSV export carry
// personal data and, on Integrations, secrets: no copy may stay in the browser's cache, where
// Back after logging out would show it, or in a proxy's.
const ADMIN_PATH = /^\/admin(?:$|\/|\.data$)/;
function noStoreForAdmin(req: Request, res: Response, next: NextFunction) {
  if (ADMIN_PATH.test(req.path)) res.setHeader("Cache-Control", "no-store");
  next();
}

// The order-status page: no cache keeps it, no link passes its address on in a Referer, and no
// search engine lists it; its data requests and its 404s alike. same-origin, not no-referrer: its
// "Pay now" form must send its real Origin, which refuseCrossSitePosts checks ("null" otherwise).
function privateOrderStatus(req: Request, res: Response, next: NextFunction) {
  if (ORDER_STATUS_PATH.test(req.path)) {
    res.set({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" });
  }
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

// Every action reads a form, and request.formData() keeps whatever arrives in memory: a body is
// refused here, before React Router reads it, by its Content-Length at once and byte by byte as it
// streams in (a chunked body has none). The chat takes a file; any other action, a form.
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const CHAT_ACTION_PATH = /^\/chat(?:\.data|\/messages)?$/;
// The payment providers post JSON signed over its exact bytes: on their webhook paths alone a JSON
// body goes through unparsed, for the route to read raw (app/routes/webhooks/stripe.ts).
const PROVIDER_WEBHOOK_PATHS = ["/webhooks/stripe", "/webhooks/paypal", "/webhooks/cal"];
const PROVIDER_WEBHOOK_TYPES = ["application/json"];
/** A provider's event is a few kilobytes: this leaves room for the largest, and no more. */
const PROVIDER_WEBHOOK_MAX_BYTES = 1024 * 1024;

// A chat post whose Content-Length is over the chat's limit is left to the chat action, which refuses
// it before reading a byte and answers in the widget's format ("Files can be up to …",
// app/services/chat/intake.server.ts), so the visitor gets the chat's message, not a bare 413. A body
// without a Content-Length is counted here against the same limit.
function bodyLimitBytes(chat: boolean, providerWebhook: boolean, adminUpload: boolean): number {
  const env = getEnv();
  if (chat) return maxChatRequestBytes(chatLimits(env));
  if (adminUpload) return env.MAX_FORM_BYTES + ADMIN_FORM_MAX_IMAGES * env.MAX_IMAGE_BYTES;
  return providerWebhook ? PROVIDER_WEBHOOK_MAX_BYTES : env.MAX_FORM_BYTES;
}

// An admin form may carry image uploads (app/components/admin/image-field.tsx): room for this many
// at MAX_IMAGE_BYTES each beside the fields (Settings has two, the logo and the favicon). A larger
// file within that room is refused by the form itself, which says why and keeps what was typed.
const ADMIN_FORM_MAX_IMAGES = 2;
const ADMIN_UPLOAD_PATH = /^\/admin\/(?!login)/;

// A client still sending when the connection closes reads a reset instead of the answer: what it
// sends after a refusal is read and dropped, for this long at most.
const REFUSED_BODY_DRAIN_MS = 5_000;

/** Reads and drops what the client still sends after its answer, for REFUSED_BODY_DRAIN_MS at most. */
function drainBody(req: Request) {
  const drained = setTimeout(() => req.destroy(), REFUSED_BODY_DRAIN_MS).unref();
  req.once("end", () => clearTimeout(drained));
  req.resume();
}

function refuseBody(req: Request, res: Response, status: 413 | 415, text: string) {
  log.warn("request body refused", { path: req.path, status });
  drainBody(req);
  res.status(status).type("text/plain").send(text);
}

function limitRequestBodies(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const providerWebhook = PROVIDER_WEBHOOK_PATHS.includes(req.path);
  // false: a body that is not a form (none at all is null). An action would fail on it with a 500.
  if (req.is(providerWebhook ? PROVIDER_WEBHOOK_TYPES : FORM_TYPES) === false) {
    return refuseBody(req, res, 415, REQUEST_BODY_TEXT.unsupportedType);
  }
  const chat = CHAT_ACTION_PATH.test(req.path);
  const adminUpload = ADMIN_UPLOAD_PATH.test(req.path) && Boolean(req.is("multipart/form-data"));
  const limit = bodyLimitBytes(chat, providerWebhook, adminUpload);
  if (!chat && Number(req.get("content-length")) > limit) {
    return refuseBody(req, res, 413, REQUEST_BODY_TEXT.tooLarge);
  }
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= limit) return;
    req.off("data", count);
    // React Router's reader, listening to the same stream, fails with this error: no action runs on
    // a cut form, and what is drained below is not kept. (destroy() would close the connection
    // before the answer is out.)
    req.on("error", () => undefined);
    req.emit("error", new Error("request body too large"));
    if (res.headersSent) req.destroy();
    else refuseBody(req, res, 413, REQUEST_BODY_TEXT.tooLarge);
  };
  // Listening before React Router does, this sees each chunk before it is kept; paused, so that
  // listening alone does not start the flow: React Router's reader resumes it.
  req.on("data", count);
  // Answered before the body was read (the chat refusing by Content-Length): the rest is drained,
  // not counted, so the client reads the answer rather than a reset.
  res.once("finish", () => {
    req.off("data", count);
    if (!req.complete) drainBody(req);
  });
  req.pause();
  next();
}

// The build itself, not a function returning it: with a function React Router derives its route
// table again on every request (about half a millisecond of a chat message). In
// development server/main.ts loads this module again for each request, so a changed route still counts.
const reactRouter = createRequestHandler({
  build,
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
app.use(privateOrderStatus);
app.use(limitRequestBodies);
app.use(reactRouter);
