import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
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

// Every setting the app reads, with its default. The README's "Configuration" table mirrors this.
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    SESSION_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
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
    SEED_DEMO_CONTENT: z
      .enum(["true", "false", ""])
      .default("true")
      .transform((v) => v !== "false"),
    TRUST_PROXY: z
      .enum(["true", "false", ""])
      .default("false")
      .transform((v) => v === "true"),
    LOGIN_MAX_FAILURES: positiveInt(5),
    LOGIN_WINDOW_MINUTES: positiveInt(15),
    CHAT_MESSAGES_PER_MINUTE: positiveInt(20),
    CONTACT_MESSAGES_PER_HOUR: positiveInt(5),
    ORDERS_PER_HOUR: positiveInt(10),
    CHAT_MAX_MESSAGE_CHARS: positiveInt(DEFAULT_CHAT_MAX_MESSAGE_CHARS),
    MAX_IMAGE_BYTES: positiveInt(5 * 1024 * 1024),
    MAX_VOICE_BYTES: positiveInt(10 * 1024 * 1024),
    SESSION_MAX_AGE_HOURS: positiveInt(12),
    // Rendered public pages kept in memory, with their compressed forms; 0 turns the cache off.
    PAGE_CACHE_MB: z.coerce.number().int().min(0).default(32),
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
  });

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string; DATA_DIR: string };

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

function persistedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
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
    SESSION_SECRET: parsed.SESSION_SECRET ?? persistedSessionSecret(dataDir),
  };
}

const globalEnv = globalThis as typeof globalThis & { __appEnv?: Env };

/** The validated configuration; loaded once, on first use (start-up calls it first). */
export function getEnv(): Env {
  globalEnv.__appEnv ??= loadEnv();
  return globalEnv.__appEnv;
}
