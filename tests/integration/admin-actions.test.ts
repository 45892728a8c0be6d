import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { orders, payments, services, siteSettings, webhooks } from "~/db/schema";
import {
  AdminRuleError,
  countActiveSuperAdmins,
  deleteAdminUserAs,
  getAdminUser,
  updateAdminUserAs,
} from "~/models/admin-users.server";
import { addFounderSkill, removeFounderSkill, saveFounderInfo } from "~/models/founder-info.server";
import { createService, getService } from "~/models/services.server";
import { DEFAULT_SITE_SETTINGS, saveSiteSettings } from "~/models/site-settings.server";
import { createWebhook, getWebhook, listWebhooks, updateWebhook } from "~/models/webhooks.server";
import * as ordersScreen from "~/routes/admin/orders";
import { parseHeaders } from "~/routes/admin/webhooks/+shared/webhook-editor";
import * as webhooksList from "~/routes/admin/webhooks/list";

import { createTestAdmin } from "../support/factories";
import { productText } from "../support/product-text";
import { getRequest, postRequest, send, sessionFor, TEST_ORIGIN } from "../support/route-args";
import { BACKENDS, breakWrites, uniqueName, useTestDatabase } from "../support/test-database";

type FormAnswer = { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };

/**
 * The HTML a screen renders on the server for what its loader answers at `path` (through the
 * routes, with the guard): the route's own component, in a router of its own.
 */
async function renderScreen(screen: { default: unknown }, id: string, path: string, cookie: string): Promise<string> {
  const answer = await send(getRequest(path, cookie));
  expect(answer.status).toBe(200);
  const loaderData = answer.loaderData[id];
  const Stub = createRoutesStub([
    {
      id: "screen",
      path: new URL(path, TEST_ORIGIN).pathname,
      Component: screen.default as never,
      loader: () => loaderData,
    },
  ]);
  return renderToString(
    createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { screen: loaderData } } }),
  );
}

describe.each(BACKENDS)("admin actions on %s", (backend) => {
  useTestDatabase(backend);

  describe("admin user rules", () => {
    it("keeps at least one active super admin: no demotion, deactivation or deletion of the last one", async () => {
      // A database of its own: this describe's admins are the only ones.
      await db().execute(sql`delete from admin_users`);
      const only = await createTestAdmin(db(), { role: "super_admin" });
      const other = await createTestAdmin(db(), { role: "admin" });
      await expect(updateAdminUserAs(other.id, only.id, { ...only, role: "admin" })).rejects.toThrow(AdminRuleError);
      await expect(updateAdminUserAs(other.id, only.id, { ...only, isActive: false })).rejects.toThrow(
        "The last active super admin cannot be deactivated or demoted.",
      );
      await expect(deleteAdminUserAs(other.id, only.id)).rejects.toThrow(
        "The last active super admin cannot be deleted.",
      );
      expect(await getAdminUser(only.id)).toMatchObject({ role: "super_admin", isActive: true });

      // With a second active super admin, the first may step down.
      const second = await createTestAdmin(db(), { role: "super_admin" });
      expect(await updateAdminUserAs(second.id, only.id, { ...only, role: "admin" })).toMatchObject({ role: "admin" });
      await expect(deleteAdminUserAs(other.id, second.id)).rejects.toThrow(AdminRuleError);
      // An inactive super admin does not count.
      const inactive = await createTestAdmin(db(), { role: "super_admin", isActive: false });
      await expect(updateAdminUserAs(other.id, second.id, { ...second, role: "admin" })).rejects.toThrow(
        AdminRuleError,
      );
      expect(await deleteAdminUserAs(second.id, inactive.id)).toBe(true);
    });

    it("lets exactly one of two simultaneous demotions of the last two super admins through", async () => {
      await db().execute(sql`delete from admin_users`);
      const a = await createTestAdmin(db(), { role: "super_admin" });
      const b = await createTestAdmin(db(), { role: "super_admin" });
      const results = await Promise.allSettled([
        updateAdminUserAs(b.id, a.id, { ...a, role: "admin" }),
        updateAdminUserAs(a.id, b.id, { ...b, role: "admin" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
      expect(await countActiveSuperAdmins()).toBe(1);
    });

    it("refuses that admins delete or deactivate themselves", async () => {
      const self = await createTestAdmin(db(), { role: "super_admin" });
      await createTestAdmin(db(), { role: "super_admin" });
      await expect(deleteAdminUserAs(self.id, self.id)).rejects.toThrow("You cannot delete your own account.");
      await expect(updateAdminUserAs(self.id, self.id, { ...self, isActive: false })).rejects.toThrow(
        "You cannot deactivate your own account.",
      );
    });
  });

  describe("services", () => {
    it("refuses a negative or missing setup price and keeps what was typed; an empty monthly price is no error", async () => {
      const cookie = await sessionFor(await createTestAdmin(db()));
      const name = uniqueName("Service");
      const answer = await send(
        postRequest(
          "/admin/services/new",
          { name, category: "ai-automation", description: "d", setupPrice: "-1", monthlyPrice: "" },
          cookie,
        ),
      );
      expect(answer.status).toBe(400);
      const { result } = answer.actionData as FormAnswer;
      // A one-off service has no monthly price: only the setup price is wrong here.
      expect(result.error).toEqual({ setupPrice: ["Setup price must be 0 or more"] });
      expect(result.initialValue).toMatchObject({ name, setupPrice: "-1" });
      const missing = await send(
        postRequest(
          "/admin/services/new",
          { name, category: "ai-automation", description: "d", setupPrice: "", monthlyPrice: "-5" },
          cookie,
        ),
      );
      expect((missing.actionData as FormAnswer).result.error).toEqual({
        setupPrice: ["Setup price is required"],
        monthlyPrice: ["Monthly price must be 0 or more"],
      });
    });

    it("derives the category from a name typed as the admin would write it", async () => {
      const cookie = await sessionFor(await createTestAdmin(db()));
      const name = uniqueName("Audit service");
      const fields = { name, description: "d", setupPrice: "149", monthlyPrice: "", isActive: "on" };
      const created = await send(
        postRequest("/admin/services/new", { ...fields, category: "Consulting & Audits" }, cookie),
      );
      expect([created.status, created.location]).toEqual([302, "/admin/services"]);
      const [row] = await db().select().from(services).where(eq(services.name, name));
      expect(row.category).toBe("consulting-audits");

      const refused = await send(postRequest("/admin/services/new", { ...fields, category: "&&&" }, cookie));
      expect(refused.status).toBe(400);
      expect((refused.actionData as FormAnswer).result.error?.category).toEqual([
        "Category must contain letters or digits, like Consulting & Audits",
      ]);
    });

    it("creates a service active and not featured when the boxes say so, and deletes it keeping its orders", async () => {
      const cookie = await sessionFor(await createTestAdmin(db()));
      const name = uniqueName("Service");
      const created = await send(
        postRequest(
          "/admin/services/new",
          { name, category: " Social-Media ", description: "d", setupPrice: "149", monthlyPrice: "29", isActive: "on" },
          cookie,
        ),
      );
      expect([created.status, created.location]).toEqual([302, "/admin/services"]);
      expect(created.toast).toEqual({ type: "success", message: "Service created successfully!" });
      const [row] = await db().select().from(services).where(eq(services.name, name));
      const service = await getService(row.id);
      expect(service).toMatchObject({
        category: "social-media",
        isActive: true,
        featured: false,
        setupPrice: 149,
        monthlyPrice: 29,
      });

      const [order] = await db()
        .insert(orders)
        .values({
          clientName: "C",
          clientEmail: "c@example.com",
          serviceId: row.id,
          serviceName: name,
          setupPrice: 149,
          monthlyPrice: 29,
          totalPrice: 178,
        })
        .returning();
      const deleted = await send(postRequest("/admin/services", { intent: "delete", serviceId: row.id }, cookie));
      expect(deleted.status).toBe(302);
      expect(deleted.toast).toEqual({ type: "success", message: "Service deleted successfully!" });
      expect(await getService(row.id)).toBeNull();
      const [kept] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(kept).toMatchObject({ serviceId: null, serviceName: name, totalPrice: 178 });
    });

    it("answers an unknown intent or a malformed id with 400 and 404", async () => {
      const cookie = await sessionFor(await createTestAdmin(db()));
      const unknown = await send(postRequest("/admin/services", { intent: "explode" }, cookie));
      expect(unknown.status).toBe(400);
      const malformed = await send(postRequest("/admin/services", { intent: "delete", serviceId: "1; drop" }, cookie));
      expect(malformed.status).toBe(404);
      expect(malformed.error).toMatchObject({ status: 404, message: "This service does not exist or was deleted." });
    });
  });

  describe("webhooks", () => {
    it("refuses headers that are not a JSON object with the spec's toast and saves nothing", async () => {
      const cookie = await sessionFor(await createTestAdmin(db()));
      const name = uniqueName("Hook");
      const before = (await listWebhooks()).length;
      const result = await send(
        postRequest(
          "/admin/webhooks/new",
          { name, url: "https://example.com/hook", method: "POST", headers: "{oops" },
          cookie,
        ),
      );
      expect(result.status).toBe(400);
      expect(result.toast).toEqual({
        type: "error",
        message: "Invalid JSON in headers",
        description: "Please check your headers format",
      });
      expect(await listWebhooks()).toHaveLength(before);

      const saved = await send(
        postRequest(
          "/admin/webhooks/new",
          { name, url: "https://example.com/hook", method: "PATCH", headers: '{"X-Key": "k", "X-N": 5}' },
          cookie,
        ),
      );
      expect(saved.status).toBe(302);
      const created = (await listWebhooks()).find((w) => w.name === name)!;
      expect(await getWebhook(created.id)).toMatchObject({
        method: "PATCH",
        headers: { "X-Key": "k", "X-N": "5" },
        isActive: false,
      });
    });

    it("answers a failed create, update or delete with the spec's 'Failed to … webhook' message, not the database's", async () => {
      const cookie = await sessionFor(await createTestAdmin(db()));
      const fields = { name: uniqueName("Hook"), url: "https://example.com/hook", method: "POST", headers: "" };
      const existing = await createWebhook({ ...fields, method: "POST", headers: {}, isActive: false });
      const restore = await breakWrites("webhooks", "internal detail: disk full");
      try {
        // The spec's "Failed to … webhook: …", with a reason that tells nothing of the server's insides.
        const created = await send(postRequest("/admin/webhooks/new", fields, cookie));
        expect(created.status).toBe(500);
        expect(created.toast).toEqual({
          type: "error",
          message: "Error creating webhook",
          description: "Failed to create webhook: a server error occurred. Please try again.",
        });

        const updated = await send(
          postRequest(`/admin/webhooks/${existing.id}/edit`, { ...fields, name: "Renamed" }, cookie),
        );
        expect(updated.status).toBe(500);
        expect(updated.toast).toEqual({
          type: "error",
          message: "Error updating webhook",
          description: "Failed to update webhook: a server error occurred. Please try again.",
        });

        const deleteForm = { intent: "delete", webhookId: existing.id };
        const deleted = await send(postRequest("/admin/webhooks", deleteForm, cookie));
        expect(deleted.status).toBe(302);
        expect(deleted.toast).toEqual({
          type: "error",
          message: "Error deleting webhook",
          description: "Failed to delete webhook: a server error occurred. Please try again.",
        });
        for (const answer of [created, updated]) {
          expect(JSON.stringify([answer.actionData, answer.loaderData])).not.toContain("disk full");
        }
      } finally {
        await restore();
      }
      expect(await getWebhook(existing.id)).toMatchObject({ name: fields.name });

      await send(postRequest("/admin/webhooks", { intent: "delete", webhookId: existing.id }, cookie));
      const gone = await send(postRequest("/admin/webhooks", { intent: "delete", webhookId: existing.id }, cookie));
      expect(gone.toast).toEqual({
        type: "error",
        message: "Error deleting webhook",
        description: "Failed to delete webhook: it no longer exists.",
      });
    });
  });

  describe("saving a form", () => {
    it("answers the save of a record deleted meanwhile with a 404 in the admin layout", async () => {
      const cookie = await sessionFor(await createTestAdmin(db()));
      const missing = "00000000-0000-4000-8000-000000000000";
      const form = { name: uniqueName("Hook"), url: "https://example.com/hook", method: "POST" };
      const answer = await send(postRequest(`/admin/webhooks/${missing}/edit`, form, cookie));
      expect(answer.status).toBe(404);
      expect(answer.error).toEqual({
        boundary: "routes/admin/layout",
        status: 404,
        message: "This webhook does not exist or was deleted.",
      });
    });

    it("puts a taken username on the username field, with a 409, and never sends the password back", async () => {
      const taken = await createTestAdmin(db());
      const cookie = await sessionFor(await createTestAdmin(db(), { role: "super_admin" }));
      const form = {
        username: taken.username,
        email: "someone@example.com",
        role: "admin",
        password: "a long enough password",
        isActive: "on",
      };
      for (const javaScript of [false, true]) {
        const answer = await send(postRequest("/admin/admins/new", form, cookie), { javaScript });
        expect(answer.status).toBe(409);
        // The reason is said once, under the field; the toast only names what failed.
        expect(answer.toast).toEqual({ type: "error", message: "Error creating admin user" });
        const { result } = answer.actionData as FormAnswer;
        expect(result.error).toEqual({ username: [`The username "${taken.username}" is already taken.`] });
        expect(result.initialValue).not.toHaveProperty("password");
      }
    });
  });

  describe("empty states", () => {
    it("shows the spec's text when there are no webhooks, and the list when there are", async () => {
      const cookie = await sessionFor(await createTestAdmin(db()));
      await db().execute(sql`delete from webhooks`);
      const empty = await renderScreen(webhooksList, "routes/admin/webhooks/list", "/admin/webhooks", cookie);
      expect(empty).toContain("No webhooks configured yet.");
      expect(empty).toContain("Create your first webhook to start receiving chat messages.");

      const name = uniqueName("Hook");
      await createWebhook({ name, url: "https://example.com/hook", method: "POST", headers: {}, isActive: false });
      const listed = await renderScreen(webhooksList, "routes/admin/webhooks/list", "/admin/webhooks", cookie);
      expect(listed).toContain(name);
      expect(listed).not.toContain("No webhooks configured yet.");
    });

    it("shows the spec's text when no order has the chosen status", async () => {
      const cookie = await sessionFor(await createTestAdmin(db()));
      await db().execute(sql`delete from orders`);
      const clientName = uniqueName("Client");
      await db().insert(orders).values({
        clientName,
        clientEmail: "c@example.com",
        serviceName: "A",
        setupPrice: 100,
        monthlyPrice: 0,
        totalPrice: 100,
        status: "pending",
      });
      const none = await renderScreen(ordersScreen, "routes/admin/orders", "/admin/orders?status=paid", cookie);
      expect(none).toContain("No orders found matching the selected criteria.");
      expect(none).not.toContain(clientName);
      const some = await renderScreen(ordersScreen, "routes/admin/orders", "/admin/orders?status=pending", cookie);
      expect(some).toContain(clientName);
      expect(some).not.toContain("No orders found matching the selected criteria.");
    });
  });

  describe("dashboard", () => {
    it("counts revenue from paid orders only and the conversion rate over all orders", async () => {
      await db().execute(sql`delete from orders`);
      await db().execute(sql`delete from services`);
      const cookie = await sessionFor(await createTestAdmin(db()));
      await createService({
        name: "A",
        description: "d",
        category: "ecommerce",
        setupPrice: 100,
        monthlyPrice: 0,
        imageUrl: null,
        isActive: true,
        featured: false,
      });
      await createService({
        name: "B",
        description: "d",
        category: "ecommerce",
        setupPrice: 100,
        monthlyPrice: 0,
        imageUrl: null,
        isActive: false,
        featured: false,
      });
      const order = (status: "pending" | "paid" | "cancelled", total: number) => ({
        clientName: "C",
        clientEmail: "c@example.com",
        serviceName: "A",
        setupPrice: total,
        monthlyPrice: 0,
        totalPrice: total,
        status,
      });
      await db()
        .insert(orders)
        .values([order("paid", 149.5), order("paid", 200), order("pending", 999), order("cancelled", 50)]);
      // Collected: succeeded payments of the last 30 days in the site's currency, refunds left out.
      await db().execute(sql`delete from payments`);
      const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
      const payment = (amount: number, paidAt: Date, more: Partial<typeof payments.$inferInsert> = {}) => ({
        provider: "stripe" as const,
        kind: "setup" as const,
        amount,
        currency: "USD",
        providerReference: `in_${uniqueName("dash")}`,
        paidAt,
        ...more,
      });
      await db()
        .insert(payments)
        .values([
          payment(100, daysAgo(1)),
          payment(20.25, daysAgo(29)),
          payment(500, daysAgo(31)),
          payment(70, daysAgo(2), { status: "refunded", refundedAt: daysAgo(1) }),
          payment(80, daysAgo(2), { status: "failed" }),
          payment(90, daysAgo(2), { currency: "EUR" }),
        ]);
      const { cards } = (await send(getRequest("/admin", cookie))).loaderData["routes/admin/dashboard"] as {
        cards: unknown;
      };
      expect(cards).toEqual([
        { title: "Total Services", value: "2", detail: "1 active" },
        { title: "Total Orders", value: "4", detail: "1 pending" },
        { title: "Revenue", value: "$349.50", detail: "From paid orders" },
        { title: productText("Collected (30 days)"), value: "$120.25", detail: productText("From recorded payments") },
        { title: "Conversion Rate", value: "50%", detail: "2 of 4 orders paid" },
      ]);
    });

    it("warns while no chat webhook is active and Settings has no chat webhook URL", async () => {
      await db().delete(webhooks);
      await db().delete(siteSettings);
      const cookie = await sessionFor(await createTestAdmin(db()));
      const chatOff = async () =>
        ((await send(getRequest("/admin", cookie))).loaderData["routes/admin/dashboard"] as { chatOff: boolean })
          .chatOff;
      expect(await chatOff()).toBe(true);
      const hook = { name: uniqueName("Hook"), url: "https://n8n.example/webhook/chat", method: "POST" as const };
      const inactive = await createWebhook({ ...hook, headers: {}, isActive: false });
      expect(await chatOff()).toBe(true);
      await updateWebhook(inactive.id, { ...hook, headers: {}, isActive: true });
      expect(await chatOff()).toBe(false);
      await db().delete(webhooks);
      await saveSiteSettings({ ...DEFAULT_SITE_SETTINGS, chatWebhookUrl: "https://n8n.example/webhook/settings" });
      expect(await chatOff()).toBe(false);
    });
  });

  describe("founder skills", () => {
    it("adds a skill once (whatever its case) and removes it, leaving the other fields alone", async () => {
      await saveFounderInfo({
        name: "Alex",
        bio: "Bio",
        experienceYears: 1,
        projectsCompleted: 2,
        clientsServed: 3,
        socialLinks: {},
        skills: ["n8n"],
      });
      expect((await addFounderSkill("Zapier"))?.skills).toEqual(["n8n", "Zapier"]);
      expect((await addFounderSkill("N8N"))?.skills).toEqual(["n8n", "Zapier"]);
      const removed = await removeFounderSkill("n8n");
      expect(removed).toMatchObject({ name: "Alex", skills: ["Zapier"] });
    });
  });
});

describe("parseHeaders", () => {
  it.each([
    ["", {}],
    ['{"Authorization": "Bearer x"}', { Authorization: "Bearer x" }],
    ['{"X-Count": 3, "X-On": true}', { "X-Count": "3", "X-On": "true" }],
    ["{not json", null],
    ["[1, 2]", null],
    ['"text"', null],
    ["null", null],
    ['{"Bad Name": "x"}', null],
    ['{"X-Nested": {"a": 1}}', null],
    ['{"X-Split": "a\\r\\nInjected: yes"}', null],
  ])("%s", (text, expected) => {
    expect(parseHeaders(text)).toEqual(expected);
  });
});
