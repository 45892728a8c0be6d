import { randomUUID } from "node:crypto";

import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { db, withReadRetry } from "~/db/client.server";
import { migrate, readMigrations } from "~/db/migrate.server";
import { adminUsers, chatMessages, founderInfo, orders, services, siteSettings } from "~/db/schema";
import { codedError } from "~/lib/error-chain";
import { verifyPassword } from "~/lib/password.server";
import * as adminModel from "~/models/admin-users.server";
import * as chatModel from "~/models/chat-messages.server";
import * as sessionsModel from "~/models/chat-sessions.server";
import * as contactModel from "~/models/contact-messages.server";
import * as founderModel from "~/models/founder-info.server";
import * as integrationsModel from "~/models/integrations.server";
import * as ordersModel from "~/models/orders.server";
import { hitRateLimit, peekRateLimit, resetRateLimit } from "~/models/rate-limits.server";
import * as servicesModel from "~/models/services.server";
import * as settingsModel from "~/models/site-settings.server";
import * as webhooksModel from "~/models/webhooks.server";
import { seed } from "~/services/seed.server";

import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";

const TABLES = [
  "site_settings",
  "services",
  "orders",
  "founder_info",
  "integrations",
  "admin_users",
  "webhooks",
  "chat_messages",
  "contact_messages",
  "rate_limits",
  "chat_sessions",
  "counters",
  "admin_sessions",
  "audit_log",
];

function newService(overrides: Partial<servicesModel.ServiceInput> = {}) {
  return servicesModel.createService({
    name: uniqueName("Service"),
    description: "Does useful things",
    category: "ai-automation",
    setupPrice: 149,
    monthlyPrice: 29,
    ...overrides,
  });
}

/** The database's error for a statement, found through drizzle's wrapping. */
async function dbError(promise: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const coded = codedError(error);
    return coded ? { code: coded.code, message: String(coded) } : { message: String(error) };
  }
  throw new Error("Expected the statement to be refused");
}

describe.each(BACKENDS)("data layer on %s", (backend) => {
  const database = useTestDatabase(backend);

  describe("migrations", () => {
    it("has every table, each with row level security and no policy", async () => {
      const rows = await database().transaction((tx) =>
        tx.query<{ relname: string; relrowsecurity: boolean }>(
          `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'r'`,
        ),
      );
      const tables = Object.fromEntries(rows.map((r) => [r.relname, r.relrowsecurity]));
      for (const table of TABLES) expect(tables[table], table).toBe(true);
      const policies = await database().transaction((tx) =>
        tx.query<{ n: number }>("select count(*)::int as n from pg_policies where schemaname = 'public'"),
      );
      expect(policies[0].n).toBe(0);
    });

    it("applying the migrations again changes nothing", async () => {
      expect(await migrate(database())).toEqual([]);
      const recorded = await database().transaction((tx) =>
        tx.query<{ version: string }>("select version from supabase_migrations.schema_migrations order by version"),
      );
      expect(recorded.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
    });
  });

  describe("services", () => {
    it("creates, reads, updates and deletes", async () => {
      const created = await newService();
      expect(created).toMatchObject({ isActive: true, featured: false, setupPrice: 149, monthlyPrice: 29 });
      expect(await servicesModel.getService(created.id)).toEqual(created);

      const updated = await servicesModel.updateService(created.id, { setupPrice: 199.5, featured: true });
      expect(updated).toMatchObject({ setupPrice: 199.5, featured: true });

      expect(await servicesModel.deleteService(created.id)).toBe(true);
      expect(await servicesModel.getService(created.id)).toBeNull();
      expect(await servicesModel.deleteService(created.id)).toBe(false);
    });

    it("lists only active services publicly, featured first", async () => {
      const plain = await newService();
      const featured = await newService({ featured: true });
      const inactive = await newService({ isActive: false, featured: true });
      const active = await servicesModel.listActiveServices();
      const ids = active.map((s) => s.id);
      expect(ids).toContain(plain.id);
      expect(ids).not.toContain(inactive.id);
      expect(ids.indexOf(featured.id)).toBeLessThan(ids.indexOf(plain.id));
      const featuredList = await servicesModel.listFeaturedServices();
      expect(featuredList.every((s) => s.featured && s.isActive)).toBe(true);
      expect(featuredList.length).toBeLessThanOrEqual(6);
      expect(await servicesModel.getActiveService(inactive.id)).toBeNull();
      expect((await servicesModel.listAllServices()).map((s) => s.id)).toContain(inactive.id);
    });

    it("refuses a negative price", async () => {
      const error = await dbError(newService({ setupPrice: -1 }));
      expect(error.code).toBe("23514");
      expect((await dbError(newService({ monthlyPrice: -0.01 }))).code).toBe("23514");
    });
  });

  describe("orders", () => {
    it("copies name and prices from the service and computes the first-month total", async () => {
      const service = await newService({ setupPrice: 149.99, monthlyPrice: 29.01 });
      const order = await ordersModel.createOrder({
        clientName: "Ada Lovelace",
        clientEmail: "ada@example.com",
        serviceId: service.id,
        notes: "Please call after 5pm",
      });
      expect(order).toMatchObject({
        status: "pending",
        serviceName: service.name,
        setupPrice: 149.99,
        monthlyPrice: 29.01,
        totalPrice: 179,
        clientPhone: null,
      });
      expect(await ordersModel.getOrder(order.id)).toEqual(order);
    });

    it("refuses an inactive or unknown service", async () => {
      const inactive = await newService({ isActive: false });
      await expect(
        ordersModel.createOrder({ clientName: "A", clientEmail: "a@example.com", serviceId: inactive.id }),
      ).rejects.toBeInstanceOf(ordersModel.ServiceUnavailableError);
      await expect(
        ordersModel.createOrder({
          clientName: "A",
          clientEmail: "a@example.com",
          serviceId: "00000000-0000-4000-8000-000000000000",
        }),
      ).rejects.toBeInstanceOf(ordersModel.ServiceUnavailableError);
    });

    it("updates status, filters, counts and keeps orders when the service is deleted", async () => {
      const service = await newService({ setupPrice: 100, monthlyPrice: 0 });
      const request = { clientName: "B", clientEmail: "b@example.com", serviceId: service.id };
      const before = await ordersModel.getOrderStats();
      const paid = await ordersModel.createOrder(request);
      const cancelled = await ordersModel.createOrder(request);
      await ordersModel.createOrder(request);
      expect((await ordersModel.updateOrderStatus(paid.id, "paid"))?.status).toBe("paid");
      await ordersModel.updateOrderStatus(cancelled.id, "cancelled");

      const stats = await ordersModel.getOrderStats();
      expect(stats.total - before.total).toBe(3);
      expect(stats.paid - before.paid).toBe(1);
      expect(stats.cancelled - before.cancelled).toBe(1);
      expect(stats.pending - before.pending).toBe(1);
      expect(stats.revenue - before.revenue).toBe(100);

      const { rows: paidOnly } = await ordersModel.listOrderPage({ status: "paid" }, { kind: "first" });
      expect(paidOnly.every((o) => o.status === "paid")).toBe(true);
      expect(paidOnly.map((o) => o.id)).toContain(paid.id);

      await servicesModel.deleteService(service.id);
      const kept = await ordersModel.getOrder(paid.id);
      expect(kept).toMatchObject({ serviceId: null, serviceName: service.name, totalPrice: 100 });
    });

    it("refuses a status outside pending, paid and cancelled", async () => {
      const service = await newService();
      const order = await ordersModel.createOrder({
        clientName: "C",
        clientEmail: "c@example.com",
        serviceId: service.id,
      });
      const error = await dbError(db().execute(sql`update ${orders} set status = 'shipped' where id = ${order.id}`));
      expect(error.code).toBe("22P02");
      expect(await ordersModel.updateOrderStatus("00000000-0000-4000-8000-000000000000", "paid")).toBeNull();
    });
  });

  describe("single-record tables", () => {
    it("site settings: saves, reads and refuses a second row", async () => {
      const saved = await settingsModel.saveSiteSettings({
        companyName: "Acme Flows",
        homepageHeadline: "Hello",
        homepageSubtext: "World",
        supportEmail: "help@acme.test",
        chatWebhookUrl: "https://n8n.acme.test/webhook/chat",
      });
      expect(saved.id).toBe(1);
      expect(saved.workflowToolName).toBe("n8n");
      const again = await settingsModel.saveSiteSettings({ ...saved, companyName: "Acme Flows 2" });
      expect((await settingsModel.getSiteSettings()).companyName).toBe("Acme Flows 2");
      expect(again.id).toBe(1);
      expect(settingsModel.toPublicSiteSettings(again)).not.toHaveProperty("chatWebhookUrl");

      const error = await dbError(
        db()
          .insert(siteSettings)
          .values({ ...saved, id: 2 }),
      );
      expect(error.code).toBe("23514");
    });

    it("founder info: saves skills and social links, parsing a JSON string, and refuses a second row", async () => {
      const saved = await founderModel.saveFounderInfo({
        name: "Alex",
        bio: "Builds automations",
        experienceYears: 5,
        projectsCompleted: 10,
        clientsServed: 7,
        skills: ["n8n", "APIs"],
        socialLinks: '{"linkedin":"https://linkedin.com/in/alex","twitter":""}' as never,
      });
      expect(saved.socialLinks).toEqual({ linkedin: "https://linkedin.com/in/alex" });
      const read = await founderModel.getFounderInfo();
      expect(read).toMatchObject({ name: "Alex", skills: ["n8n", "APIs"] });
      await founderModel.saveFounderInfo({ ...saved, skills: ["n8n"] });
      expect((await founderModel.getFounderInfo())?.skills).toEqual(["n8n"]);
      expect((await dbError(founderModel.saveFounderInfo({ ...saved, clientsServed: -1 }))).code).toBe("23514");
      expect(
        (
          await dbError(
            db()
              .insert(founderInfo)
              .values({ ...saved, id: 2 }),
          )
        ).code,
      ).toBe("23514");
    });

    it("integrations: saves and exposes only the public fields", async () => {
      await integrationsModel.saveIntegrations({
        stripeSecretKey: "sk_test_123",
        voiceAgentEmbedCode: "<div>voice</div>",
        customCss: "body{}",
      });
      expect((await integrationsModel.getAdminIntegrations())?.stripeSecretKey).toEqual({ lastFour: "_123" });
      expect(await integrationsModel.readIntegrationSecret("stripeSecretKey")).toBe("sk_test_123");
      const publicFields = await integrationsModel.getPublicIntegrations();
      // The booking page is public: the site links it where the next step is a call.
      expect(publicFields).toEqual({
        voiceAgentEmbedCode: "<div>voice</div>",
        customCss: "body{}",
        customJs: null,
        bookingPageUrl: null,
      });
      expect(JSON.stringify(publicFields)).not.toContain("sk_test");
      expect((await dbError(db().execute(sql`insert into integrations (id) values (2)`))).code).toBe("23514");
    });
  });

  describe("admin users", () => {
    it("creates with a hashed password, reads, updates, deletes", async () => {
      const username = uniqueName("admin").replace(" ", "_");
      const created = await adminModel.createAdminUser({
        username,
        email: "a@example.com",
        role: "admin",
        isActive: true,
        password: "correct horse battery",
      });
      expect(created).not.toHaveProperty("passwordHash");
      expect(created.lastLogin).toBeNull();

      const forLogin = await adminModel.findAdminForLogin(username.toUpperCase());
      expect(forLogin?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(forLogin!.passwordHash, "correct horse battery")).toBe(true);
      expect(await verifyPassword(forLogin!.passwordHash, "wrong")).toBe(false);

      const updated = await adminModel.updateAdminUser(created.id, {
        username,
        email: "b@example.com",
        role: "super_admin",
        isActive: false,
      });
      expect(updated).toMatchObject({ email: "b@example.com", role: "super_admin", isActive: false });

      await adminModel.recordLogin(created.id);
      expect((await adminModel.getAdminUser(created.id))?.lastLogin).toBeInstanceOf(Date);
      expect(await adminModel.setAdminPassword(created.id, "another password")).toBe(true);

      expect((await adminModel.listAdminUsers()).map((a) => a.id)).toContain(created.id);
      expect(await adminModel.deleteAdminUser(created.id)).toBe(true);
      expect(await adminModel.getAdminUser(created.id)).toBeNull();
    });

    it("refuses a username that differs only in case", async () => {
      const username = uniqueName("Casey").replace(" ", "_");
      await adminModel.createAdminUser({
        username,
        email: "c@example.com",
        role: "admin",
        isActive: true,
        password: "p4ssword!!",
      });
      await expect(
        adminModel.createAdminUser({
          username: username.toLowerCase(),
          email: "d@example.com",
          role: "admin",
          isActive: true,
          password: "p4ssword!!",
        }),
      ).rejects.toBeInstanceOf(adminModel.UsernameTakenError);
    });

    it("refuses an unknown role", async () => {
      const error = await dbError(
        db().execute(
          sql`insert into ${adminUsers} (username, email, role, password_hash) values ('x', 'x@x.x', 'owner', 'h')`,
        ),
      );
      expect(error.code).toBe("22P02");
    });

    it("creates or resets an admin from the shell command", async () => {
      const username = uniqueName("shell").replace(" ", "_");
      const first = await adminModel.createOrResetAdmin({ username, password: "first-password" });
      expect(first).toMatchObject({ created: true, admin: { role: "super_admin", isActive: true } });
      await adminModel.updateAdminUser(first.admin.id, { ...first.admin, isActive: false });
      const second = await adminModel.createOrResetAdmin({ username, password: "second-password" });
      expect(second).toMatchObject({ created: false, admin: { id: first.admin.id, isActive: true } });
      const row = await adminModel.findAdminForLogin(username);
      expect(await verifyPassword(row!.passwordHash, "second-password")).toBe(true);
    });
  });

  describe("webhooks", () => {
    it("creates, lists in creation order, updates and deletes", async () => {
      const first = await webhooksModel.createWebhook({
        name: uniqueName("Hook"),
        url: "http://127.0.0.1:9/first",
        method: "POST",
        headers: { Authorization: "Bearer x" },
        isActive: true,
      });
      const second = await webhooksModel.createWebhook({
        name: uniqueName("Hook"),
        url: "http://127.0.0.1:9/second",
        method: "PUT",
        headers: {},
        isActive: false,
      });
      const all = await webhooksModel.listWebhooks();
      expect(all.map((w) => w.id).indexOf(first.id)).toBeLessThan(all.map((w) => w.id).indexOf(second.id));
      const active = await webhooksModel.listActiveWebhooks();
      expect(active.map((w) => w.id)).toContain(first.id);
      expect(active.map((w) => w.id)).not.toContain(second.id);

      const updated = await webhooksModel.updateWebhook(second.id, { isActive: true, method: "PATCH" });
      expect(updated).toMatchObject({ isActive: true, method: "PATCH" });
      expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(second.updatedAt.getTime());
      expect((await webhooksModel.getWebhook(first.id))?.headers).toEqual({ Authorization: "Bearer x" });
      expect(await webhooksModel.deleteWebhook(first.id)).toBe(true);
      expect(await webhooksModel.getWebhook(first.id)).toBeNull();

      const error = await dbError(
        db().execute(sql`insert into webhooks (name, url, method) values ('x', 'http://x', 'GET')`),
      );
      expect(error.code).toBe("22P02");
    });
  });

  describe("chat and contact messages", () => {
    it("stores a conversation and lists sessions", async () => {
      const sessionId = `session_${Date.now()}_${Math.random().toString(36).slice(2)}`;
      // The chat stores messages with their replies, several exchanges at once, each dated when it
      // happened (to the microsecond: a reply 20 µs after its message still comes after it).
      const at = Date.now() - 1000;
      const exchange = (
        message: string,
        reply: string,
        since: number,
        media: { url: string; type: "image" } | null,
      ) => ({
        sessionId,
        user: {
          id: randomUUID(),
          message,
          mediaUrl: media?.url ?? null,
          mediaType: media?.type ?? null,
          at: at + since,
        },
        bot: {
          id: randomUUID(),
          message: reply,
          answeredBy: "canned",
          replyMs: 0,
          streamed: false,
          at: at + since + 0.02,
        },
      });
      await chatModel.saveChatExchanges([
        exchange("Hi", "Hi again!", 5, null),
        exchange("📷 Image sent", "Hello!", 0, { url: "/uploads/x.png", type: "image" }),
      ]);
      const messages = await chatModel.listSessionMessages(sessionId);
      expect(messages.map((m) => [m.message, m.isUserMessage])).toEqual([
        ["📷 Image sent", true],
        ["Hello!", false],
        ["Hi", true],
        ["Hi again!", false],
      ]);
      expect(messages[0]).toMatchObject({ mediaType: "image", mediaUrl: "/uploads/x.png" });
      expect(messages[1]).toMatchObject({ answeredBy: "canned", replyMs: 0, streamed: false });
      expect(messages[1].createdAt.getTime() - messages[0].createdAt.getTime()).toBe(0);
      expect(messages[2].createdAt.getTime() - messages[0].createdAt.getTime()).toBe(5);
      const sessions = await sessionsModel.listChatSessions();
      expect(sessions.find((s) => s.sessionId === sessionId)).toMatchObject({ messageCount: 4 });
      const error = await dbError(
        db().execute(
          sql`insert into chat_messages (session_id, message, is_user_message, media_type) values ('s', 'm', true, 'video')`,
        ),
      );
      expect(error.code).toBe("22P02");
    });

    it("lists conversations by their latest message, newest first", async () => {
      // Dated after anything the other tests store, so both sessions lead the list.
      const at = (day: number) => new Date(Date.UTC(2999, 0, day));
      const started = `session_${Date.now()}_earlier${Math.random().toString(36).slice(2, 8)}`;
      const between = `session_${Date.now()}_between${Math.random().toString(36).slice(2, 8)}`;
      await db()
        .insert(chatMessages)
        .values([
          { sessionId: started, message: "First", isUserMessage: true, createdAt: at(1) },
          { sessionId: between, message: "Only", isUserMessage: true, createdAt: at(2) },
          { sessionId: started, message: "Back again", isUserMessage: true, createdAt: at(3) },
        ]);
      const sessions = await sessionsModel.listChatSessions(2);
      expect(sessions.map((s) => [s.sessionId, s.lastMessageAt.toISOString()])).toEqual([
        [started, at(3).toISOString()],
        [between, at(2).toISOString()],
      ]);
      await db()
        .delete(chatMessages)
        .where(sql`${chatMessages.sessionId} in (${started}, ${between})`);
    });

    it("stores contact messages, marks them read and deletes them", async () => {
      const created = await contactModel.createContactMessage({
        name: "Grace",
        email: "grace@example.com",
        message: "We need an automation",
      });
      expect(created.isRead).toBe(false);
      const unread = await contactModel.countUnreadContactMessages();
      expect(await contactModel.setContactMessageRead(created.id, true)).toBe(true);
      expect(await contactModel.countUnreadContactMessages()).toBe(unread - 1);
      expect((await contactModel.listContactMessages()).find((m) => m.id === created.id)?.isRead).toBe(true);
      expect(await contactModel.deleteContactMessage(created.id)).toBe(true);
      expect((await contactModel.listContactMessages()).find((m) => m.id === created.id)).toBeUndefined();
    });
  });

  describe("rate limits", () => {
    it("counts hits in a window shared through the database", async () => {
      const key = uniqueName("limit");
      expect((await peekRateLimit(key, 2, 60_000)).allowed).toBe(true);
      expect(await hitRateLimit(key, 2, 60_000)).toMatchObject({ allowed: true, hits: 1 });
      expect(await hitRateLimit(key, 2, 60_000)).toMatchObject({ allowed: true, hits: 2 });
      expect((await peekRateLimit(key, 2, 60_000)).allowed).toBe(false);
      const third = await hitRateLimit(key, 2, 60_000);
      expect(third.allowed).toBe(false);
      expect(third.retryAfterSeconds).toBeGreaterThan(0);
      expect(third.retryAfterSeconds).toBeLessThanOrEqual(60);
      await resetRateLimit(key);
      expect((await hitRateLimit(key, 2, 60_000)).hits).toBe(1);
    });

    it("starts a new window once the old one has passed", async () => {
      const key = uniqueName("window");
      // Half a second: long enough that a loaded machine still peeks inside the window.
      await hitRateLimit(key, 1, 500);
      expect((await peekRateLimit(key, 1, 500)).allowed).toBe(false);
      // The database's clock says when the window ends.
      await vi.waitFor(async () => expect((await peekRateLimit(key, 1, 500)).allowed).toBe(true), {
        interval: 20,
        timeout: 5000,
      });
      expect(await hitRateLimit(key, 1, 500)).toMatchObject({ allowed: true, hits: 1 });
    });
  });

  describe("reads", () => {
    it("retries a read once after a transient failure", async () => {
      let calls = 0;
      const result = await withReadRetry(async () => {
        calls++;
        if (calls === 1) throw Object.assign(new Error("connection reset"), { code: "ECONNRESET" });
        return db()
          .select({ n: sql<number>`1` })
          .from(services)
          .limit(1);
      });
      expect(calls).toBe(2);
      expect(Array.isArray(result)).toBe(true);
      let failing = 0;
      await expect(
        withReadRetry(async () => {
          failing++;
          throw Object.assign(new Error("syntax"), { code: "42601" });
        }),
      ).rejects.toThrow("syntax");
      expect(failing).toBe(1);
    });
  });
});

describe.each(BACKENDS)("a new database on %s", (backend) => {
  useTestDatabase(backend);

  it("shows the default settings, and without demo content is seeded with them and nothing else, once", async () => {
    const defaults = {
      companyName: "Automation Services",
      workflowToolName: "n8n",
      homepageHeadline: "Automate Your Business with n8n",
      homepageSubtext: "We design, build and maintain workflow automations that save your team hours every week.",
      supportEmail: "hello@example.com",
      whatsappNumber: null,
      messengerLink: null,
      businessAddress: null,
      logoUrl: null,
    };
    expect(await settingsModel.getSiteSettings()).toMatchObject(defaults);

    const result = await seed({ demoContent: false, adminUsername: "first", adminPassword: "first-password-1" });
    expect(result).toEqual({ seededContent: true, createdAdmin: "first" });
    expect(await settingsModel.getSiteSettings()).toMatchObject({ ...defaults, id: 1, chatWebhookUrl: null });
    expect(await integrationsModel.getAdminIntegrations()).toMatchObject({ id: 1, stripeSecretKey: null });
    expect(await servicesModel.listAllServices()).toEqual([]);
    expect(await founderModel.getFounderInfo()).toBeNull();
    expect(await adminModel.listAdminUsers()).toMatchObject([{ username: "first", role: "super_admin" }]);

    expect(await seed({ demoContent: false })).toEqual({ seededContent: false });
    expect(await adminModel.listAdminUsers()).toHaveLength(1);
  });
});
