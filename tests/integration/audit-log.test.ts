import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { adminUsers, auditLog, webhooks } from "~/db/schema";

import { createTestAdmin, createTestOrder, createTestService, TEST_PASSWORD } from "../support/factories";
import { getRequest, postRequest, send, sessionFor } from "../support/route-args";
import { BACKENDS, useTestDatabase } from "../support/test-database";

// Audit log: who changed what and when, never a secret's value, on its own paginated
// screen and in the dashboard's Recent Activity.

const SECRET = "sk_live_AUDIT0123456789abcdefSECRET";

const SETTINGS = {
  companyName: "Audit Co",
  workflowToolName: "n8n",
  homepageHeadline: "Automations that work",
  homepageSubtext: "We build them.",
  supportEmail: "help@example.com",
  primaryColor: "#2563eb",
  secondaryColor: "#7c3aed",
};

describe.each(BACKENDS)("audit log on %s", (backend) => {
  useTestDatabase(backend);

  it("records each admin change with its actor, never a value of a secret or a password", async () => {
    const owner = await createTestAdmin(db(), { role: "super_admin" });
    const cookie = await sessionFor(owner);
    const post = (path: string, fields: Record<string, string>) => send(postRequest(path, fields, cookie));
    const service = await createTestService(db(), { isActive: true });
    const order = await createTestOrder(db(), { serviceId: service.id, clientName: "Ada Client" });

    expect((await post("/admin/settings", SETTINGS)).status).toBe(302);
    expect((await post("/admin/settings", { ...SETTINGS, companyName: "Audit Co Ltd" })).status).toBe(302);
    expect((await post("/admin/integrations", { stripeSecretKey: SECRET, customJs: "console.log(1)" })).status).toBe(
      302,
    );
    expect((await post(`/admin/orders`, { intent: "status", orderId: order.id, status: "paid" })).status).toBe(302);
    const created = await post("/admin/admins/new", {
      username: "audited-editor",
      email: "editor@example.com",
      role: "admin",
      isActive: "on",
      password: "an-editor-password-1",
    });
    expect(created.status).toBe(302);
    const [editor] = await db().select().from(adminUsers).where(eq(adminUsers.username, "audited-editor"));
    expect(
      (
        await post(`/admin/admins/${editor.id}/edit`, {
          username: "audited-editor",
          email: "editor@example.com",
          role: "super_admin",
          isActive: "on",
        })
      ).status,
    ).toBe(302);
    expect((await post("/admin/admins", { intent: "delete", adminId: editor.id })).status).toBe(302);
    const hook = { name: "Audited hook", url: "https://hooks.example.com/chat", method: "POST", isActive: "on" };
    expect(
      (await post("/admin/webhooks/new", { ...hook, headers: `{"Authorization":"Bearer ${SECRET}"}` })).status,
    ).toBe(302);
    const [webhook] = await db().select().from(webhooks).where(eq(webhooks.name, "Audited hook"));
    expect(
      (
        await post(`/admin/webhooks/${webhook.id}/edit`, {
          ...hook,
          headers: `{"Authorization":"Bearer other-${SECRET}"}`,
        })
      ).status,
    ).toBe(302);
    expect((await post("/admin/webhooks", { intent: "delete", webhookId: webhook.id })).status).toBe(302);
    const changed = await post("/admin/account", {
      currentPassword: TEST_PASSWORD,
      newPassword: "a brand new password",
      confirmPassword: "a brand new password",
    });
    expect(changed.status).toBe(302);

    const entries = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, owner.id))
      .orderBy(auditLog.createdAt);
    expect(entries.map((e) => [e.action, e.target, e.details])).toEqual([
      ["settings.updated", null, expect.anything()],
      ["settings.updated", null, { fields: ["companyName"] }],
      ["integrations.updated", null, { fields: expect.arrayContaining(["customJs", "stripeSecretKey"]) }],
      ["order.status_changed", `Ada Client (${order.serviceName})`, { orderId: order.id, from: "pending", to: "paid" }],
      ["admin.created", "audited-editor", { role: "admin" }],
      ["admin.updated", "audited-editor", { fields: ["role"] }],
      ["admin.deleted", "audited-editor", null],
      ["webhook.created", "Audited hook", null],
      ["webhook.updated", "Audited hook", { fields: ["headers"] }],
      ["webhook.deleted", "Audited hook", null],
      ["admin.password_changed", owner.username, null],
    ]);
    expect(entries.every((e) => e.actorUsername === owner.username)).toBe(true);
    const written = JSON.stringify(entries);
    for (const secret of [SECRET, "an-editor-password-1", "a brand new password", TEST_PASSWORD]) {
      expect(written).not.toContain(secret);
    }
  });

  it("shows the changes on the Activity screen in pages of 50, and the latest on the dashboard", async () => {
    const viewer = await createTestAdmin(db(), { role: "admin" });
    const cookie = await sessionFor(viewer);
    await db().execute(sql`
      insert into audit_log (actor_username, action, details, created_at)
      select 'bulk-admin', 'settings.updated', '{"fields":["companyName"]}'::jsonb, now() - (i || ' seconds')::interval
      from generate_series(1, 120) i`);
    const first = await send(getRequest("/admin/activity", cookie));
    expect(first.status).toBe(200);
    const data = first.loaderData["routes/admin/activity"] as {
      entries: { id: string; actorUsername: string }[];
      page: { hasOlder: boolean; hasNewer: boolean };
    };
    expect(data.entries).toHaveLength(50);
    expect(data.page).toMatchObject({ hasOlder: true, hasNewer: false });
    const last = await send(getRequest("/admin/activity?last=1", cookie));
    expect((last.loaderData["routes/admin/activity"] as typeof data).page).toMatchObject({
      hasOlder: false,
      hasNewer: true,
    });

    const dashboard = await send(getRequest("/admin", cookie));
    const changes = (dashboard.loaderData["routes/admin/dashboard"] as { changes: { id: string }[] }).changes;
    // The dashboard's latest changes are the Activity screen's first five, in its order.
    expect(changes.map((entry) => entry.id)).toEqual(data.entries.slice(0, 5).map((entry) => entry.id));
  });
});
