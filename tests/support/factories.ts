import { randomBytes } from "node:crypto";

import type { Db } from "~/db/client.server";
import { adminUsers, chatMessages, orders, services, webhooks } from "~/db/schema";
import { hashPassword } from "~/lib/password.server";

// The rows tests arrange for themselves, for every suite: route and data-layer tests (the app's
// own database, db()), end-to-end and built-server tests (a drizzle client on the server's
// database). Each row has a unique name, so tests running side by side never see each other's.

export const TEST_PASSWORD = "test-password-123";

/** `prefix` and a random suffix, e.g. "Service 3fa9c2d1". */
export function unique(prefix: string): string {
  return `${prefix} ${randomBytes(4).toString("hex")}`;
}

type NewAdminUser = typeof adminUsers.$inferInsert;
export type TestAdmin = Omit<typeof adminUsers.$inferSelect, "passwordHash"> & { password: string };

/** An active plain admin unless told otherwise, who signs in with `password` (TEST_PASSWORD by default). */
export async function createTestAdmin(
  database: Db,
  overrides: Partial<Omit<NewAdminUser, "passwordHash">> & { password?: string } = {},
): Promise<TestAdmin> {
  const { password = TEST_PASSWORD, ...fields } = overrides;
  const username = fields.username ?? unique("admin").replace(" ", "-");
  const [{ passwordHash: _hash, ...row }] = await database
    .insert(adminUsers)
    .values({
      email: `${username}@example.com`,
      role: "admin",
      ...fields,
      username,
      passwordHash: await hashPassword(password),
    })
    .returning();
  return { ...row, password };
}

/** An inactive service (so it stays off the public pages) unless told otherwise. */
export async function createTestService(database: Db, overrides: Partial<typeof services.$inferInsert> = {}) {
  const name = overrides.name ?? unique("Test Service");
  const [row] = await database
    .insert(services)
    .values({
      description: `Automates ${name} end to end.`,
      category: "notifications",
      setupPrice: 149,
      monthlyPrice: 29,
      isActive: false,
      ...overrides,
      name,
    })
    .returning();
  return row;
}

export async function createTestOrder(database: Db, overrides: Partial<typeof orders.$inferInsert> = {}) {
  const [row] = await database
    .insert(orders)
    .values({
      clientName: unique("Test Client"),
      clientEmail: "client@example.com",
      clientPhone: "+1 555 0100",
      serviceName: "Test Automation",
      setupPrice: 149,
      monthlyPrice: 29,
      totalPrice: 178,
      notes: "Please call in the morning",
      ...overrides,
    })
    .returning();
  return row;
}

/** An inactive webhook (so chat messages never reach it) unless told otherwise. */
export async function createTestWebhook(database: Db, overrides: Partial<typeof webhooks.$inferInsert> = {}) {
  const [row] = await database
    .insert(webhooks)
    .values({ name: unique("Test Webhook"), url: "http://127.0.0.1:9/hook", isActive: false, ...overrides })
    .returning();
  return row;
}

/** One chat message as stored (the chat itself stores a message and its reply together). */
export async function createTestChatMessage(database: Db, values: typeof chatMessages.$inferInsert) {
  const [row] = await database.insert(chatMessages).values(values).returning();
  return row;
}
