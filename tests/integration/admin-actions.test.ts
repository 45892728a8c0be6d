import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ORDER_TEXTS, TOASTS, WEBHOOK_TEXTS } from "~/copy/admin";
import { db } from "~/db/client.server";
import { orders, services } from "~/db/schema";
import {
  AdminRuleError,
  countActiveSuperAdmins,
  createAdminUser,
  deleteAdminUserAs,
  getAdminUser,
  updateAdminUserAs,
  type Admin,
} from "~/models/admin-users.server";
import { addFounderSkill, removeFounderSkill, saveFounderInfo } from "~/models/founder-info.server";
import { createService, getService } from "~/models/services.server";
import { createWebhook, getWebhook, listWebhooks } from "~/models/webhooks.server";
import * as dashboard from "~/routes/admin/dashboard";
import * as ordersScreen from "~/routes/admin/orders";
import * as servicesList from "~/routes/admin/services/list";
import * as newService from "~/routes/admin/services/new";
import * as editWebhook from "~/routes/admin/webhooks/edit";
import * as webhooksList from "~/routes/admin/webhooks/list";
import * as newWebhook from "~/routes/admin/webhooks/new";
import { parseHeaders } from "~/routes/admin/webhooks/+shared/webhook-editor";
import * as login from "~/routes/admin/login";
import {
  cookiesFrom,
  getRequest,
  postRequest,
  routeArgs,
  settle,
  statusOf,
  TEST_ORIGIN,
  toastOf,
} from "../support/route-args";
import { BACKENDS, breakWrites, uniqueName, useTestDatabase } from "../support/test-database";

const PASSWORD = "correct horse battery";

async function newAdmin(role: "admin" | "super_admin" = "admin", isActive = true): Promise<Admin> {
  const username = uniqueName("admin").replace(" ", "_");
  return createAdminUser({ username, email: `${username}@example.com`, role, isActive, password: PASSWORD });
}

async function sessionFor(admin: Admin): Promise<string> {
  const response = (await settle(() =>
    login.action(routeArgs(postRequest("/admin/login", { username: admin.username, password: PASSWORD }))),
  )) as Response;
  return cookiesFrom(response);
}

/**
 * The HTML a screen renders on the server for what its loader answers at `path`: the route's own
 * loader and component, in a router of their own.
 */
async function renderScreen(
  screen: { loader: (args: never) => Promise<unknown>; default: unknown },
  path: string,
  cookie: string,
): Promise<string> {
  const loaderData = await screen.loader(routeArgs(getRequest(path, cookie)));
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
      const only = await newAdmin("super_admin");
      const other = await newAdmin("admin");
      await expect(updateAdminUserAs(other.id, only.id, { ...only, role: "admin" })).rejects.toThrow(AdminRuleError);
      await expect(updateAdminUserAs(other.id, only.id, { ...only, isActive: false })).rejects.toThrow(
        "The last active super admin cannot be deactivated or demoted.",
      );
      await expect(deleteAdminUserAs(other.id, only.id)).rejects.toThrow(
        "The last active super admin cannot be deleted.",
      );
      expect(await getAdminUser(only.id)).toMatchObject({ role: "super_admin", isActive: true });

      // With a second active super admin, the first may step down.
      const second = await newAdmin("super_admin");
      expect(await updateAdminUserAs(second.id, only.id, { ...only, role: "admin" })).toMatchObject({ role: "admin" });
      await expect(deleteAdminUserAs(other.id, second.id)).rejects.toThrow(AdminRuleError);
      // An inactive super admin does not count.
      const inactive = await newAdmin("super_admin", false);
      await expect(updateAdminUserAs(other.id, second.id, { ...second, role: "admin" })).rejects.toThrow(
        AdminRuleError,
      );
      expect(await deleteAdminUserAs(second.id, inactive.id)).toBe(true);
    });

    it("lets exactly one of two simultaneous demotions of the last two super admins through", async () => {
      await db().execute(sql`delete from admin_users`);
      const a = await newAdmin("super_admin");
      const b = await newAdmin("super_admin");
      const results = await Promise.allSettled([
        updateAdminUserAs(b.id, a.id, { ...a, role: "admin" }),
        updateAdminUserAs(a.id, b.id, { ...b, role: "admin" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
      expect(await countActiveSuperAdmins()).toBe(1);
    });

    it("refuses that admins delete or deactivate themselves", async () => {
      const self = await newAdmin("super_admin");
      await newAdmin("super_admin");
      await expect(deleteAdminUserAs(self.id, self.id)).rejects.toThrow("You cannot delete your own account.");
      await expect(updateAdminUserAs(self.id, self.id, { ...self, isActive: false })).rejects.toThrow(
        "You cannot deactivate your own account.",
      );
    });
  });

  describe("services", () => {
    it("refuses negative or missing prices and keeps what was typed", async () => {
      const cookie = await sessionFor(await newAdmin());
      const name = uniqueName("Service");
      const result = (await newService.action(
        routeArgs(
          postRequest(
            "/admin/services/new",
            { name, category: "ai-automation", description: "d", setupPrice: "-1", monthlyPrice: "" },
            cookie,
          ),
        ),
      )) as { data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } } };
      expect(statusOf(result)).toBe(400);
      expect(result.data.result.error).toEqual({
        setupPrice: ["Setup price must be 0 or more"],
        monthlyPrice: ["Monthly price is required"],
      });
      expect(result.data.result.initialValue).toMatchObject({ name, setupPrice: "-1" });
    });

    it("creates a service active and not featured when the boxes say so, and deletes it keeping its orders", async () => {
      const cookie = await sessionFor(await newAdmin());
      const name = uniqueName("Service");
      const created = await newService.action(
        routeArgs(
          postRequest(
            "/admin/services/new",
            {
              name,
              category: " Social-Media ",
              description: "d",
              setupPrice: "149",
              monthlyPrice: "29",
              isActive: "on",
            },
            cookie,
          ),
        ),
      );
      expect(statusOf(created)).toBe(302);
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
      const deleted = await settle(() =>
        servicesList.action(routeArgs(postRequest("/admin/services", { intent: "delete", serviceId: row.id }, cookie))),
      );
      expect(statusOf(deleted)).toBe(302);
      expect(await getService(row.id)).toBeNull();
      const [kept] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(kept).toMatchObject({ serviceId: null, serviceName: name, totalPrice: 178 });
    });

    it("answers an unknown intent or a malformed id with 400 and 404", async () => {
      const cookie = await sessionFor(await newAdmin());
      const unknown = await settle(() =>
        servicesList.action(routeArgs(postRequest("/admin/services", { intent: "explode" }, cookie))),
      );
      expect(statusOf(unknown)).toBe(400);
      const malformed = await settle(() =>
        servicesList.action(
          routeArgs(postRequest("/admin/services", { intent: "delete", serviceId: "1; drop" }, cookie)),
        ),
      );
      expect(statusOf(malformed)).toBe(404);
    });
  });

  describe("webhooks", () => {
    it("refuses headers that are not a JSON object with the spec's toast and saves nothing", async () => {
      const cookie = await sessionFor(await newAdmin());
      const name = uniqueName("Hook");
      const before = (await listWebhooks()).length;
      const result = await newWebhook.action(
        routeArgs(
          postRequest(
            "/admin/webhooks/new",
            { name, url: "https://example.com/hook", method: "POST", headers: "{oops" },
            cookie,
          ),
        ),
      );
      expect(statusOf(result)).toBe(400);
      expect(await toastOf(result)).toMatchObject({
        type: "error",
        message: "Invalid JSON in headers",
        description: "Please check your headers format",
      });
      expect(await listWebhooks()).toHaveLength(before);

      const saved = await newWebhook.action(
        routeArgs(
          postRequest(
            "/admin/webhooks/new",
            { name, url: "https://example.com/hook", method: "PATCH", headers: '{"X-Key": "k", "X-N": 5}' },
            cookie,
          ),
        ),
      );
      expect(statusOf(saved)).toBe(302);
      const created = (await listWebhooks()).find((w) => w.name === name)!;
      expect(await getWebhook(created.id)).toMatchObject({
        method: "PATCH",
        headers: { "X-Key": "k", "X-N": "5" },
        isActive: false,
      });
    });

    it("answers a failed create, update or delete with the spec's 'Failed to … webhook' message, not the database's", async () => {
      const cookie = await sessionFor(await newAdmin());
      const fields = { name: uniqueName("Hook"), url: "https://example.com/hook", method: "POST", headers: "" };
      const existing = await createWebhook({ ...fields, method: "POST", headers: {}, isActive: false });
      const restore = await breakWrites("webhooks", "internal detail: disk full");
      try {
        const created = await newWebhook.action(routeArgs(postRequest("/admin/webhooks/new", fields, cookie)));
        expect(statusOf(created)).toBe(500);
        expect(await toastOf(created)).toMatchObject({
          type: "error",
          message: TOASTS.webhookCreateError,
          description: TOASTS.webhookFailed("create"),
        });

        const updated = await editWebhook.action(
          routeArgs(postRequest(`/admin/webhooks/${existing.id}/edit`, { ...fields, name: "Renamed" }, cookie), {
            params: { webhookId: existing.id },
          }),
        );
        expect(statusOf(updated)).toBe(500);
        expect(await toastOf(updated)).toMatchObject({
          message: TOASTS.webhookUpdateError,
          description: TOASTS.webhookFailed("update"),
        });

        const deleteForm = { intent: "delete", webhookId: existing.id };
        const deleted = await webhooksList.action(routeArgs(postRequest("/admin/webhooks", deleteForm, cookie)));
        expect(statusOf(deleted)).toBe(302);
        expect(await toastOf(deleted)).toMatchObject({
          message: TOASTS.webhookDeleteError,
          description: TOASTS.webhookFailed("delete"),
        });
        // The spec's form, with a reason that tells nothing of the server's insides.
        expect(TOASTS.webhookFailed("create")).toMatch(/^Failed to create webhook: /);
        for (const answer of [created, updated]) expect(JSON.stringify(answer)).not.toContain("disk full");
      } finally {
        await restore();
      }
      expect(await getWebhook(existing.id)).toMatchObject({ name: fields.name });

      await webhooksList.action(
        routeArgs(postRequest("/admin/webhooks", { intent: "delete", webhookId: existing.id }, cookie)),
      );
      const gone = await webhooksList.action(
        routeArgs(postRequest("/admin/webhooks", { intent: "delete", webhookId: existing.id }, cookie)),
      );
      expect(await toastOf(gone)).toMatchObject({
        message: TOASTS.webhookDeleteError,
        description: TOASTS.webhookFailed("delete", "it no longer exists."),
      });
    });
  });

  describe("empty states", () => {
    it("shows the spec's text when there are no webhooks, and the list when there are", async () => {
      const cookie = await sessionFor(await newAdmin());
      await db().execute(sql`delete from webhooks`);
      const empty = await renderScreen(webhooksList, "/admin/webhooks", cookie);
      expect(empty).toContain(WEBHOOK_TEXTS.emptyTitle);
      expect(empty).toContain(WEBHOOK_TEXTS.emptyDescription);

      const name = uniqueName("Hook");
      await createWebhook({ name, url: "https://example.com/hook", method: "POST", headers: {}, isActive: false });
      const listed = await renderScreen(webhooksList, "/admin/webhooks", cookie);
      expect(listed).toContain(name);
      expect(listed).not.toContain(WEBHOOK_TEXTS.emptyTitle);
    });

    it("shows the spec's text when no order has the chosen status", async () => {
      const cookie = await sessionFor(await newAdmin());
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
      const none = await renderScreen(ordersScreen, "/admin/orders?status=paid", cookie);
      expect(none).toContain(ORDER_TEXTS.empty);
      expect(none).not.toContain(clientName);
      const some = await renderScreen(ordersScreen, "/admin/orders?status=pending", cookie);
      expect(some).toContain(clientName);
      expect(some).not.toContain(ORDER_TEXTS.empty);
    });
  });

  describe("dashboard", () => {
    it("counts revenue from paid orders only and the conversion rate over all orders", async () => {
      await db().execute(sql`delete from orders`);
      await db().execute(sql`delete from services`);
      const cookie = await sessionFor(await newAdmin());
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
      const { cards } = await dashboard.loader(routeArgs(getRequest("/admin", cookie)));
      expect(cards).toEqual([
        { title: "Total Services", value: "2", detail: "1 active" },
        { title: "Total Orders", value: "4", detail: "1 pending" },
        { title: "Revenue", value: "$349.50", detail: "From paid orders" },
        { title: "Conversion Rate", value: "50%", detail: "2 of 4 orders paid" },
      ]);
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
