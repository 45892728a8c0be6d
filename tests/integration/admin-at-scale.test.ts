import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type AppDatabase, db, openDatabase, setDatabase } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { PAGE_SIZE, parseCursor } from "~/lib/keyset";
import { CHAT_SEARCH_RARE_MESSAGES, ChatSessionIdSchema, listChatSessionPage } from "~/models/chat-sessions.server";

import { createTestAdmin } from "../support/factories";
import { getRequest, send, sessionFor } from "../support/route-args";
import { BACKENDS, createPostgresDatabase, postgresUrl, uniqueName, useTestDatabase } from "../support/test-database";
import { POSTGRES_TEMPLATE_DB } from "../support/vitest-global-setup";

// The admin's lists at a million rows (npm run bench -- --scale): the Chats search
// (app/models/chat-sessions.server.ts), where a rare text lists its conversations from the trigram
// index's matches and a common one walks the conversations newest first; and what a page carries.

/** `count` conversations of two messages each, the newest first by session id; `text` in the visitor's. */
async function conversations(prefix: string, count: number, text: string): Promise<void> {
  await db().execute(sql`
    insert into chat_messages (session_id, message, is_user_message, created_at)
    select ${prefix} || '-' || lpad(s::text, 6, '0'),
      case when k = 0 then 'Hello, ' || ${text} || ' here' else 'An answer' end,
      k = 0, now() - make_interval(secs => ${count} - s + k)
    from generate_series(1, ${count}) s, generate_series(0, 1) k`);
}

const newestFirst = (prefix: string, count: number, take: number) =>
  Array.from({ length: take }, (_, i) => `${prefix}-${String(count - i).padStart(6, "0")}`);

describe.each(BACKENDS)("the Chats search on %s", (backend) => {
  useTestDatabase(backend);

  it("lists a rare text's conversations newest first, page by page", async () => {
    const prefix = uniqueName("rare");
    const tag = uniqueName("tag");
    await conversations(prefix, PAGE_SIZE + 5, tag);
    await conversations(uniqueName("other"), 30, "nothing to find");
    const first = await listChatSessionPage({ kind: "first" }, { search: tag.toUpperCase() });
    expect(first.rows.map((row) => row.sessionId)).toEqual(newestFirst(prefix, PAGE_SIZE + 5, PAGE_SIZE));
    expect(first.hasOlder).toBe(true);
    const cursor = parseCursor(first.oldestCursor!, ChatSessionIdSchema)!;
    const next = await listChatSessionPage({ kind: "older", cursor }, { search: tag });
    expect(next.rows.map((row) => row.sessionId)).toEqual(newestFirst(prefix, PAGE_SIZE + 5, PAGE_SIZE + 5).slice(-5));
    expect(next.hasOlder).toBe(false);
  });

  it("lists a common text's conversations the same way", async () => {
    const prefix = uniqueName("common");
    const tag = uniqueName("tag");
    // More messages with the text than a rare one has.
    await conversations(prefix, CHAT_SEARCH_RARE_MESSAGES + 1, tag);
    const first = await listChatSessionPage({ kind: "first" }, { search: tag });
    expect(first.rows.map((row) => row.sessionId)).toEqual(
      newestFirst(prefix, CHAT_SEARCH_RARE_MESSAGES + 1, PAGE_SIZE),
    );
    expect(first.hasOlder).toBe(true);
  });
});

describe.each(BACKENDS)("the Messages page's data on %s", (backend) => {
  useTestDatabase(backend);

  it("carries the pager's two cursors, not one a message", async () => {
    for (let i = 0; i < 3; i++) {
      await db()
        .insert(contactMessages)
        .values({ name: uniqueName("Sender"), email: "a@example.com", message: "Hi" });
    }
    const cookie = await sessionFor(await createTestAdmin(db()));
    const answer = await send(getRequest("/admin/messages", cookie));
    const data = answer.loaderData["routes/admin/messages"] as {
      messages: Record<string, unknown>[];
      page: { newestCursor: string | null };
    };
    expect(data.messages).toHaveLength(3);
    expect(data.page.newestCursor).toMatch(/~/);
    for (const message of data.messages) expect(Object.keys(message)).not.toContain("cursor");
  });
});

describe("the Chats search's statements", () => {
  const statements: string[] = [];
  let database: AppDatabase;

  beforeAll(async () => {
    const url = postgresUrl(await createPostgresDatabase({ template: POSTGRES_TEMPLATE_DB }));
    database = await openDatabase({ databaseUrl: url, maxConnections: 2, onQuery: (text) => statements.push(text) });
    setDatabase(database);
  });

  afterAll(async () => {
    setDatabase(undefined);
    await database?.close();
  });

  it("looks a rare text's conversations up by id, never probing conversation after conversation", async () => {
    const tag = uniqueName("tag");
    await conversations(uniqueName("rare"), 3, tag);
    statements.length = 0;
    const page = await listChatSessionPage({ kind: "first" }, { search: tag });
    expect(page.rows).toHaveLength(3);
    // The walk's statement reads chat_sessions and searches the messages' text in one plan: on a
    // million messages it read 15,000 conversations' messages to find a page of a text in one in 300.
    const walks = statements.filter((text) => text.includes('from "chat_sessions"') && text.includes(" like "));
    expect(walks).toEqual([]);
  });
});
