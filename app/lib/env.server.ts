import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";

import { z } from "zod";

import { DEFAULT_CHAT_MAX_MESSAGE_CHARS } from "./chat";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

// A CSP source the policy may list: a scheme and host (with a * subdomain, port and path allowed),
// never a quote, a ';' or a keyword, so that no value can add or loosen a directive.
const CSP_HOST_SOURCE =
  /^(?:(?:https?|wss?):\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?(?:\/[\w./~%-]*)?$/i;

/**
 * An argon2 check holds a core for tens of milliseconds: a burst of sign-ins may take every core
 * but one, which stays free for the pages visitors load. A single core is shared by both.
 */
export function defaultConcurrentHashes(cores = availableParallelism()): number {
  return Math.max(1, cores - 1);
}

// Every setting the app reads, with its default. docs/configuration.md and .env.example list them all.
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // Unset: every interface in production (a container's port is published), loopback alone in
    // development, where Vite serves the project's files.
    HOST: optionalText,
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    SESSION_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    SECRETS_KEY: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    SECRETS_KEY_PREVIOUS: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText.pipe(
      z
        .string()
        .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
        .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`)
        .optional(),
    ),
    SUPABASE_URL: optionalText.pipe(z.url("must be a URL").optional()),
    SUPABASE_SERVICE_ROLE_KEY: optionalText,
    SITE_URL: optionalText.pipe(z.url("must be a URL such as https://example.com").optional()),
    // Where the admin's voice-agent embed and custom code load from, connect to or frame
    // (app/lib/security-headers.server.ts): host sources separated by spaces or commas.
    CSP_EMBED_HOSTS: z
      .string()
      .default("")
      .transform((value) => value.split(/[\s,]+/).filter(Boolean))
      .refine((hosts) => hosts.every((host) => CSP_HOST_SOURCE.test(host)), {
        message: "must list hosts such as https://widget.example.com, separated by spaces",
      }),
    SEED_DEMO_CONTENT: z
      .enum(["true", "false", ""])
      .default("true")
      .transform((v) => v !== "false"),
    TRUST_PROXY: z
      .enum(["true", "false", ""])
      .default("false")
      .transform((v) => v === "true"),
    LOGIN_MAX_FAILURES: positiveInt(5),
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: positiveInt(30),
    LOGIN_MAX_FAILURES_PER_USERNAME: positiveInt(30),
    LOGIN_MAX_CONCURRENT_HASHES: positiveInt(defaultConcurrentHashes()),
    LOGIN_WINDOW_MINUTES: positiveInt(15),
    CHAT_MESSAGES_PER_MINUTE: positiveInt(20),
    CONTACT_MESSAGES_PER_HOUR: positiveInt(5),
    ORDERS_PER_HOUR: positiveInt(10),
    PAYMENTS_PER_HOUR: positiveInt(10),
    CHAT_MAX_MESSAGE_CHARS: positiveInt(DEFAULT_CHAT_MAX_MESSAGE_CHARS),
    // Live chat streams (Server-Sent Events) open on this instance, in all and per visitor address.
    CHAT_STREAMS_MAX: positiveInt(1000),
    CHAT_STREAMS_PER_ADDRESS: positiveInt(5),
    MAX_IMAGE_BYTES: positiveInt(5 * 1024 * 1024),
    MAX_VOICE_BYTES: positiveInt(10 * 1024 * 1024),
    // Chat uploads: per-address bytes a day (IPv6 by /64), all stored files together,
    // the free disk DATA_DIR's volume must keep, and how long files are kept.
    UPLOADS_DAILY_MB_PER_ADDRESS: z.coerce.number().int().positive().max(1_000_000).default(50),
    UPLOADS_MAX_TOTAL_MB: z.coerce.number().int().positive().max(1_000_000_000).default(2048),
    UPLOADS_MIN_FREE_DISK_MB: z.coerce.number().int().min(0).max(1_000_000_000).default(500),
    UPLOADS_RETENTION_DAYS: z.coerce.number().int().positive().max(36_500).default(30),
    // With the embedded database, free space on DATA_DIR's volume below which the admin dashboard
    // says the database itself is at risk (a full disk stops PGlite: see app/lib/disk-space.ts).
    DISK_CRITICAL_FREE_MB: z.coerce.number().int().min(0).max(1_000_000_000).default(100),
    // The body of any post but the chat's. The largest form, Integrations (120,000 characters of
    // custom code and embed), url-encoded takes up to 9 bytes a character: 2 MiB holds it.
    MAX_FORM_BYTES: positiveInt(2 * 1024 * 1024),
    SESSION_MAX_AGE_HOURS: positiveInt(12),
    SESSION_IDLE_MINUTES: positiveInt(60),
    // Webhooks may reach loopback and private networks only when this says so (local n8n, tests):
    // otherwise an admin's webhook URL could make the server read internal services (SSRF).
    ALLOW_PRIVATE_WEBHOOK_URLS: z
      .enum(["true", "false", ""])
      .default("false")
      .transform((v) => v === "true"),
    // The admin's webhook Test waits this long for an answer (the spec's 30 s; the end-to-end
    // server sets 2, so its time-out test does not wait half a minute).
    WEBHOOK_TEST_TIMEOUT_SECONDS: z.coerce.number().int().positive().max(300).default(30),
    // A chat webhook failing this many times in a row is skipped for WEBHOOK_BREAKER_OPEN_SECONDS.
    WEBHOOK_BREAKER_FAILURES: positiveInt(3),
    WEBHOOK_BREAKER_OPEN_SECONDS: positiveInt(60),
    // Rendered public pages kept in memory, with their compressed forms; 0 turns the cache off.
    PAGE_CACHE_MB: z.coerce.number().int().min(0).default(32),
    // Email to staff and clients: all three, or none (email off).
    // smtp:// or smtps://user:password@host:port, as nodemailer reads it.
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    // An address, or a name and an address: Agency <hello@example.com>.
    MAIL_FROM: optionalText.pipe(z.string().regex(/@/, "must be an email address").optional()),
    STAFF_EMAIL: optionalText.pipe(z.email("must be an email address").optional()),
    // Airtable's REST API (the order sync); tests point it at a local server.
    AIRTABLE_API_URL: z.url("must be a URL").default("https://api.airtable.com"),
    // The payment providers' APIs; tests point them at local stand-ins. PayPal's Sandbox switch in
    // Admin → Integrations picks its sandbox API unless this is set.
    STRIPE_API_URL: z.url("must be a URL").default("https://api.stripe.com"),
    // How long the Stripe client waits for each answer before its own retries: 10 s at most, so a
    // client pressing "Pay now" is told soon that the payment could not start.
    STRIPE_TIMEOUT_SECONDS: z.coerce.number().positive().max(10).default(10),
    PAYPAL_API_URL: optionalText.pipe(z.url("must be a URL").optional()),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_USERNAME ? "ADMIN_PASSWORD" : "ADMIN_USERNAME"],
        message: "ADMIN_USERNAME and ADMIN_PASSWORD must be set together",
      });
    }
    if (Boolean(env.SUPABASE_URL) !== Boolean(env.SUPABASE_SERVICE_ROLE_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.SUPABASE_URL ? "SUPABASE_SERVICE_ROLE_KEY" : "SUPABASE_URL"],
        message: "SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set together",
      });
    }
    // With the embedded database the secret can live beside the data; a shared Postgres
    // means several machines, which must agree on the secret, so it has to be given.
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required in production when DATABASE_URL is set (32+ random characters)",
      });
    }
    const mail = { SMTP_URL: env.SMTP_URL, MAIL_FROM: env.MAIL_FROM, STAFF_EMAIL: env.STAFF_EMAIL };
    const missing = Object.entries(mail).filter(([, value]) => !value);
    if (missing.length > 0 && missing.length < 3) {
      ctx.addIssue({
        code: "custom",
        path: [missing[0][0]],
        message: "SMTP_URL, MAIL_FROM and STAFF_EMAIL must be set together (or none, for no email)",
      });
    }
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SECRETS_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["SECRETS_KEY"],
        message: "is required in production when DATABASE_URL is set (32+ random characters, not the SESSION_SECRET)",
      });
    }
  });

export type Env = z.infer<typeof EnvSchema> & {
  SESSION_SECRET: string;
  SECRETS_KEY: string;
  DATA_DIR: string;
  HOST: string;
};

export class ConfigError extends Error {
  name = "ConfigError";
}

export function parseEnv(source: Record<string, string | undefined>): z.infer<typeof EnvSchema> {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = issue.path.join(".") || "environment";
    throw new ConfigError(`Invalid configuration: ${variable}: ${issue.message}`);
  }
  return result.data;
}

/** A secret kept in DATA_DIR/<name>, made on first use: the embedded database's machine alone needs it. */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = parseEnv(source);
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    ...parsed,
    DATA_DIR: dataDir,
    HOST: parsed.HOST ?? (parsed.NODE_ENV === "development" ? "127.0.0.1" : "0.0.0.0"),
    SESSION_SECRET: parsed.SESSION_SECRET ?? persistedSecret(dataDir, "session-secret"),
    SECRETS_KEY: parsed.SECRETS_KEY ?? persistedSecret(dataDir, "secrets-key"),
  };
}

const globalEnv = globalThis as typeof globalThis & { __appEnv?: Env };

/** The validated configuration; loaded once, on first use (start-up calls it first). */
export function getEnv(): Env {
  globalEnv.__appEnv ??= loadEnv();
  return globalEnv.__appEnv;
}
