import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { db } from "~/db/client.server";
import { eventWebhooks, integrations } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { openSecret } from "~/lib/secret-box.server";
import { createEventWebhook, resealEventWebhookSecrets } from "~/models/event-webhooks.server";
import {
  getAdminIntegrations,
  readIntegrationSecret,
  readPayPalCredentials,
  resealIntegrationSecrets,
  saveIntegrations,
} from "~/models/integrations.server";

import { createTestAdmin } from "../support/factories";
import { getRequest, postRequest, send, sessionFor } from "../support/route-args";
import { BACKENDS, useTestDatabase } from "../support/test-database";

// Secrets in pages: integration secrets are write-only on the admin screen (its HTML
// and its data carry the last four characters at most) and encrypted at rest with SECRETS_KEY.

const SECRET = "sk_live_WRITEONLY0123456789abcdefXYZW";
const TOKEN = "patWRITEONLY.0123456789abcdefTOKN";
const WEBHOOK_SECRET = "whsec_WRITEONLY0123456789abcdefWHSC";

const stored = async () => (await db().select().from(integrations).where(eq(integrations.id, 1)))[0];

describe.each(BACKENDS)("integration secrets on %s", (backend) => {
  useTestDatabase(backend);

  it("are never sent to the admin screen, kept when left blank, replaced when typed, removed when asked", async () => {
    const cookie = await sessionFor(await createTestAdmin(db(), { role: "super_admin" }));
    const save = (fields: Record<string, string>) =>
      send(postRequest("/admin/integrations", { stripePublishableKey: "pk_test_1", ...fields }, cookie));

    expect(
      (await save({ stripeSecretKey: SECRET, stripeWebhookSecret: WEBHOOK_SECRET, airtableToken: TOKEN })).status,
    ).toBe(302);
    for (const javaScript of [false, true]) {
      const page = await send(getRequest("/admin/integrations", cookie), { javaScript });
      const sent = JSON.stringify(page.loaderData);
      expect(sent).not.toContain(SECRET);
      expect(sent).not.toContain(TOKEN);
      expect(sent).not.toContain(SECRET.slice(0, -4));
      expect(sent).not.toContain(WEBHOOK_SECRET.slice(0, -4));
      expect(page.loaderData["routes/admin/integrations"]).toMatchObject({
        integrations: {
          stripeSecretKey: { lastFour: "XYZW" },
          stripeWebhookSecret: { lastFour: "WHSC" },
          airtableToken: { lastFour: "TOKN" },
        },
      });
    }

    // At rest: sealed, not the key itself.
    const row = await stored();
    expect(row.stripeSecretKey).toMatch(/^enc:v1:/);
    expect(row.stripeWebhookSecret).toMatch(/^enc:v1:/);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(JSON.stringify(row)).not.toContain(WEBHOOK_SECRET);
    expect(await readIntegrationSecret("stripeSecretKey")).toBe(SECRET);
    expect(await readIntegrationSecret("stripeWebhookSecret")).toBe(WEBHOOK_SECRET);

    // Blank keeps, typed replaces, the checkbox removes.
    expect((await save({ stripeSecretKey: "", airtableToken: "" })).status).toBe(302);
    expect(await readIntegrationSecret("stripeSecretKey")).toBe(SECRET);
    expect(await readIntegrationSecret("airtableToken")).toBe(TOKEN);
    expect((await save({ stripeSecretKey: "sk_live_replaced_0000" })).status).toBe(302);
    expect(await readIntegrationSecret("stripeSecretKey")).toBe("sk_live_replaced_0000");
    expect(await readIntegrationSecret("stripeWebhookSecret")).toBe(WEBHOOK_SECRET);
    expect((await save({ removeAirtableToken: "on" })).status).toBe(302);
    expect(await readIntegrationSecret("airtableToken")).toBeNull();
    expect(await readIntegrationSecret("stripeSecretKey")).toBe("sk_live_replaced_0000");
    expect((await save({ removeStripeWebhookSecret: "on" })).status).toBe(302);
    expect(await readIntegrationSecret("stripeWebhookSecret")).toBeNull();
  });

  it("keeps the PayPal client secret sealed and write-only, with its webhook id and sandbox switch", async () => {
    const cookie = await sessionFor(await createTestAdmin(db(), { role: "super_admin" }));
    const PAYPAL_SECRET = "EPAYPALWRITEONLY0123456789abcdefPPSC";
    const saved = await send(
      postRequest(
        "/admin/integrations",
        {
          paypalClientId: "AclientId123",
          paypalClientSecret: PAYPAL_SECRET,
          paypalWebhookId: "8PT597110X687430LKGECATA",
          paypalSandbox: "on",
        },
        cookie,
      ),
    );
    expect(saved.status).toBe(302);
    const row = await stored();
    expect(row.paypalClientSecret).toMatch(/^enc:v1:/);
    expect(row).toMatchObject({ paypalWebhookId: "8PT597110X687430LKGECATA", paypalSandbox: true });
    expect(await readPayPalCredentials()).toEqual({
      clientId: "AclientId123",
      clientSecret: PAYPAL_SECRET,
      webhookId: "8PT597110X687430LKGECATA",
      sandbox: true,
    });
    const page = await send(getRequest("/admin/integrations", cookie));
    expect(JSON.stringify(page.loaderData)).not.toContain(PAYPAL_SECRET.slice(0, -4));
    expect(page.loaderData["routes/admin/integrations"]).toMatchObject({
      integrations: { paypalClientSecret: { lastFour: "PPSC" } },
    });

    // Blank keeps the secret; the unticked switch turns the sandbox off; the checkbox removes.
    expect((await send(postRequest("/admin/integrations", { paypalClientId: "AclientId123" }, cookie))).status).toBe(
      302,
    );
    expect(await readPayPalCredentials()).toMatchObject({ clientSecret: PAYPAL_SECRET, sandbox: false });
    await send(postRequest("/admin/integrations", { removePaypalClientSecret: "on" }, cookie));
    expect(await readIntegrationSecret("paypalClientSecret")).toBeNull();
    expect(await readPayPalCredentials()).toBeNull();
  });

  it("shows the Stripe webhook endpoint on SITE_URL, and says SITE_URL is needed without it", async () => {
    const cookie = await sessionFor(await createTestAdmin(db(), { role: "super_admin" }));
    const endpoint = async () =>
      (
        (await send(getRequest("/admin/integrations", cookie))).loaderData["routes/admin/integrations"] as {
          stripeWebhookEndpoint: string | null;
        }
      ).stripeWebhookEndpoint;
    const env = getEnv();
    const spy = vi.spyOn(await import("~/lib/env.server"), "getEnv");
    try {
      spy.mockReturnValue({ ...env, SITE_URL: "https://agency.example.com/some/page" });
      expect(await endpoint()).toBe("https://agency.example.com/webhooks/stripe");
      spy.mockReturnValue({ ...env, SITE_URL: undefined });
      expect(await endpoint()).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });

  it("does not send a typed secret back with a form that needs a correction", async () => {
    const cookie = await sessionFor(await createTestAdmin(db(), { role: "super_admin" }));
    const answer = await send(
      postRequest("/admin/integrations", { stripeSecretKey: SECRET, paypalClientId: "x".repeat(301) }, cookie),
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.actionData)).not.toContain(SECRET);
  });

  it("encrypts secrets stored before encryption existed, and re-encrypts after a key rotation", async () => {
    // A row as an older version wrote it.
    await db().update(integrations).set({ stripeSecretKey: SECRET, airtableToken: null }).where(eq(integrations.id, 1));
    expect(await resealIntegrationSecrets()).toBe(1);
    const sealedOld = (await stored()).stripeSecretKey!;
    expect(sealedOld).toMatch(/^enc:v1:/);
    // An event webhook's signing secret goes through the same rotation.
    const { webhook, secret: signing } = await createEventWebhook({
      name: "Rotation",
      url: "https://n8n.example.com/webhook/events",
      events: ["order.created"],
      isActive: true,
    });
    const storedSigning = async () =>
      (await db().select().from(eventWebhooks).where(eq(eventWebhooks.id, webhook.id)))[0].secret;
    expect(await resealEventWebhookSecrets()).toBe(0);

    // Rotation: the new key is SECRETS_KEY, the old one SECRETS_KEY_PREVIOUS until start-up reseals.
    const env = getEnv();
    const rotated = {
      ...env,
      SECRETS_KEY: "a-brand-new-secrets-key-0123456789abcdef",
      SECRETS_KEY_PREVIOUS: env.SECRETS_KEY,
    };
    const spy = vi.spyOn(await import("~/lib/env.server"), "getEnv").mockReturnValue(rotated);
    try {
      expect(await readIntegrationSecret("stripeSecretKey")).toBe(SECRET);
      expect(await resealIntegrationSecrets()).toBe(1);
      expect((await stored()).stripeSecretKey).not.toBe(sealedOld);
      expect(await resealEventWebhookSecrets()).toBe(1);
      spy.mockReturnValue({ ...rotated, SECRETS_KEY_PREVIOUS: undefined });
      expect(await readIntegrationSecret("stripeSecretKey")).toBe(SECRET);
      expect(openSecret(await storedSigning())).toBe(signing);
      // A key that is gone says which variable is missing, instead of a garbled value.
      spy.mockReturnValue({ ...env, SECRETS_KEY_PREVIOUS: undefined });
      await expect(readIntegrationSecret("stripeSecretKey")).rejects.toThrow(/SECRETS_KEY/);
      expect((await getAdminIntegrations())?.stripeSecretKey).toEqual({ unreadable: true });
    } finally {
      spy.mockRestore();
    }
    await saveIntegrations({ stripeSecretKey: null });
    await db().delete(eventWebhooks).where(eq(eventWebhooks.id, webhook.id));
  });
});
