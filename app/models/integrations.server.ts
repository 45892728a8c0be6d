import { eq } from "drizzle-orm";

import { db, withReadRetry } from "~/db/client.server";
import { type Integrations, integrations } from "~/db/schema";
import { log } from "~/lib/log.server";
import { needsResealing, openSecret, sealSecret, SecretKeyError, unknownKeyId } from "~/lib/secret-box.server";

export type IntegrationsInput = Omit<typeof integrations.$inferInsert, "id" | "updatedAt">;

/** The only integration fields public pages may see; keys and tokens stay on the server. */
export type PublicIntegrations = Pick<
  Integrations,
  "voiceAgentEmbedCode" | "customCss" | "customJs" | "bookingPageUrl"
>;

/** Keys and tokens: stored encrypted (app/lib/secret-box.server.ts), never sent to any page. */
export const SECRET_INTEGRATIONS = [
  "stripeSecretKey",
  "stripeWebhookSecret",
  "paypalClientSecret",
  "airtableToken",
  "calWebhookSecret",
] as const;
export type SecretIntegration = (typeof SECRET_INTEGRATIONS)[number];

/**
 * What the admin sees of a stored secret: its last four characters, or that it was sealed with a
 * key this server does not have (docs/configuration.md, SECRETS_KEY).
 */
export type SecretHint = { lastFour: string } | { unreadable: true };

export type AdminIntegrations = Omit<Integrations, SecretIntegration> & Record<SecretIntegration, SecretHint | null>;

function hint(stored: string | null): SecretHint | null {
  if (!stored) return null;
  try {
    return { lastFour: openSecret(stored).slice(-4) };
  } catch (error) {
    if (!(error instanceof SecretKeyError)) throw error;
    log.warn("integrations: a secret cannot be decrypted", { error });
    return { unreadable: true };
  }
}

/** The integrations for the admin screen, the secrets as hints only. */
export async function getAdminIntegrations(): Promise<AdminIntegrations | null> {
  const [row] = await withReadRetry(() => db().select().from(integrations).where(eq(integrations.id, 1)));
  if (!row) return null;
  const hints = Object.fromEntries(SECRET_INTEGRATIONS.map((name) => [name, hint(row[name])]));
  return { ...row, ...(hints as Record<SecretIntegration, SecretHint | null>) };
}

/** The plain secret, for the server's own use of it. */
export async function readIntegrationSecret(name: SecretIntegration): Promise<string | null> {
  const [row] = await withReadRetry(() =>
    db().select({ value: integrations[name] }).from(integrations).where(eq(integrations.id, 1)),
  );
  return row?.value ? openSecret(row.value) : null;
}

/** Whether a Stripe secret key is saved, without opening it: the public pages' "Pay now" needs one. */
export async function hasStripeSecretKey(): Promise<boolean> {
  const [row] = await withReadRetry(() =>
    db().select({ key: integrations.stripeSecretKey }).from(integrations).where(eq(integrations.id, 1)),
  );
  return Boolean(row?.key);
}

/** Whether PayPal's client id and secret are saved, without opening the secret: the status page's button needs both. */
export async function hasPayPalCredentials(): Promise<boolean> {
  const [row] = await withReadRetry(() =>
    db()
      .select({ clientId: integrations.paypalClientId, clientSecret: integrations.paypalClientSecret })
      .from(integrations)
      .where(eq(integrations.id, 1)),
  );
  return Boolean(row?.clientId && row.clientSecret);
}

export interface PayPalCredentials {
  clientId: string;
  clientSecret: string;
  webhookId: string | null;
  sandbox: boolean;
}

/** PayPal's REST credentials, or null unless both the client id and its secret are saved. */
export async function readPayPalCredentials(): Promise<PayPalCredentials | null> {
  const [row] = await withReadRetry(() =>
    db()
      .select({
        clientId: integrations.paypalClientId,
        clientSecret: integrations.paypalClientSecret,
        webhookId: integrations.paypalWebhookId,
        sandbox: integrations.paypalSandbox,
      })
      .from(integrations)
      .where(eq(integrations.id, 1)),
  );
  if (!row?.clientId || !row.clientSecret) return null;
  return { ...row, clientId: row.clientId, clientSecret: openSecret(row.clientSecret) };
}

/** Whether the saved PayPal app is a sandbox one, without opening the secret. */
export async function readPayPalSandbox(): Promise<boolean> {
  const [row] = await withReadRetry(() =>
    db().select({ sandbox: integrations.paypalSandbox }).from(integrations).where(eq(integrations.id, 1)),
  );
  return row?.sandbox ?? false;
}

export interface AirtableSync {
  token: string;
  baseId: string;
  tableId: string;
}

/** Where new orders go in Airtable, or null unless the token, base and table are all set. */
export async function readAirtableSync(): Promise<AirtableSync | null> {
  const [row] = await withReadRetry(() =>
    db()
      .select({
        token: integrations.airtableToken,
        baseId: integrations.airtableBaseId,
        tableId: integrations.airtableTableId,
      })
      .from(integrations)
      .where(eq(integrations.id, 1)),
  );
  if (!row?.token || !row.baseId || !row.tableId) return null;
  return { token: openSecret(row.token), baseId: row.baseId, tableId: row.tableId };
}

export async function getPublicIntegrations(): Promise<PublicIntegrations> {
  const [row] = await withReadRetry(() =>
    db()
      .select({
        voiceAgentEmbedCode: integrations.voiceAgentEmbedCode,
        customCss: integrations.customCss,
        customJs: integrations.customJs,
        bookingPageUrl: integrations.bookingPageUrl,
      })
      .from(integrations)
      .where(eq(integrations.id, 1)),
  );
  return row ?? { voiceAgentEmbedCode: null, customCss: null, customJs: null, bookingPageUrl: null };
}

/**
 * Saves the integrations. A secret left out of `input` (undefined) keeps its stored value; null
 * removes it; a string replaces it, sealed.
 */
export async function saveIntegrations(
  input: Omit<IntegrationsInput, SecretIntegration> & Partial<Record<SecretIntegration, string | null>>,
): Promise<void> {
  const values: IntegrationsInput = { ...input };
  for (const name of SECRET_INTEGRATIONS) {
    const value = input[name];
    if (value === undefined) delete values[name];
    else values[name] = value === null ? null : sealSecret(value);
  }
  await db()
    .insert(integrations)
    .values({ ...values, id: 1 })
    .onConflictDoUpdate({ target: integrations.id, set: { ...values, updatedAt: new Date() } });
}

/**
 * Start-up: seals the secrets stored in plain text (before encryption existed) or under the
 * previous key (after a rotation) with the current key. Returns how many it sealed again.
 */
export async function resealIntegrationSecrets(): Promise<number> {
  const [row] = await db().select().from(integrations).where(eq(integrations.id, 1));
  if (!row) return 0;
  const stale = SECRET_INTEGRATIONS.filter((name) => row[name] && needsResealing(row[name]));
  if (stale.length === 0) return 0;
  const values = Object.fromEntries(stale.map((name) => [name, sealSecret(openSecret(row[name]!))]));
  await db().update(integrations).set(values).where(eq(integrations.id, 1));
  return stale.length;
}

/**
 * The ids of the keys, missing from this server, that sealed stored secrets: start-up, which seals
 * them again, would fail on them (a database restored without its old SECRETS_KEY).
 */
export async function missingSecretKeyIds(): Promise<string[]> {
  const [row] = await db().select().from(integrations).where(eq(integrations.id, 1));
  const ids = SECRET_INTEGRATIONS.map((name) => row?.[name] && unknownKeyId(row[name]));
  return [...new Set(ids.filter((id): id is string => Boolean(id)))];
}
