import { and, asc, count, desc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import { type Db, db, withReadRetry } from "~/db/client.server";
import { adminUsers, chatMessages, chatSessions, siteSettings, staffPresence } from "~/db/schema";
import type { HandoffView } from "~/lib/chat";
import type { HandoffBy, LiveChatHours } from "~/lib/domain";
import { type HandoffState, handoffStatus, STAFF_PRESENCE_MS, toHandoffView } from "~/lib/handoff";
import { serverTimeZone } from "~/lib/zoned-day";

import { writeAuditEntry } from "./audit-log.server";
import { recordEvent } from "./outbox.server";
import { DEFAULT_SITE_SETTINGS } from "./site-settings.server";

// Live chat with a person (docs/product.md §12.1): the handoff columns of chat_sessions, the staff
// replies in chat_messages and the staff's presence. Who answers is derived from timestamps
// (app/lib/handoff.ts), so nothing has to run when a hold times out.

/** What decides who answers a conversation, read in one statement. */
export interface HandoffFacts {
  /** False when the conversation has no row (no message yet, or erased). */
  exists: boolean;
  state: HandoffState;
  handoffBy: HandoffBy | null;
  handBackMinutes: number;
  hours: LiveChatHours | null;
  timeZone: string;
  presenceRequired: boolean;
  staffPresent: boolean;
  /** The name on the latest staff reply. */
  staffName: string | null;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The conversation's handoff and what the visitor is told of it, as of `now`, in one statement. */
export async function readHandoffFacts(sessionId: string, now = new Date()): Promise<HandoffFacts> {
  const presentSince = new Date(now.getTime() - STAFF_PRESENCE_MS);
  const session = (column: AnyPgColumn) =>
    sql`(select ${column} from ${chatSessions} where ${chatSessions.sessionId} = ${sessionId})`;
  const [row] = await withReadRetry(() =>
    db()
      .select({
        exists: sql<boolean>`exists (select 1 from ${chatSessions} where ${chatSessions.sessionId} = ${sessionId})`,
        handoffRequestedAt: session(chatSessions.handoffRequestedAt).mapWith(chatSessions.handoffRequestedAt),
        handoffBy: session(chatSessions.handoffBy).mapWith(chatSessions.handoffBy),
        staffRepliedAt: session(chatSessions.staffRepliedAt).mapWith(chatSessions.staffRepliedAt),
        handBackMinutes: siteSettings.chatHandBackMinutes,
        hours: siteSettings.chatLiveHours,
        timeZone: siteSettings.timeZone,
        presenceRequired: siteSettings.chatPresenceRequired,
        staffPresent: sql<boolean>`exists (select 1 from ${staffPresence} p join ${adminUsers} a on a.id = p.admin_id
          where a.is_active and p.seen_at >= ${presentSince.toISOString()}::timestamptz)`,
        // The name on the latest staff reply (chat_messages_session_created_idx, newest first).
        staffName: sql<string | null>`(select m.staff_name from ${chatMessages} m
          where m.session_id = ${sessionId} and m.answered_by = 'staff' order by m.created_at desc, m.id desc limit 1)`,
      })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1)),
  );
  if (!row) {
    // No settings row (a database set up outside the seed): the defaults, and the session alone.
    const [alone] = await withReadRetry(() =>
      db().select().from(chatSessions).where(eq(chatSessions.sessionId, sessionId)),
    );
    return {
      exists: Boolean(alone),
      state: { handoffRequestedAt: alone?.handoffRequestedAt ?? null, staffRepliedAt: alone?.staffRepliedAt ?? null },
      handoffBy: alone?.handoffBy ?? null,
      handBackMinutes: DEFAULT_SITE_SETTINGS.chatHandBackMinutes,
      hours: null,
      timeZone: serverTimeZone(),
      presenceRequired: false,
      staffPresent: false,
      staffName: null,
    };
  }
  return {
    exists: Boolean(row.exists),
    state: { handoffRequestedAt: row.handoffRequestedAt ?? null, staffRepliedAt: row.staffRepliedAt ?? null },
    handoffBy: row.handoffBy ?? null,
    handBackMinutes: row.handBackMinutes,
    hours: row.hours,
    timeZone: row.timeZone ?? serverTimeZone(),
    presenceRequired: row.presenceRequired,
    staffPresent: Boolean(row.staffPresent),
    staffName: row.staffName,
  };
}

/** The visitor's side of the handoff, as GET /chat/messages and the chat stream send it. */
export function handoffViewOf(facts: HandoffFacts, now = new Date()): HandoffView {
  return toHandoffView(
    {
      state: facts.state,
      handBackMinutes: facts.handBackMinutes,
      staffName: facts.staffName,
      availability: {
        hours: facts.hours,
        timeZone: facts.timeZone,
        presenceRequired: facts.presenceRequired,
        staffPresent: facts.staffPresent,
      },
    },
    now,
  );
}

export async function handoffView(sessionId: string, now = new Date()): Promise<HandoffView> {
  return handoffViewOf(await readHandoffFacts(sessionId, now), now);
}

/** A heartbeat counts for STAFF_PRESENCE_MS; a fresher one than this is not written again. */
const PRESENCE_WRITE_MS = 15_000;

/** The availability heartbeat: on each admin page load, and from the admin's live stream. */
export async function markStaffPresent(adminUserId: string): Promise<void> {
  await db()
    .insert(staffPresence)
    .values({ adminId: adminUserId, seenAt: sql`now()` })
    .onConflictDoUpdate({
      target: staffPresence.adminId,
      set: { seenAt: sql`now()` },
      setWhere: lt(staffPresence.seenAt, sql`now() - make_interval(secs => ${PRESENCE_WRITE_MS / 1000})`),
    });
}

/** Waiting: asked for a person, and no staff reply since. */
const waitingCondition = and(
  isNotNull(chatSessions.handoffRequestedAt),
  or(isNull(chatSessions.staffRepliedAt), lt(chatSessions.staffRepliedAt, chatSessions.handoffRequestedAt)),
);

/** The sidebar's count on Chats. */
export async function countWaitingConversations(): Promise<number> {
  const [row] = await withReadRetry(() => db().select({ n: count() }).from(chatSessions).where(waitingCondition));
  return row?.n ?? 0;
}

/** The conversations waiting for staff, the longest waiting first (Admin → Chats shows them first). */
export function listWaitingConversations(limit = 50) {
  return withReadRetry(() =>
    db()
      .select({
        sessionId: chatSessions.sessionId,
        handoffRequestedAt: chatSessions.handoffRequestedAt,
        handoffBy: chatSessions.handoffBy,
        lastMessageAt: chatSessions.lastMessageAt,
        messageCount: chatSessions.messageCount,
        firstMessage: sql<string | null>`left(${chatSessions.firstMessage}, 160)`,
      })
      .from(chatSessions)
      .where(waitingCondition)
      .orderBy(asc(chatSessions.handoffRequestedAt), asc(chatSessions.sessionId))
      .limit(limit),
  );
}

/** A line the site writes into the transcript (how a handover began or ended): shown as the assistant's. */
function systemLine(sessionId: string, message: string) {
  return {
    sessionId,
    message,
    isUserMessage: false,
    answeredBy: "system",
    createdAt: sql`clock_timestamp()`,
  };
}

/** The data of chat.handoff_requested (docs/integrations.md, Business events). */
async function handoffEventData(tx: Tx, sessionId: string) {
  const [row] = await tx
    .select({
      firstMessage: chatSessions.firstMessage,
      requestedAt: chatSessions.handoffRequestedAt,
      handoffBy: chatSessions.handoffBy,
    })
    .from(chatSessions)
    .where(eq(chatSessions.sessionId, sessionId));
  return {
    session_id: sessionId,
    requested_by: row?.handoffBy ?? null,
    first_message: row?.firstMessage ?? null,
    requested_at: row?.requestedAt?.toISOString() ?? null,
  };
}

/** One staff email per conversation per this long, across instances (chat_sessions.staff_notified_at). */
export const STAFF_EMAIL_INTERVAL_MINUTES = 10;

/**
 * Hands the conversation to staff, unless it is with them already (then nothing changes): the
 * transcript's line, the handoff columns, the chat.handoff_requested event and, at most once per
 * STAFF_EMAIL_INTERVAL_MINUTES, the staff email's event, in one transaction. True when it handed over.
 */
export async function requestHandoff(
  sessionId: string,
  by: Exclude<HandoffBy, "staff">,
  line: string,
  handBackMinutes: number,
  now = new Date(),
): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({ handoffRequestedAt: chatSessions.handoffRequestedAt, staffRepliedAt: chatSessions.staffRepliedAt })
      .from(chatSessions)
      .where(eq(chatSessions.sessionId, sessionId))
      .for("update");
    if (current && handoffStatus(current, now, handBackMinutes) !== "assistant") return false;
    // The line first: it makes the conversation's row when the visitor has written nothing yet.
    await tx.insert(chatMessages).values(systemLine(sessionId, line));
    await tx
      .update(chatSessions)
      .set({ handoffRequestedAt: sql`clock_timestamp()`, handoffBy: by })
      .where(eq(chatSessions.sessionId, sessionId));
    const data = await handoffEventData(tx, sessionId);
    await recordEvent(tx, "chat.handoff_requested", data);
    const notified = await tx
      .update(chatSessions)
      .set({ staffNotifiedAt: sql`now()` })
      .where(
        and(
          eq(chatSessions.sessionId, sessionId),
          or(
            isNull(chatSessions.staffNotifiedAt),
            lt(chatSessions.staffNotifiedAt, sql`now() - make_interval(mins => ${STAFF_EMAIL_INTERVAL_MINUTES})`),
          ),
        ),
      )
      .returning({ sessionId: chatSessions.sessionId });
    if (notified.length > 0) await recordEvent(tx, "chat.handoff_email", data);
    return true;
  });
}

export type StaffReplyResult = { ok: true; id: string } | { ok: false; reason: "gone" };

/**
 * Stores a staff member's reply and holds the conversation for staff (a reply to a conversation
 * with the assistant takes it over). The conversation's row is locked first: a reply and an
 * erasure do not cross, and two replies land one after the other.
 */
export async function saveStaffReply(input: {
  sessionId: string;
  message: string;
  /** Who wrote it, and the name the visitor sees. */
  staff: { id: string; username: string; name: string };
}): Promise<StaffReplyResult> {
  return db().transaction(async (tx) => {
    const [session] = await tx
      .select({ sessionId: chatSessions.sessionId })
      .from(chatSessions)
      .where(eq(chatSessions.sessionId, input.sessionId))
      .for("update");
    if (!session) return { ok: false, reason: "gone" } as const;
    const [reply] = await tx
      .insert(chatMessages)
      .values({
        sessionId: input.sessionId,
        message: input.message,
        isUserMessage: false,
        answeredBy: "staff",
        staffUserId: input.staff.id,
        staffName: input.staff.name,
        createdAt: sql`clock_timestamp()`,
      })
      .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
    await tx
      .update(chatSessions)
      .set({
        staffRepliedAt: reply.createdAt,
        handoffRequestedAt: sql`coalesce(${chatSessions.handoffRequestedAt}, ${reply.createdAt.toISOString()}::timestamptz)`,
        handoffBy: sql`coalesce(${chatSessions.handoffBy}, 'staff')`,
      })
      .where(eq(chatSessions.sessionId, input.sessionId));
    await recordEvent(tx, "chat.staff_replied", {
      session_id: input.sessionId,
      message_id: reply.id,
      message: input.message,
      staff_name: input.staff.name,
      created_at: reply.createdAt.toISOString(),
    });
    await writeAuditEntry(tx, {
      actor: input.staff,
      action: "chat.staff_replied",
      target: input.sessionId,
      details: { messageId: reply.id },
    });
    return { ok: true, id: reply.id } as const;
  });
}

/** Returns the conversation to the webhooks, with a line in the transcript; false when it was not with staff. */
export async function handBack(
  sessionId: string,
  line: string,
  actor: { id: string; username: string },
): Promise<boolean> {
  return db().transaction(async (tx) => {
    const released = await tx
      .update(chatSessions)
      .set({ handoffRequestedAt: null, handoffBy: null })
      .where(and(eq(chatSessions.sessionId, sessionId), isNotNull(chatSessions.handoffRequestedAt)))
      .returning({ sessionId: chatSessions.sessionId });
    if (released.length === 0) return false;
    await tx.insert(chatMessages).values(systemLine(sessionId, line));
    await writeAuditEntry(tx, { actor, action: "chat.handed_back", target: sessionId });
    return true;
  });
}

/** A visitor's message while staff hold the conversation: stored at once, for no webhook. */
export async function saveHeldVisitorMessage(input: {
  id: string;
  sessionId: string;
  message: string;
  mediaUrl: string | null;
  mediaType: (typeof chatMessages.$inferInsert)["mediaType"];
  at: number;
}): Promise<void> {
  await db()
    .insert(chatMessages)
    .values({
      id: input.id,
      sessionId: input.sessionId,
      message: input.message,
      isUserMessage: true,
      mediaUrl: input.mediaUrl,
      mediaType: input.mediaType,
      createdAt: sql`to_timestamp(${input.at / 1000})`,
    });
}

/**
 * The messages since the assistant last answered, when staff wrote among them: sent with the next
 * message to the webhooks, so the assistant knows what was said while staff held the conversation.
 */
export async function messagesSinceAssistant(sessionId: string, limit = 50) {
  const rows = await withReadRetry(() =>
    db()
      .select({
        message: chatMessages.message,
        isUserMessage: chatMessages.isUserMessage,
        answeredBy: chatMessages.answeredBy,
        staffName: chatMessages.staffName,
        createdAt: chatMessages.createdAt,
      })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.sessionId, sessionId),
          sql`${chatMessages.createdAt} > coalesce((
            select max(a.created_at) from ${chatMessages} a
            where a.session_id = ${sessionId} and not a.is_user_message
              and a.answered_by is distinct from 'staff' and a.answered_by is distinct from 'system'), '-infinity')`,
        ),
      )
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(limit),
  );
  const recent = rows.reverse();
  return recent.some((row) => row.answeredBy === "staff") ? recent : [];
}
