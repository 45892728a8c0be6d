import { and, eq, gt, lt, or } from "drizzle-orm";

import { db, withReadRetry } from "~/db/client.server";
import { adminSessions, adminUsers } from "~/db/schema";

import { type Admin, adminColumns } from "./admin-users.server";

// Admin sessions by the SHA-256 of their token (the cookie holds the token): a copy of this table
// is no way in. Times come from the app's clock, as the session's own rules do.

export async function createAdminSession(session: {
  tokenHash: string;
  adminId: string;
  now: Date;
  expiresAt: Date;
}): Promise<void> {
  const { now, ...fields } = session;
  await db()
    .insert(adminSessions)
    .values({ ...fields, createdAt: now, lastSeenAt: now });
}

/**
 * The admin of a live session, and when the session was last seen: none when the token is unknown,
 * past its expiry, or idle since `idleSince`. Deactivated admins' sessions are gone already (the
 * migration's trigger); inactive is checked again all the same.
 */
export async function findSessionAdmin(
  tokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<{ admin: Admin; lastSeenAt: Date } | null> {
  const [row] = await withReadRetry(() =>
    db()
      .select({ admin: adminColumns, lastSeenAt: adminSessions.lastSeenAt })
      .from(adminSessions)
      .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminId))
      .where(
        and(
          eq(adminSessions.tokenHash, tokenHash),
          gt(adminSessions.expiresAt, now),
          gt(adminSessions.lastSeenAt, idleSince),
          eq(adminUsers.isActive, true),
        ),
      ),
  );
  return row ?? null;
}

export async function touchAdminSession(tokenHash: string, now: Date): Promise<void> {
  await db().update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.tokenHash, tokenHash));
}

export async function deleteAdminSession(tokenHash: string): Promise<void> {
  await db().delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
}

/** Sessions past their expiry or idle time: nobody can use them any more. */
export async function deleteDeadAdminSessions(now: Date, idleSince: Date): Promise<void> {
  await db()
    .delete(adminSessions)
    .where(or(lt(adminSessions.expiresAt, now), lt(adminSessions.lastSeenAt, idleSince)));
}
