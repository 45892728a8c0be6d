import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { type PageInfo, type PageLink, pageLinkSearch } from "~/lib/keyset";

import { createTestAdmin, createTestChatMessage } from "../support/factories";
import { getRequest, postRequest, send, sessionFor } from "../support/route-args";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";

// The Messages and Chats screens at their loaders and actions: keyset pages walked through the
// links the screens draw, with runs of rows sharing one timestamp so only the id orders them.
// (The counters' and chat_sessions' triggers themselves: counters-and-pages.test.ts.)

interface MessagesData {
  messages: { id: string; isRead: boolean }[];
  page: PageInfo;
  q: string;
  searching: boolean;
  total: number;
  unread: number;
}

interface ChatsData {
  sessions: { sessionId: string; messageCount: number; firstMessage: string | null; lastMessageAt: Date }[];
  sessionsPage: PageInfo;
  total: number;
  filter: {
    q: string;
    from: string;
    to: string;
    searchTooShort: string | null;
    dateError: string | null;
    matching: string | null;
  };
  selected: string | null;
  conversation: { messages: { id: string; message: string }[]; page: PageInfo } | null;
}

/** The href a screen's page link has, from the URL it is on. */
function linkFrom(path: string, page: PageInfo, link: PageLink, prefix = ""): string | null {
  const url = new URL(path, "http://localhost");
  const search = pageLinkSearch(url.searchParams, page, link, prefix);
  return search === null ? null : `${url.pathname}${search}`;
}

describe.each(BACKENDS)("admin inbox pages on %s", (backend) => {
  useTestDatabase(backend);
  let cookie: string;
  const rows = <Row>(query: ReturnType<typeof sql>) =>
    db()
      .execute(query)
      .then((result) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[]);

  beforeAll(async () => {
    cookie = await sessionFor(await createTestAdmin(db()));
  });

  async function messagesAt(path: string): Promise<MessagesData> {
    const answer = await send(getRequest(path, cookie));
    expect(answer.status).toBe(200);
    return answer.loaderData["routes/admin/messages"] as MessagesData;
  }

  async function chatsAt(path: string): Promise<ChatsData> {
    const answer = await send(getRequest(path, cookie));
    expect(answer.status).toBe(200);
    return answer.loaderData["routes/admin/chats"] as ChatsData;
  }

  describe("contact messages", () => {
    it("pages through a search, first, middle and last page, keeping the search in every link", async () => {
      const token = uniqueName("zebra").toLowerCase();
      // 130 matches and 40 others, interleaved, in runs of seven sharing one microsecond.
      await db().execute(sql`
        insert into contact_messages (name, email, message, created_at)
        select case when i % 17 < 13 then 'Match ' || i else 'Other ' || i end, 'p@example.com',
          case when i % 17 < 13 then 'About ' || ${token} || ' number ' || i else 'Nothing to see' end,
          timestamptz '2026-10-01 08:00:00.654321+00' + ((i / 7) || ' ms')::interval
        from generate_series(1, 170) i`);
      const expected = (
        await rows<{ id: string }>(sql`
          select id from contact_messages where message like ${`%${token}%`} order by created_at desc, id desc`)
      ).map((row) => row.id);
      expect(expected).toHaveLength(130);

      const q = token.toUpperCase();
      let path = `/admin/messages?q=${encodeURIComponent(q)}`;
      let data = await messagesAt(path);
      expect(data).toMatchObject({ q, searching: true });
      expect(data.page).toMatchObject({ hasNewer: false, hasOlder: true });
      expect(linkFrom(path, data.page, "first")).toBeNull();
      const seen = [...data.messages.map((m) => m.id)];
      const last = linkFrom(path, data.page, "last")!;
      const middle = linkFrom(path, data.page, "next")!;
      expect(new URL(middle, "http://localhost").searchParams.get("q")).toBe(q);

      path = middle;
      data = await messagesAt(path);
      expect(data.page).toMatchObject({ hasNewer: true, hasOlder: true });
      seen.push(...data.messages.map((m) => m.id));
      path = linkFrom(path, data.page, "next")!;
      data = await messagesAt(path);
      expect(data.page).toMatchObject({ hasNewer: true, hasOlder: false });
      expect(linkFrom(path, data.page, "next")).toBeNull();
      seen.push(...data.messages.map((m) => m.id));
      expect(seen).toEqual(expected);

      // The last page is the oldest 50; one back from it, the 50 before those.
      path = last;
      expect(Object.fromEntries(new URL(path, "http://localhost").searchParams)).toEqual({ q, last: "1" });
      data = await messagesAt(path);
      expect(data.messages.map((m) => m.id)).toEqual(expected.slice(-50));
      path = linkFrom(path, data.page, "previous")!;
      expect(new URL(path, "http://localhost").searchParams.get("q")).toBe(q);
      data = await messagesAt(path);
      expect(data.messages.map((m) => m.id)).toEqual(expected.slice(30, 80));
      expect(linkFrom(path, data.page, "first")).toBe(`/admin/messages?${new URLSearchParams({ q })}`);
    });

    it("searches for %, _ and \\ as themselves, and ignores a one-letter search", async () => {
      const tag = uniqueName("lit").toLowerCase();
      await db().execute(sql`
        insert into contact_messages (name, email, message) values
          ('Percent', 'a@example.com', ${`${tag} 100% off`}), ('Hundred', 'b@example.com', ${`${tag} 100x off`}),
          ('Under', 'c@example.com', ${`${tag} snake_case`}), ('Letter', 'd@example.com', ${`${tag} snakeXcase`}),
          ('Slash', 'e@example.com', ${`${tag} a\\b`}), ('NoSlash', 'f@example.com', ${`${tag} ab`})`);
      const names = async (q: string) =>
        (await messagesAt(`/admin/messages?q=${encodeURIComponent(q)}`)).messages.map(
          (m) => (m as unknown as { name: string }).name,
        );
      expect(await names(`${tag} 100%`)).toEqual(["Percent"]);
      expect(await names(`${tag} snake_c`)).toEqual(["Under"]);
      expect(await names(`${tag} a\\b`)).toEqual(["Slash"]);
      expect(await names(`${tag} zzz`)).toEqual([]);

      const short = await messagesAt("/admin/messages?q=a");
      expect(short).toMatchObject({ q: "a", searching: false });
      const shown = short.messages.map((m) => (m as unknown as { name: string }).name);
      expect(shown).toEqual(expect.arrayContaining(["Percent", "Hundred", "Under", "Letter", "Slash", "NoSlash"]));
    });

    it("goes back to the same page and search after a change, and the badge follows concurrent changes", async () => {
      const token = uniqueName("badge").toLowerCase();
      await db().execute(sql`
        insert into contact_messages (name, email, message)
        select 'Badge ' || i, 'b@example.com', ${token} from generate_series(1, 60) i`);
      const first = await messagesAt(`/admin/messages?q=${token}`);
      const path = linkFrom(`/admin/messages?q=${token}`, first.page, "next")!;
      const second = await messagesAt(path);
      const [target] = second.messages;

      const answer = await send(postRequest(path, { intent: "read", messageId: target.id }, cookie));
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(path);
      expect(answer.toast?.message).toBe("Message marked as read.");

      // Reads, unreads, deletes and new messages at once; then the badge on the next screen is exact.
      const ids = first.messages.map((m) => m.id);
      await Promise.all([
        ...ids.slice(0, 20).map((id) => send(postRequest(path, { intent: "read", messageId: id }, cookie))),
        ...ids.slice(10, 15).map((id) => send(postRequest(path, { intent: "unread", messageId: id }, cookie))),
        ...ids.slice(30, 40).map((id) => send(postRequest(path, { intent: "delete", messageId: id }, cookie))),
        ...Array.from({ length: 5 }, (_, i) =>
          db().execute(
            sql`insert into contact_messages (name, email, message) values (${`New ${i}`}, 'n@example.com', 'hi')`,
          ),
        ),
      ]);
      const [counted] = await rows<{ unread: number; total: number }>(sql`
        select count(*) filter (where not is_read)::int as unread, count(*)::int as total from contact_messages`);
      const after = await send(getRequest(path, cookie));
      expect((after.loaderData["routes/admin/layout"] as { unreadMessages: number }).unreadMessages).toBe(
        counted.unread,
      );
      expect(after.loaderData["routes/admin/messages"]).toMatchObject({ unread: counted.unread, total: counted.total });

      const gone = await send(postRequest(path, { intent: "delete", messageId: ids[30] }, cookie));
      expect(gone.location).toBe(path);
      expect(gone.toast).toMatchObject({
        message: "Error updating message",
        description: "This message no longer exists.",
      });
    });
  });

  describe("chats", () => {
    it("pages through the conversations, the most recently active first, ties broken by id", async () => {
      // Ids of any form: conversations stored before the current form still page.
      await db().execute(sql`
        insert into chat_messages (session_id, message, is_user_message, created_at)
        select 'paged-' || i, 'Opening ' || i, true, timestamptz '2026-09-01 12:00:00.111111+00' + ((i / 10) || ' ms')::interval
        from generate_series(1, 120) i`);
      const expected = (
        await rows<{ session_id: string }>(sql`
          select session_id from chat_sessions order by last_message_at desc, session_id desc`)
      ).map((row) => row.session_id);

      let path = "/admin/chats";
      let data = await chatsAt(path);
      expect(data.total).toBe(expected.length);
      expect(data.selected).toBe(expected[0]);
      const seen: string[] = [];
      for (;;) {
        seen.push(...data.sessions.map((s) => s.sessionId));
        const next = linkFrom(path, data.sessionsPage, "next");
        if (!next) break;
        path = next;
        data = await chatsAt(path);
      }
      expect(seen).toEqual(expected);
      const paged = data.sessions.find((s) => s.sessionId === "paged-1");
      expect(paged).toMatchObject({ messageCount: 1, firstMessage: "Opening 1" });
    });

    it("shows a conversation's latest 50 messages in reading order, with its own pages beside the list's", async () => {
      const sessionId = `session_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`;
      await db().execute(sql`
        insert into chat_messages (session_id, message, is_user_message, created_at)
        select ${sessionId}, 'Line ' || i, i % 2 = 1, timestamptz '2026-08-01 09:00:00.222222+00' + ((i / 6) || ' ms')::interval
        from generate_series(1, 120) i`);
      const chronological = (
        await rows<{ id: string }>(sql`
          select id from chat_messages where session_id = ${sessionId} order by created_at, id`)
      ).map((row) => row.id);

      // On the list's second page, this conversation chosen.
      const list = await chatsAt("/admin/chats");
      const listPage = linkFrom("/admin/chats", list.sessionsPage, "next") ?? "/admin/chats?";
      const listAfter = new URL(listPage, "http://localhost").searchParams.get("after");
      let path = `${listPage}&session=${sessionId}`;
      let data = await chatsAt(path);
      expect(data.selected).toBe(sessionId);
      expect(data.conversation!.messages.map((m) => m.id)).toEqual(chronological.slice(-50));
      expect(data.conversation!.page).toMatchObject({ hasNewer: false, hasOlder: true });

      const ids: string[][] = [data.conversation!.messages.map((m) => m.id)];
      const start = linkFrom(path, data.conversation!.page, "last", "msgs_")!;
      for (;;) {
        const earlier = linkFrom(path, data.conversation!.page, "next", "msgs_");
        if (!earlier) break;
        const params = new URL(earlier, "http://localhost").searchParams;
        expect([params.get("after"), params.get("session")]).toEqual([listAfter, sessionId]);
        path = earlier;
        data = await chatsAt(path);
        ids.unshift(data.conversation!.messages.map((m) => m.id));
      }
      expect(ids.flat()).toEqual(chronological);

      path = start;
      data = await chatsAt(path);
      expect(data.conversation!.messages.map((m) => m.id)).toEqual(chronological.slice(0, 50));
      const latest = linkFrom(path, data.conversation!.page, "first", "msgs_")!;
      expect(new URL(latest, "http://localhost").searchParams.get("msgs_last")).toBeNull();
      // The list's own pages leave the conversation's page where it is.
      expect(
        new URL(linkFrom(path, data.sessionsPage, "first")!, "http://localhost").searchParams.get("msgs_last"),
      ).toBe("1");
    });

    it("searches every message of the conversations, any case, with %, _ and \\ as themselves", async () => {
      const tag = uniqueName("parrot").toLowerCase();
      // [session, the message holding the text (the visitor's or the bot's)]: each conversation
      // has another message that does not hold it.
      const conversations: [string, string, boolean][] = [
        ["percent", `${tag} 100% off`, true],
        ["hundred", `${tag} 100x off`, false],
        ["under", `${tag} snake_case`, false],
        ["letter", `${tag} snakeXcase`, true],
        ["slash", `${tag} a\\b`, true],
        ["noslash", `${tag} ab`, false],
      ];
      for (const [name, message, isUserMessage] of conversations) {
        await createTestChatMessage(db(), { sessionId: `${tag}-${name}`, message: "Hello there", isUserMessage: true });
        await createTestChatMessage(db(), { sessionId: `${tag}-${name}`, message, isUserMessage });
      }
      const found = async (q: string) => {
        const data = await chatsAt(`/admin/chats?q=${encodeURIComponent(q)}`);
        return data.sessions.map((s) => s.sessionId.slice(tag.length + 1)).sort();
      };
      expect(await found(tag.toUpperCase())).toEqual(["hundred", "letter", "noslash", "percent", "slash", "under"]);
      expect(await found(`${tag} 100%`)).toEqual(["percent"]);
      expect(await found(`${tag} 100X`)).toEqual(["hundred"]);
      expect(await found(`${tag} snake_c`)).toEqual(["under"]);
      expect(await found(`${tag} a\\b`)).toEqual(["slash"]);
      expect(await found(`${tag} zzz`)).toEqual([]);

      const searched = await chatsAt(`/admin/chats?q=${encodeURIComponent(`  ${tag} 100%  `)}`);
      expect(searched.filter).toMatchObject({
        q: `${tag} 100%`,
        searchTooShort: null,
        matching: `Conversations with a message containing "${tag} 100%"`,
      });
      // The conversation shown beside the list is the first match.
      expect(searched.selected).toBe(`${tag}-percent`);

      // Two characters have no trigram to look up: the search is not run, and says so.
      const short = await chatsAt("/admin/chats?q=ab");
      expect(short.filter).toMatchObject({
        q: "ab",
        searchTooShort: "Type at least 3 characters to search the messages.",
        matching: null,
      });
      // The list is then the unfiltered one: this test's six conversations, the newest, among them.
      const shortIds = short.sessions.map((s) => s.sessionId);
      expect(shortIds).toEqual((await chatsAt("/admin/chats")).sessions.map((s) => s.sessionId));
      expect(shortIds).toEqual(expect.arrayContaining(conversations.map(([name]) => `${tag}-${name}`)));
    });

    it("filters by the day of the last message in the site's time zone, and pages with the filter kept", async () => {
      const tag = uniqueName("heron").toLowerCase();
      const timeZone = "America/New_York";
      await db()
        .insert(siteSettings)
        .values({
          companyName: "Test",
          homepageHeadline: "Hi",
          homepageSubtext: "Hi",
          supportEmail: "t@example.com",
          timeZone,
        })
        .onConflictDoUpdate({ target: siteSettings.id, set: { timeZone } });
      try {
        // 11 June 2026 in New York (UTC-4) runs from 04:00 UTC to 04:00 UTC the next day. 130
        // conversations mention the tag, their last messages 10 minutes apart across that day's
        // edges, in runs of three sharing a timestamp; 20 others in the same hours do not.
        await db().execute(sql`
          insert into chat_messages (session_id, message, is_user_message, created_at)
          select ${tag} || '-' || lpad(i::text, 3, '0'),
            case when i <= 130 then 'About the ' || ${tag} || ' workflow' else 'Nothing to see' end, true,
            timestamptz '2026-06-11 02:00:00.123456+00' + ((i / 3) * 30 || ' minutes')::interval
          from generate_series(1, 150) i`);
        // Started the day before, last active on the 11th: in. Last active on the 12th: out.
        await db().execute(sql`
          insert into chat_messages (session_id, message, is_user_message, created_at) values
            (${`${tag}-early`}, ${`${tag} first`}, true, '2026-06-10 12:00:00+00'),
            (${`${tag}-early`}, 'later', false, '2026-06-11 12:00:00+00'),
            (${`${tag}-late`}, ${`${tag} first`}, true, '2026-06-11 12:00:00+00'),
            (${`${tag}-late`}, 'later', false, '2026-06-12 12:00:00+00')`);
        const expected = (
          await rows<{ session_id: string }>(sql`
            select session_id from chat_sessions
            where session_id like ${`${tag}-%`}
              and session_id in (select session_id from chat_messages where message like ${`%${tag}%`})
              and last_message_at >= '2026-06-11 04:00:00+00' and last_message_at < '2026-06-12 04:00:00+00'
            order by last_message_at desc, session_id desc`)
        ).map((row) => row.session_id);
        expect(expected).toContain(`${tag}-early`);
        expect(expected).not.toContain(`${tag}-late`);
        expect(expected.length).toBeGreaterThan(100);

        const filter = { q: tag, from: "2026-06-11", to: "2026-06-11" };
        let path = `/admin/chats?${new URLSearchParams(filter)}`;
        let data = await chatsAt(path);
        expect(data.filter).toMatchObject({
          ...filter,
          dateError: null,
          matching: `Conversations with a message containing "${tag}", last active from 2026-06-11 to 2026-06-11`,
        });
        const seen: string[] = [];
        for (;;) {
          seen.push(...data.sessions.map((s) => s.sessionId));
          const next = linkFrom(path, data.sessionsPage, "next");
          if (!next) break;
          expect(Object.fromEntries(new URL(next, "http://localhost").searchParams)).toMatchObject(filter);
          path = next;
          data = await chatsAt(path);
        }
        expect(seen).toEqual(expected);
        // Back from the last page, and a conversation's link, keep the filter too.
        const back = linkFrom(path, data.sessionsPage, "previous")!;
        expect(Object.fromEntries(new URL(back, "http://localhost").searchParams)).toMatchObject(filter);
        expect((await chatsAt(back)).sessions.every((s) => expected.includes(s.sessionId))).toBe(true);

        // One end only: from the 12th on, in New York.
        const since = await chatsAt(`/admin/chats?q=${tag}&from=2026-06-12`);
        expect(since.sessions.map((s) => s.sessionId)).toEqual([`${tag}-late`]);
        expect(since.filter.matching).toBe(
          `Conversations with a message containing "${tag}", last active on or after 2026-06-12`,
        );
        // Up to the 10th: the eleven last active before 04:00 UTC, 10 p.m. to 11.30 p.m. in New York.
        const until = await chatsAt(`/admin/chats?q=${tag}&to=2026-06-10`);
        expect(until.sessions.map((s) => s.sessionId).sort()).toEqual(
          Array.from({ length: 11 }, (_, i) => `${tag}-${String(i + 1).padStart(3, "0")}`),
        );
      } finally {
        await db().update(siteSettings).set({ timeZone: null });
      }
    });

    it("says why dates that are no range are not applied, and still lists", async () => {
      for (const [query, reason] of [
        ["from=2026-06-12&to=2026-06-11", 'The date "from" must not be after the date "to".'],
        ["from=2026-02-30", 'The date "from" must be a day written YYYY-MM-DD, such as 2026-11-23.'],
      ]) {
        const data = await chatsAt(`/admin/chats?${query}`);
        expect(data.filter).toMatchObject({ dateError: reason, matching: null });
        expect(data.sessions.length).toBe((await chatsAt("/admin/chats")).sessions.length);
      }
    });

    it("lists new conversations at once, with their counts and the visitor's first words", async () => {
      const sessions = Array.from(
        { length: 4 },
        (_, i) => `session_${Date.now()}_live${i}x${Math.random().toString(36).slice(2, 8)}`,
      );
      await Promise.all(
        sessions.flatMap((sessionId, s) =>
          Array.from({ length: s + 2 }, (_, i) =>
            createTestChatMessage(db(), { sessionId, message: `${sessionId} #${i}`, isUserMessage: i > 0 }),
          ),
        ),
      );
      const data = await chatsAt("/admin/chats");
      for (const [s, sessionId] of sessions.entries()) {
        const listed = data.sessions.find((row) => row.sessionId === sessionId);
        expect(listed?.messageCount).toBe(s + 2);
        expect(listed?.firstMessage).toMatch(new RegExp(`^${sessionId} #\\d+$`));
        expect(listed?.firstMessage).not.toBe(`${sessionId} #0`);
      }
      const [counted] = await rows<{ n: number }>(sql`select count(distinct session_id)::int as n from chat_messages`);
      expect(data.total).toBe(counted.n);
    });
  });
});
