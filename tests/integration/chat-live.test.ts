import { randomUUID } from "node:crypto";

import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { type AppDatabase, db, openDatabase } from "~/db/client.server";
import { newChatSessionId } from "~/lib/chat";
import { requestContext } from "~/lib/request-context.server";
import { DEFAULT_SITE_SETTINGS, saveSiteSettings } from "~/models/site-settings.server";
import { loader as streamLoader } from "~/routes/public/chat-stream";
import { closeLiveStreams, staffStream } from "~/services/chat/live.server";
import { renewChatSession } from "~/services/chat/session-cookie.server";

import { BACKENDS, postgresUrl, useTestDatabase } from "../support/test-database";

// The live chat's fan-out: a change written through any connection to the database (another
// instance, or this one) reaches the streams open on this instance, through one LISTEN.

interface SseEvent {
  event: string;
  id?: string;
  data: unknown;
}

/** Reads a text/event-stream body event by event. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  const events: SseEvent[] = [];
  return {
    /**
     * The first event not taken yet that `match` accepts, once it has come. Others stay: a read
     * may send a handoff's new state before the message that caused it.
     */
    async next(match: (event: SseEvent) => boolean): Promise<SseEvent> {
      for (;;) {
        const index = events.findIndex(match);
        if (index >= 0) return events.splice(index, 1)[0];
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended; events left: ${JSON.stringify(events)}`);
        buffered += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffered.indexOf("\n\n")) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split("\n")
              .filter((line) => !line.startsWith(":") && line.includes(": "))
              .map((line) => [line.slice(0, line.indexOf(": ")), line.slice(line.indexOf(": ") + 2)]),
          );
          if (fields.event) events.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data) });
        }
      }
    },
    cancel: () => reader.cancel(),
  };
}

async function openVisitorStream(sessionId: string, options: { lastEventId?: string; ip?: string } = {}) {
  const cookie = (await renewChatSession(sessionId, 24)).split(";")[0];
  const controller = new AbortController();
  const request = new Request("http://localhost/chat/stream", {
    headers: { Cookie: cookie, ...(options.lastEventId ? { "Last-Event-ID": options.lastEventId } : {}) },
    signal: controller.signal,
  });
  const response = await streamLoader({
    request,
    context: requestContext({ clientIp: options.ip ?? `10.1.${Math.floor(Math.random() * 250)}.1` }),
    params: {},
  } as never);
  return { response, abort: () => controller.abort() };
}

type Writer = (query: ReturnType<typeof sql>) => Promise<unknown>;

/** A staff member's reply, as the admin's Send reply stores it (models/chat-handoff.server.ts). */
function staffReply(write: Writer, sessionId: string, text: string) {
  const id = randomUUID();
  return {
    id,
    written: (async () => {
      await write(sql`insert into chat_messages (id, session_id, message, is_user_message, answered_by, staff_name, created_at)
        values (${id}, ${sessionId}, ${text}, false, 'staff', 'Sam', clock_timestamp())`);
      await write(sql`update chat_sessions set staff_replied_at = clock_timestamp(),
        handoff_requested_at = coalesce(handoff_requested_at, clock_timestamp()) where session_id = ${sessionId}`);
    })(),
  };
}

function visitorMessage(write: Writer, sessionId: string, text: string) {
  return write(sql`insert into chat_messages (session_id, message, is_user_message, created_at)
    values (${sessionId}, ${text}, true, clock_timestamp())`);
}

describe.each(BACKENDS)("live chat streams on %s", (backend) => {
  const database = useTestDatabase(backend);
  // On PostgreSQL the writes come through a second connection pool, as another instance's would.
  let other: AppDatabase | undefined;
  const write: Writer = async (query) => {
    if (backend === "pglite") return db().execute(query);
    other ??= await openDatabase({ databaseUrl: await currentUrl(), maxConnections: 1 });
    return other.db.execute(query);
  };
  async function currentUrl(): Promise<string> {
    const [{ name }] = (await database().db.execute(sql`select current_database() as name`)) as unknown as {
      name: string;
    }[];
    return postgresUrl(name);
  }
  // The seeded settings: who answers depends on them (the hand-back minutes, the hours).
  beforeAll(() => saveSiteSettings(DEFAULT_SITE_SETTINGS));
  afterEach(() => closeLiveStreams());
  afterAll(async () => {
    await other?.close();
  });

  it("sends a handoff and a staff reply written elsewhere to the visitor's open stream, and nothing else", async () => {
    const sessionId = newChatSessionId();
    await visitorMessage(write, sessionId, "Can I talk to someone?");
    const { response, abort } = await openVisitorStream(sessionId);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("Cache-Control")).toContain("no-transform");
    const events = eventReader(response.body!);
    expect((await events.next((e) => e.event === "handoff")).data).toMatchObject({ status: "assistant" });

    await write(sql`update chat_sessions set handoff_requested_at = now(), handoff_by = 'visitor'
      where session_id = ${sessionId}`);
    expect((await events.next((e) => e.event === "handoff")).data).toMatchObject({ status: "waiting" });
    await visitorMessage(write, sessionId, "Hello?");
    const reply = staffReply(write, sessionId, "Hi, **Sam** here.");
    await reply.written;
    const message = await events.next((e) => e.event === "message");
    expect(message.id).toBe(reply.id);
    expect(message.data).toMatchObject({
      id: reply.id,
      message: "Hi, **Sam** here.",
      isUserMessage: false,
      staffName: "Sam",
    });
    expect((await events.next((e) => e.event === "handoff")).data).toMatchObject({ status: "staff", staffName: "Sam" });
    expect((message.data as { html: string }).html).toContain("<strong>Sam</strong>");
    abort();
  });

  it("sends what a reconnecting stream missed after its Last-Event-ID, and nothing of another conversation", async () => {
    const sessionId = newChatSessionId();
    const first = staffReply(write, sessionId, "First reply");
    await first.written;
    const missed = staffReply(write, sessionId, "Sent while you were away");
    await missed.written;
    await staffReply(write, newChatSessionId(), "Someone else's reply").written;

    const { response, abort } = await openVisitorStream(sessionId, { lastEventId: first.id });
    const events = eventReader(response.body!);
    const message = await events.next((e) => e.event === "message");
    expect(message).toMatchObject({ id: missed.id, data: { message: "Sent while you were away" } });
    const later = staffReply(write, sessionId, "And one more");
    await later.written;
    expect((await events.next((e) => e.event === "message")).id).toBe(later.id);
    abort();
  });

  it("answers 204 without a conversation, and refuses an address past its cap", async () => {
    const noCookie = await streamLoader({
      request: new Request("http://localhost/chat/stream"),
      context: requestContext({ clientIp: "10.2.0.1" }),
      params: {},
    } as never);
    expect(noCookie.status).toBe(204);

    const open = await Promise.all(
      Array.from({ length: 5 }, () => openVisitorStream(newChatSessionId(), { ip: "10.2.0.2" })),
    );
    expect(open.map(({ response }) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const refused = await openVisitorStream(newChatSessionId(), { ip: "10.2.0.2" });
    expect(refused.response.status).toBe(429);
    open[0].abort();
    const again = await openVisitorStream(newChatSessionId(), { ip: "10.2.0.2" });
    expect(again.response.status).toBe(200);
    for (const stream of [...open, again]) stream.abort();
  });

  it("tells a staff stream which conversation changed", async () => {
    const controller = new AbortController();
    let beats = 0;
    const response = await staffStream({ signal: controller.signal, onBeat: () => (beats += 1) });
    expect(beats).toBe(1);
    const events = eventReader(response.body!);
    const waiting = (await events.next((e) => e.event === "waiting")).data as number;
    const sessionId = newChatSessionId();
    await visitorMessage(write, sessionId, "Anyone there?");
    expect((await events.next((e) => e.event === "change")).data).toEqual({ sessionId });
    await write(sql`update chat_sessions set handoff_requested_at = now(), handoff_by = 'visitor'
      where session_id = ${sessionId}`);
    expect((await events.next((e) => e.event === "waiting")).data).toBe(waiting + 1);
    controller.abort();
  });
});
