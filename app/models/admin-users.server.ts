import { and, count, desc, eq, sql } from "drizzle-orm";
import { db, withReadRetry } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { adminUsers, type AdminRole, type AdminUser } from "~/lib/schema";

/** An admin as the app handles it: never with the password hash. */
export type Admin = Omit<AdminUser, "passwordHash">;

const adminColumns = {
  id: adminUsers.id,
  username: adminUsers.username,
  email: adminUsers.email,
  role: adminUsers.role,
  isActive: adminUsers.isActive,
  lastLogin: adminUsers.lastLogin,
  createdAt: adminUsers.createdAt,
  updatedAt: adminUsers.updatedAt,
};

export interface AdminInput {
  username: string;
  email: string;
  role: AdminRole;
  isActive: boolean;
}

export class UsernameTakenError extends Error {
  name = "UsernameTakenError";
  constructor(username: string) {
    super(`The username "${username}" is already taken.`);
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export function listAdminUsers(): Promise<Admin[]> {
  return withReadRetry(() => db().select(adminColumns).from(adminUsers).orderBy(desc(adminUsers.createdAt)));
}

export async function getAdminUser(id: string): Promise<Admin | null> {
  const [row] = await withReadRetry(() => db().select(adminColumns).from(adminUsers).where(eq(adminUsers.id, id)));
  return row ?? null;
}

/** For sign-in only: the one place the hash leaves this module. */
export async function findAdminForLogin(username: string): Promise<AdminUser | null> {
  const [row] = await withReadRetry(() =>
    db()
      .select()
      .from(adminUsers)
      .where(sql`lower(${adminUsers.username}) = lower(${username.trim()})`),
  );
  return row ?? null;
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

export async function updateAdminUser(id: string, input: AdminInput): Promise<Admin | null> {
  try {
    const [row] = await db()
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
  const [admin] = await db()
    .update(adminUsers)
    .set({
      passwordHash: await hashPassword(input.password),
      isActive: true,
      ...(input.role ? { role: input.role } : {}),
      ...(input.email ? { email: input.email } : {}),
    })
    .where(eq(adminUsers.id, existing.id))
    .returning(adminColumns);
  return { admin, created: false };
}
