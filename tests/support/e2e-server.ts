// Playwright's web server: a throwaway PostgreSQL, then the built app on it, started the way
// production starts it (node build/server/main.js). Tests read the database URL from E2E_STATE_FILE to
// check what the app stored. Stops both on SIGTERM or SIGINT.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import postgres from "postgres";

import { startPayPalStandIn } from "./paypal-stand-in";
import { startPostgres } from "./postgres-server";
import { startStripeStandIn } from "./stripe-stand-in";

const port = process.env.E2E_PORT;
const stateFile = process.env.E2E_STATE_FILE;
if (!port || !stateFile) throw new Error("E2E_PORT and E2E_STATE_FILE must be set (playwright.config.ts does).");

const pg = await startPostgres();
// Stripe for tests/e2e/payments.spec.ts: the app's STRIPE_API_URL, serving the hosted checkout too.
const stripe = await startStripeStandIn();
// Its Pay button tells the app by a signed event, as Stripe does; the specs save this secret.
const stripeWebhookSecret = "whsec_e2e_stand_in";
stripe.webhook = { url: `http://127.0.0.1:${port}/webhooks/stripe`, secret: stripeWebhookSecret };
// PayPal for the same spec: the app's PAYPAL_API_URL, serving the approve page too.
const paypal = await startPayPalStandIn();
const admin = postgres(pg.url(), { max: 1, onnotice: () => {} });
await admin.unsafe("create database e2e");
await admin.end();
const databaseUrl = pg.url("e2e");
const dataDir = mkdtempSync(path.join(tmpdir(), "agency-e2e-"));
mkdirSync(path.dirname(stateFile), { recursive: true });
writeFileSync(
  stateFile,
  JSON.stringify({
    databaseUrl,
    dataDir,
    stripeUrl: stripe.url,
    stripeWebhookSecret,
    paypalWebhookId: paypal.webhookId,
  }),
);

const app = spawn(process.execPath, ["build/server/main.js"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...process.env,
    // npm run test:coverage: the app's coverage, written when it exits.
    ...(process.env.APP_V8_COVERAGE ? { NODE_V8_COVERAGE: process.env.APP_V8_COVERAGE } : {}),
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: port,
    // The canonical URLs, the sitemap and robots.txt the SEO specs check need the public address.
    SITE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
    SECRETS_KEY: "e2e-secrets-key-0123456789abcdef-0123",
    ADMIN_USERNAME: process.env.E2E_ADMIN_USERNAME ?? "owner",
    ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? "owner-password-123",
    // The specs' webhooks listen on 127.0.0.1.
    ALLOW_PRIVATE_WEBHOOK_URLS: "true",
    // Many tests share one address; the limits themselves are tested directly.
    CONTACT_MESSAGES_PER_HOUR: "10000",
    ORDERS_PER_HOUR: "10000",
    PAYMENTS_PER_HOUR: "10000",
    CHAT_MESSAGES_PER_MINUTE: "10000",
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: "10000",
    // Every spec's chat webhook is active at once, and a message the specs make every webhook
    // refuse ("[offline]", chat.spec.ts) counts a failure against each: three such messages would
    // take them all out of the fan-out for a minute, under other specs' messages. The breaker is
    // tested on its own (app/lib/circuit-breaker.test.ts, tests/integration/chat-fan-out.test.ts).
    WEBHOOK_BREAKER_FAILURES: "10000",
    // admin-webhooks.spec.ts waits for a Test to time out: 2 seconds, not the spec's 30.
    WEBHOOK_TEST_TIMEOUT_SECONDS: "2",
    // The specs arrange rows straight in the database and load a page at once: the page cache
    // hears of such a write by NOTIFY a few milliseconds later, a race a loaded CI machine loses.
    // The cache is proven over HTTP by tests/production/page-cache.test.ts instead.
    PAGE_CACHE_MB: "0",
    // admin-content.spec.ts fills every integration field for a moment: an order placed meanwhile
    // is synced to Airtable, which must not be the real one (nothing listens on port 9).
    AIRTABLE_API_URL: "http://127.0.0.1:9",
    STRIPE_API_URL: stripe.url,
    PAYPAL_API_URL: paypal.url,
  },
});

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  app.kill("SIGTERM");
  const finish = () => {
    void stripe.close();
    void paypal.close();
    pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(stateFile!, { force: true });
    process.exit(code);
  };
  if (app.exitCode !== null) finish();
  else app.once("exit", finish);
  setTimeout(finish, 8000).unref();
}
app.on("exit", (code) => {
  if (!stopping) stop(code ?? 1);
});
process.on("SIGTERM", () => stop(0));
process.on("SIGINT", () => stop(0));
