import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { adminUsers, webhooks } from "~/db/schema";

import { type AppUnderTest, OWNER, startAppUnderTest } from "../support/app-under-test";
import { createTestAdmin, createTestOrder, createTestService, createTestWebhook, unique } from "../support/factories";
import { type HttpVisitor, toastOn, visibleText } from "../support/http-visitor";
import { productText } from "../support/product-text";
import { breakWrites } from "../support/test-database";
import { answerJson, startTestServer, type TestServer } from "../support/webhook-server";

// The admin screens' error toasts (docs/product.md §8), as the built server renders them for a
// browser without JavaScript: titles in the spec's words, descriptions that never show internals.

const DATABASE_FAILURE = "disk full (test)";
// What an admin sees instead of a database's own message (app/routes/admin/+shared/route-helpers.server.ts).
const FALLBACK = "Something went wrong. Please try again.";

let app: AppUnderTest;
let visitor: HttpVisitor;
let hook: TestServer;
beforeAll(async () => {
  [app, hook] = await Promise.all([
    startAppUnderTest(),
    startTestServer((_request, response) => answerJson(response, 200, { response: "Pong" })),
  ]);
  visitor = await app.signedIn();
});
afterAll(() => Promise.all([app?.stop(), hook?.close()]));

const serviceFields = () => ({
  name: unique("Service"),
  category: "notifications",
  description: "Sends alerts.",
  setupPrice: "149",
  monthlyPrice: "29",
  isActive: "on",
});
const adminFields = (username = unique("admin").replace(" ", "-")) => ({
  username,
  email: `${username}@example.com`,
  role: "admin",
  isActive: "on",
});
const webhookFields = () => ({
  name: unique("Hook"),
  url: "https://hooks.example/chat",
  method: "POST",
  isActive: "on",
});

interface Failure {
  what: string;
  table: string;
  /** Arranges what the request needs (before writes fail) and returns the form post. */
  request: () => Promise<[string, Record<string, string>]>;
  title: string;
  description?: string;
  /** The reason the form itself shows, which the toast then leaves out. */
  onForm?: string;
}

const failures: Failure[] = [
  {
    what: "creating a service",
    table: "services",
    request: async () => ["/admin/services/new", serviceFields()],
    title: "Error creating service",
  },
  {
    what: "updating a service",
    table: "services",
    request: async () => [`/admin/services/${(await createTestService(app.db)).id}/edit`, serviceFields()],
    title: "Error updating service",
  },
  {
    what: "deleting a service",
    table: "services",
    request: async () => ["/admin/services", { intent: "delete", serviceId: (await createTestService(app.db)).id }],
    title: "Error deleting service",
  },
  {
    what: "changing an order's status",
    table: "orders",
    request: async () => [
      "/admin/orders",
      { intent: "status", orderId: (await createTestOrder(app.db)).id, status: "paid" },
    ],
    title: "Error updating order",
  },
  {
    what: "saving the site settings",
    table: "site_settings",
    request: async () => [
      "/admin/settings",
      {
        companyName: "FlowForge Automation",
        workflowToolName: "n8n",
        homepageHeadline: "Automate",
        homepageSubtext: "We automate.",
        supportEmail: "hello@flowforge.example",
      },
    ],
    title: "Error updating settings",
  },
  {
    what: "saving the founder",
    table: "founder_info",
    request: async () => [
      "/admin/founder",
      {
        intent: "save",
        name: "Alex",
        bio: "Builds.",
        experienceYears: "7",
        projectsCompleted: "1",
        clientsServed: "1",
      },
    ],
    title: "Error updating founder info",
  },
  {
    what: "adding a founder skill",
    table: "founder_info",
    request: async () => ["/admin/founder", { intent: "add-skill", skill: "Zapier" }],
    title: "Error updating founder info",
  },
  {
    what: "saving the integrations",
    table: "integrations",
    request: async () => ["/admin/integrations", { stripePublishableKey: "pk_test_1" }],
    title: "Error updating integrations",
  },
  {
    what: "creating an admin user",
    table: "admin_users",
    request: async () => ["/admin/admins/new", { ...adminFields(), password: "a-new-password-1" }],
    title: "Error creating admin user",
    onForm: productText("Failed to create user"),
  },
  {
    what: "updating an admin user",
    table: "admin_users",
    request: async () => {
      const admin = await createTestAdmin(app.db);
      return [`/admin/admins/${admin.id}/edit`, adminFields(admin.username)];
    },
    title: "Error updating admin user",
    onForm: FALLBACK,
  },
  {
    what: "deleting an admin user",
    table: "admin_users",
    request: async () => ["/admin/admins", { intent: "delete", adminId: (await createTestAdmin(app.db)).id }],
    title: "Error deleting admin user",
  },
  {
    what: "creating a webhook",
    table: "webhooks",
    request: async () => ["/admin/webhooks/new", webhookFields()],
    title: "Error creating webhook",
    description: productText("Failed to create webhook: a server error occurred. Please try again."),
  },
  {
    what: "updating a webhook",
    table: "webhooks",
    request: async () => [`/admin/webhooks/${(await createTestWebhook(app.db)).id}/edit`, webhookFields()],
    title: "Error updating webhook",
    description: productText("Failed to update webhook: a server error occurred. Please try again."),
  },
  {
    what: "deleting a webhook",
    table: "webhooks",
    request: async () => ["/admin/webhooks", { intent: "delete", webhookId: (await createTestWebhook(app.db)).id }],
    title: "Error deleting webhook",
    description: productText("Failed to delete webhook: a server error occurred. Please try again."),
  },
];

describe("when the database fails to save", () => {
  it.each(failures)("$what shows $title", async ({ table, request, title, description, onForm }) => {
    const [path, fields] = await request();
    const restore = await breakWrites(table, DATABASE_FAILURE, app.db);
    let page;
    try {
      page = await visitor.submit(path, fields);
    } finally {
      await restore();
    }
    expect([302, 500]).toContain(page.posted.status);
    if (onForm) {
      // The admin user form shows the reason above its buttons: the toast names only what failed.
      expect(toastOn(page.html)).toEqual({ type: "error", message: productText(title) });
      expect(visibleText(page.html).split(onForm).length - 1).toBe(1);
    } else {
      expect(toastOn(page.html)).toEqual({
        type: "error",
        message: productText(title),
        description: description ?? FALLBACK,
      });
    }
    expect(page.html).not.toContain(DATABASE_FAILURE);
  });
});

describe("refusals the admin can act on", () => {
  it("a taken username, on create and on edit", async () => {
    const existing = await createTestAdmin(app.db);
    const create = await visitor.post("/admin/admins/new", {
      ...adminFields(existing.username.toUpperCase()),
      password: "a-new-password-1",
    });
    expect(create.status).toBe(409);
    const taken = `The username "${existing.username.toUpperCase()}" is already taken.`;
    // Said once: under the username field, not again in the toast.
    expect(toastOn(create.html)).toEqual({ type: "error", message: productText("Error creating admin user") });
    expect(visibleText(create.html).split(taken).length - 1).toBe(1);

    const other = await createTestAdmin(app.db);
    const edit = await visitor.post(`/admin/admins/${other.id}/edit`, adminFields(existing.username));
    expect(edit.status).toBe(409);
    expect(toastOn(edit.html)).toMatchObject({ message: productText("Error updating admin user") });
    expect((await app.db.select().from(adminUsers).where(eq(adminUsers.id, other.id)))[0].username).toBe(
      other.username,
    );
  });

  it("headers that are not JSON: the spec's toast, and nothing saved", async () => {
    const fields = { ...webhookFields(), headers: "{ not json" };
    const answer = await visitor.post("/admin/webhooks/new", fields);
    expect(answer.status).toBe(400);
    expect(toastOn(answer.html)).toEqual({
      type: "error",
      message: productText("Invalid JSON in headers"),
      description: productText("Please check your headers format"),
    });
    expect(await app.db.select().from(webhooks).where(eq(webhooks.name, fields.name))).toEqual([]);
  });

  it("deleting what another admin deleted a moment before", async () => {
    const webhook = await createTestWebhook(app.db);
    await app.db.delete(webhooks).where(eq(webhooks.id, webhook.id));
    const page = await visitor.submit("/admin/webhooks", { intent: "delete", webhookId: webhook.id });
    expect(toastOn(page.html)).toEqual({
      type: "error",
      message: productText("Error deleting webhook"),
      description: productText("Failed to delete webhook: it no longer exists."),
    });

    const admin = await createTestAdmin(app.db);
    await app.db.delete(adminUsers).where(eq(adminUsers.id, admin.id));
    const gone = await visitor.submit("/admin/admins", { intent: "delete", adminId: admin.id });
    expect(toastOn(gone.html)).toEqual({
      type: "error",
      message: productText("Error deleting admin user"),
      description: "This admin user no longer exists.",
    });
  });
});

describe("testing a webhook", () => {
  /** How many times the page shows `text` (the hydration data in its scripts is not shown). */
  const timesShown = (html: string, text: string) => visibleText(html).split(text).length - 1;

  it("shows the status and the answer in the card, and the toast says once that it completed", async () => {
    const webhook = await createTestWebhook(app.db, { url: `${hook.url}/chat` });
    const answer = await visitor.post("/admin/webhooks", { intent: "test", webhookId: webhook.id });
    expect(toastOn(answer.html)).toEqual({
      type: "success",
      message: productText("Webhook test completed"),
      description: undefined,
    });
    const text = visibleText(answer.html);
    expect(text).toContain(productText("Test Result"));
    expect(timesShown(answer.html, productText.pattern("Status: {code}", "200"))).toBe(1);
    expect(text).toContain(productText.pattern("Response: {body}", JSON.stringify({ response: "Pong" })));
  });

  it("shows why it failed once, in the card", async () => {
    const webhook = await createTestWebhook(app.db, { url: "http://127.0.0.1:9/unreachable" });
    const answer = await visitor.post("/admin/webhooks", { intent: "test", webhookId: webhook.id });
    expect(toastOn(answer.html)).toEqual({
      type: "error",
      message: productText("Webhook test failed"),
      description: undefined,
    });
    // A sentence an owner understands, then the technical detail under it.
    const sentence = productText(
      "Could not connect: nothing answered at this address. Check the URL and that the workflow is running.",
    );
    expect(visibleText(answer.html)).toContain(productText.pattern("Error: {sentence}", sentence));
    expect(timesShown(answer.html, sentence)).toBe(1);
    expect(visibleText(answer.html)).toMatch(/Details: ECONNREFUSED/);
  });
});

describe("signing in", () => {
  it("with a wrong password shows the spec's toast title, and its reason once, in the form", async () => {
    const answer = await app.visitor().post("/admin/login", { username: OWNER.username, password: "not-the-password" });
    expect(toastOn(answer.html)).toEqual({ type: "error", message: productText("Login failed") });
    // Said once on the page (the hydration data in its scripts is not shown).
    const shown = answer.html.replace(/<script\b[\s\S]*?<\/script>/g, "");
    expect(shown.split(productText("Invalid username or password"))).toHaveLength(2);
  });
});
