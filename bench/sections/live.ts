import { mkdtempSync, rmSync } from "node:fs";
import { type ClientRequest, request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import postgres from "postgres";
import { createCookie } from "react-router";

import { type AppProcess, BENCH_SESSION_SECRET, launchApp } from "../lib/app-process";
import { BROWSER_HEADERS, cookieHeader, keepCookies, sleep } from "../lib/http";
import { readCpuMs, readMemory } from "../lib/memory";
import type { BenchOptions } from "../lib/options";
import { createFreshDatabase } from "../lib/postgres";
import { progress } from "../lib/progress";
import { percentile } from "../lib/stats";
import { runWrk } from "../lib/wrk";

// `npm run bench -- --live`: the live chat (docs/performance.md, "Live chat"). Two instances of the
// production build on one PostgreSQL: a staff reply posted on one reaches a visitor's stream held
// by the other; then 1,000 visitor streams held open on one instance, its memory and its public
// pages' throughput beside the same without them.

export interface LiveFigures {
  /** From the staff reply's post on instance A to its event read from the visitor's stream on B. */
  replyToScreen: { samples: number; p50Ms: number; p95Ms: number; maxMs: number } | { failed: string };
  streams: {
    wanted: number;
    opened: number;
    refused: number;
    idleRssMb: number;
    withStreamsRssMb: number;
    /** Public pages (/ and /services) under wrk: before the streams, with them open, after they closed. */
    pages: { before: PagesLoad; with: PagesLoad; after: PagesLoad };
  };
}

const REPLIES = 40;
const STREAMS = 1000;
const SETTLE_MS = 3000;
const REPLY_TIMEOUT_MS = 10_000;

/** Signs a chat cookie as the app does (app/services/chat/session-cookie.server.ts), for a stream of its own. */
function chatCookie(): Promise<string> {
  const cookie = createCookie("chat_session", { path: "/", httpOnly: true, secrets: [BENCH_SESSION_SECRET] });
  const id = `session_${Date.now()}_${Math.random().toString(36).slice(2, 14).padEnd(12, "0")}`;
  return cookie.serialize({ id, at: Date.now() }).then((header) => header.split(";")[0]);
}

interface OpenStream {
  request: ClientRequest;
  /** Resolves with each event's name and data as they come. */
  onEvent: (listener: (event: string, data: string) => void) => void;
}

/** A visitor's EventSource, as raw HTTP: resolves once the answer's head has come (or refuses). */
function openStream(baseUrl: string, cookie: string): Promise<OpenStream | null> {
  return new Promise((resolve, reject) => {
    const listeners: Array<(event: string, data: string) => void> = [];
    const req = request(
      `${baseUrl}/chat/stream`,
      { headers: { ...BROWSER_HEADERS, Accept: "text/event-stream", Cookie: cookie }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return resolve(null);
        }
        response.setEncoding("utf8");
        let buffered = "";
        response.on("data", (chunk: string) => {
          buffered += chunk;
          let end: number;
          while ((end = buffered.indexOf("\n\n")) >= 0) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) for (const listener of listeners) listener(event, data);
          }
        });
        resolve({ request: req, onEvent: (listener) => listeners.push(listener) });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Signs the bench's admin in on `app`; the session cookie. */
async function signIn(app: AppProcess): Promise<string> {
  const response = await fetch(`${app.baseUrl}/admin/login`, {
    method: "POST",
    body: new URLSearchParams(app.admin),
    redirect: "manual",
  });
  const jar = new Map<string, string>();
  keepCookies(jar, response);
  return cookieHeader(jar);
}

/** A visitor's first message on `app`: the conversation's cookie. */
async function startConversation(app: AppProcess): Promise<string> {
  const form = new FormData();
  form.set("message", "Can I talk to a person?");
  const response = await fetch(`${app.baseUrl}/chat/messages`, { method: "POST", body: form });
  await response.text();
  const jar = new Map<string, string>();
  keepCookies(jar, response);
  return cookieHeader(jar);
}

async function replyToScreen(a: AppProcess, b: AppProcess, databaseUrl: string): Promise<LiveFigures["replyToScreen"]> {
  const visitor = await startConversation(a);
  const staff = await signIn(a);
  const handoff = await fetch(`${a.baseUrl}/chat/handoff`, {
    method: "POST",
    body: new FormData(),
    headers: { Cookie: visitor, Accept: "application/json" },
  });
  await handoff.text();
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const [{ sessionId }] = await sql<{ sessionId: string }[]>`
    select session_id as "sessionId" from chat_sessions order by started_at desc limit 1`;
  await sql.end();
  if (!sessionId) throw new Error("The bench's conversation is not on the Chats screen.");
  const stream = await openStream(b.baseUrl, visitor);
  if (!stream) throw new Error("The visitor's stream on instance B was refused.");
  const arrived = new Map<string, number>();
  const waiters = new Map<string, () => void>();
  stream.onEvent((event, data) => {
    if (event !== "message") return;
    const { message } = JSON.parse(data) as { message: string };
    arrived.set(message, performance.now());
    waiters.get(message)?.();
  });
  const samples: number[] = [];
  for (let i = 0; i < REPLIES; i++) {
    const text = `Reply ${i} from the bench`;
    const seen = new Promise<void>((resolve, reject) => {
      waiters.set(text, resolve);
      setTimeout(
        () => reject(new Error(`"${text}" did not reach instance B within ${REPLY_TIMEOUT_MS} ms`)),
        REPLY_TIMEOUT_MS,
      ).unref();
    });
    const sentAt = performance.now();
    const posted = await fetch(`${a.baseUrl}/admin/chats?session=${sessionId}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "reply", sessionId, message: text }),
      headers: { Cookie: staff, Origin: a.baseUrl },
      redirect: "manual",
    });
    await posted.text();
    await seen;
    samples.push(arrived.get(text)! - sentAt);
    waiters.delete(text);
  }
  stream.request.destroy();
  return {
    samples: samples.length,
    p50Ms: round(percentile(samples, 50)),
    p95Ms: round(percentile(samples, 95)),
    maxMs: round(Math.max(...samples)),
  };
}

const PAGES = ["/", "/services"];

/** The pages' cache filled and the process warmed, so the first measured run does not pay for it. */
async function warmUp(app: AppProcess): Promise<void> {
  for (const page of PAGES) {
    await runWrk({ url: `${app.baseUrl}${page}`, headers: BROWSER_HEADERS }, { connections: 10, seconds: 1 });
  }
}

interface PagesLoad {
  reqPerSec: number;
  /** The app's CPU time per answer: unlike req/s it holds while other jobs share the machine. */
  cpuUsPerRequest: number;
}

async function pagesLoad(app: AppProcess, options: BenchOptions): Promise<PagesLoad> {
  let requests = 0;
  let seconds = 0;
  const cpuBefore = readCpuMs(app.pid);
  for (const page of PAGES) {
    const run = await runWrk(
      { url: `${app.baseUrl}${page}`, headers: BROWSER_HEADERS },
      { connections: options.connections, seconds: options.seconds },
    );
    requests += run.requests;
    seconds += run.seconds;
  }
  return {
    reqPerSec: round(requests / seconds),
    cpuUsPerRequest: round(((readCpuMs(app.pid) - cpuBefore) * 1000) / requests),
  };
}

async function manyStreams(app: AppProcess, options: BenchOptions): Promise<LiveFigures["streams"]> {
  await sleep(SETTLE_MS);
  const idleRssMb = readMemory(app.pid).rssMb;
  await warmUp(app);
  progress("Public pages without streams...");
  const before = await pagesLoad(app, options);
  progress(`Opening ${STREAMS} visitor streams...`);
  const streams: OpenStream[] = [];
  let refused = 0;
  for (let i = 0; i < STREAMS; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, STREAMS - i) }, async () => openStream(app.baseUrl, await chatCookie())),
    );
    for (const stream of batch) {
      if (stream) streams.push(stream);
      else refused++;
    }
  }
  await sleep(SETTLE_MS);
  const withStreamsRssMb = readMemory(app.pid).rssMb;
  progress("Public pages with the streams open...");
  const withStreams = await pagesLoad(app, options);
  for (const stream of streams) stream.request.destroy();
  await sleep(SETTLE_MS);
  progress("Public pages without streams, again...");
  // The machine is shared: the runs without streams, before and after, bracket the one with them.
  const after = await pagesLoad(app, options);
  return {
    wanted: STREAMS,
    opened: streams.length,
    refused,
    idleRssMb,
    withStreamsRssMb,
    pages: { before, with: withStreams, after },
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Both parts, on a fresh database on `databaseUrl`'s server. */
export async function benchLive(
  root: string,
  databaseUrl: string,
  options: BenchOptions,
  onApp: (app: AppProcess | undefined) => void,
): Promise<LiveFigures> {
  const database = await createFreshDatabase(databaseUrl);
  const scratch = mkdtempSync(path.join(tmpdir(), "agency-bench-live-"));
  const apps: AppProcess[] = [];
  const launch = async (name: string) => {
    const app = await launchApp(root, {
      kind: "postgres",
      dataDir: path.join(scratch, name),
      databaseUrl: database.url,
      cleanUp: async () => {},
    });
    apps.push(app);
    onApp(app);
    return app;
  };
  try {
    progress("Starting an instance on PostgreSQL...");
    const a = await launch("a");
    const streams = await manyStreams(a, options);
    progress("Starting a second instance on the same PostgreSQL...");
    const b = await launch("b");
    progress("Staff replies on instance A, read from a visitor's stream on instance B...");
    const reply = await replyToScreen(a, b, database.url).catch((error: unknown) => ({
      failed: error instanceof Error ? error.message : String(error),
    }));
    return { replyToScreen: reply, streams };
  } finally {
    for (const app of apps) await app.stop();
    onApp(undefined);
    await database.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
