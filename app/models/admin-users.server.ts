import { and, count, desc, eq, sql } from "drizzle-orm";

import { ADMIN_USERS_TEXTS } from "~/copy/admin";
import { type Db, db, withReadRetry } from "~/db/client.server";
import { type AdminUser, adminUsers } from "~/db/schema";
import { type AdminRole } from "~/lib/domain";
import { errorCode } from "~/lib/error-chain";
import { hashPassword } from "~/lib/password.server";

/** An admin as the app handles it: never with the password hash. */
export type Admin = Omit<AdminUser, "passwordHash" | "presentAt">;

export const adminColumns = {
  id: adminUsers.id,
  username: adminUsers.username,
  email: adminUsers.email,
  role: adminUsers.role,
  isActive: adminUsers.isActive,
  lastLogin: adminUsers.lastLogin,
  createdAt: adminUsers.createdAt,
  updatedAt: adminUsers.updatedAt,
  displayName: adminUsers.displayName,
};

export interface AdminInput {
  username: string;
  email: string;
  role: AdminRole;
  isActive: boolean;
  /** Shown to chat visitors beside this admin's replies; the username when null. */
  displayName?: string | null;
}

export class UsernameTakenError extends Error {
  name = "UsernameTakenError";
  constructor(username: string) {
    super(ADMIN_USERS_TEXTS.usernameTaken(username));
  }
}

function isUniqueViolation(error: unknown): boolean {
  return errorCode(error) === "23505";
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A change the admin rules forbid; its message is shown to the admin as is. */
export class AdminRuleError extends Error {
  name = "AdminRuleError";
}

/**
 * The active super admins, locked until the transaction ends: two admins demoting or deleting
 * the last two super admins at the same moment cannot both succeed.
 */
async function lockActiveSuperAdmins(tx: Tx) {
  const rows = await tx
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, "super_admin"), eq(adminUsers.isActive, true)))
    .for("update");
  return rows.map((row) => row.id);
}

/**
 * Updates an admin on behalf of `actorId`, keeping the panel manageable: nobody deactivates
 * themselves, and the last active super admin stays an active super admin.
 */
export async function updateAdminUserAs(actorId: string, id: string, input: AdminInput): Promise<Admin | null> {
  if (id === actorId && !input.isActive) throw new AdminRuleError(ADMIN_USERS_TEXTS.cannotDeactivateSelf);
  return db().transaction(async (tx) => {
    const superAdmins = await lockActiveSuperAdmins(tx);
    const staysSuperAdmin = input.role === "super_admin" && input.isActive;
    if (superAdmins.includes(id) && !staysSuperAdmin && superAdmins.length <= 1) {
      throw new AdminRuleError(ADMIN_USERS_TEXTS.lastSuperAdminDemoted);
    }
    return writeAdminUser(tx, id, input);
  });
}

/** Deletes an admin on behalf of `actorId`, under the same rules as updateAdminUserAs. */
export async function deleteAdminUserAs(actorId: string, id: string): Promise<boolean> {
  if (id === actorId) throw new AdminRuleError(ADMIN_USERS_TEXTS.cannotDeleteSelf);
  return db().transaction(async (tx) => {
    const superAdmins = await lockActiveSuperAdmins(tx);
    if (superAdmins.includes(id) && superAdmins.length <= 1) {
      throw new AdminRuleError(ADMIN_USERS_TEXTS.lastSuperAdminDeleted);
    }
    const rows = await tx.delete(adminUsers).where(eq(adminUsers.id, id)).returning({ id: adminUsers.id });
    return rows.length > 0;
  });
}

export function listAdminUsers(): Promise<Admin[]> {
  return withReadRetry(() => db().select(adminColumns).from(adminUsers).orderBy(desc(adminUsers.createdAt)));
}

export async function getAdminUser(id: string): Promise<Admin | null> {
  const [row] = await withReadRetry(() => db().select(adminColumns).from(adminUsers).where(eq(adminUsers.id, id)));
  return row ?? null;
}

/** For sign-in only: one of the two places the hash leaves this module. */
export async function findAdminForLogin(username: string): Promise<AdminUser | null> {
  const [row] = await withReadRetry(() =>
    db()
      .select()
      .from(adminUsers)
      .where(sql`lower(${adminUsers.username}) = lower(${username.trim()})`),
  );
  return row ?? null;
}

/** The admin with the password hash, to check their current password before a change. */
export async function getAdminForSession(id: string): Promise<{ admin: Admin; passwordHash: string } | null> {
  const [row] = await withReadRetry(() => db().select().from(adminUsers).where(eq(adminUsers.id, id)));
  if (!row) return null;
  const { passwordHash, ...admin } = row;
  return { admin, passwordHash };
}

export async function createAdminUser(input: AdminInput & { password: string }): Promise<Admin> {
  const { password, ...fields } = input;
  try {
    const [row] = await db()
      .insert(adminUsers)
      .values({ ...fields, username: fields.username.trim(), passwordHash: await hashPassword(password) })
      .returning(adminColumns);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new UsernameTakenError(input.username);
    throw error;
  }
}

export function updateAdminUser(id: string, input: AdminInput): Promise<Admin | null> {
  return writeAdminUser(db(), id, input);
}

async function writeAdminUser(executor: Db | Tx, id: string, input: AdminInput): Promise<Admin | null> {
  try {
    const [row] = await executor
      .update(adminUsers)
      .set({ ...input, username: input.username.trim() })
      .where(eq(adminUsers.id, id))
      .returning(adminColumns);
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) throw new UsernameTakenError(input.username);
    throw error;
  }
}

/** The admin's own display name (their account page); null shows the username. */
export async function setAdminDisplayName(id: string, displayName: string | null): Promise<boolean> {
  const rows = await db()
    .update(adminUsers)
    .set({ displayName })
    .where(eq(adminUsers.id, id))
    .returning({ id: adminUsers.id });
  return rows.length > 0;
}

export async function setAdminPassword(id: string, password: string): Promise<boolean> {
  const rows = await db()
    .update(adminUsers)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(adminUsers.id, id))
    .returning({ id: adminUsers.id });
  return rows.length > 0;
}

export async function deleteAdminUser(id: string): Promise<boolean> {
  const rows = await db().delete(adminUsers).where(eq(adminUsers.id, id)).returning({ id: adminUsers.id });
  return rows.length > 0;
}

export async function recordLogin(id: string): Promise<void> {
  await db().update(adminUsers).set({ lastLogin: new Date() }).where(eq(adminUsers.id, id));
}

export async function countAdminUsers(): Promise<number> {
  const [row] = await withReadRetry(() => db().select({ n: count() }).from(adminUsers));
  return row.n;
}

export async function countActiveSuperAdmins(): Promise<number> {
  const [row] = await withReadRetry(() =>
    db()
      .select({ n: count() })
      .from(adminUsers)
      .where(and(eq(adminUsers.role, "super_admin"), eq(adminUsers.isActive, true))),
  );
  return row.n;
}

/**
 * The shell's `npm run admin`: creates the admin, or resets the password of an existing one
 * (also reactivating it and, when a role is given, setting the role).
 */
export async function createOrResetAdmin(input: {
  username: string;
  password: string;
  email?: string;
  role?: AdminRole;
}): Promise<{ admin: Admin; created: boolean }> {
  const [existing] = await db()
    .select(adminColumns)
    .from(adminUsers)
    .where(sql`lower(${adminUsers.username}) = lower(${input.username.trim()})`);
  if (!existing) {
    const admin = await createAdminUser({
      username: input.username,
      email: input.email ?? `${input.username.trim().toLowerCase()}@localhost`,
      role: input.role ?? "super_admin",
      isActive: true,
      password: input.password,
    });
    return { admin, created: true };
  }
  const passwordHash = await hashPassword(input.password);
  // The same rule as the admin screens: the last active super admin stays one.
  const admin = await db().transaction(async (tx) => {
    const superAdmins = await lockActiveSuperAdmins(tx);
    if (input.role === "admin" && superAdmins.includes(existing.id) && superAdmins.length <= 1) {
      throw new AdminRuleError(ADMIN_USERS_TEXTS.lastSuperAdminDemoted);
    }
    const [row] = await tx
      .update(adminUsers)
      .set({
        passwordHash,
        isActive: true,
        ...(input.role ? { role: input.role } : {}),
        ...(input.email ? { email: input.email } : {}),
      })
      .where(eq(adminUsers.id, existing.id))
      .returning(adminColumns);
    return row;
  });
  return { admin, created: false };
}
