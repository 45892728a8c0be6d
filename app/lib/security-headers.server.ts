import { createHash } from "node:crypto";

import { getEnv } from "./env.server";

/** In development, Vite's own inline scripts would need a policy of their own. */
export function enforcesContentSecurityPolicy(): boolean {
  return getEnv().NODE_ENV === "production";
}

/** The headers every page carries, whoever answers (server/app.ts, or the page cache). */
export function securityHeaders(): Record<string, string> {
  const env = getEnv();
  const https = env.SITE_URL?.startsWith("https:") || Boolean(process.env.FLY_APP_NAME);
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Permissions-Policy": "camera=(), geolocation=(), payment=()",
    ...(env.NODE_ENV === "production" && https
      ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }
      : {}),
  };
}

/**
 * A static file's headers (server/main.ts): a page's, and a policy of its own that lets nothing run
 * should a file be opened as a document (an SVG can hold scripts).
 */
export function staticFileHeaders(): Record<string, string> {
  return {
    ...securityHeaders(),
    "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
  };
}

const STRIPE_DEFAULT_API = "https://api.stripe.com";

export type ScriptSources = { nonce: string } | { hashes: string[] };

/**
 * Our scripts run, injected markup does not: either every script tag carries this response's
 * nonce, or (a cached page, which many visitors share) the policy lists the hash of each inline
 * script. 'strict-dynamic' lets those scripts load the bundle and the admin's embeds; 'unsafe-inline'
 * and https: only apply to old browsers that ignore nonces, hashes and strict-dynamic.
 *
 * Everything else comes from the site itself, except:
 * - images from any https address: the logo, favicon and founder photo are addresses the admin types;
 * - chat images and voice notes as blob: (the widget's preview) and data: URLs (older messages),
 *   and voice notes from Supabase Storage when it holds the uploads;
 * - inline styles (the theme and the admin's custom CSS are <style> elements, and a cached page has no nonce);
 * - CSP_EMBED_HOSTS, where the admin's voice-agent embed loads from, connects to and frames.
 */
export function contentSecurityPolicy(sources: ScriptSources): string {
  const trusted = "nonce" in sources ? [`'nonce-${sources.nonce}'`] : sources.hashes.map((hash) => `'${hash}'`);
  const { CSP_EMBED_HOSTS: embeds, SUPABASE_URL, STRIPE_API_URL, PAYPAL_API_URL } = getEnv();
  const storage = SUPABASE_URL ? [new URL(SUPABASE_URL).origin] : [];
  // "Pay now" and "Manage billing" post to the site and are redirected to Stripe's hosted pages,
  // which form-action must allow; a stand-in at STRIPE_API_URL (tests) serves them itself.
  const stripeApi = new URL(STRIPE_API_URL).origin;
  const stripePages =
    stripeApi === STRIPE_DEFAULT_API ? ["https://checkout.stripe.com", "https://billing.stripe.com"] : [stripeApi];
  // "Pay with PayPal" likewise, to PayPal's approve page: live or sandbox (a setting, not the env).
  const paypalPages = PAYPAL_API_URL
    ? [new URL(PAYPAL_API_URL).origin]
    : ["https://www.paypal.com", "https://www.sandbox.paypal.com"];
  const directive = (name: string, ...values: string[]) => [name, ...values].join(" ");
  return [
    directive("script-src", ...trusted, "'strict-dynamic'", "'unsafe-inline'", "https:"),
    directive("default-src", "'self'"),
    directive("connect-src", "'self'", ...embeds),
    directive("img-src", "'self'", "data:", "blob:", "https:", ...storage),
    directive("media-src", "'self'", "data:", "blob:", ...storage, ...embeds),
    directive("style-src", "'self'", "'unsafe-inline'", ...embeds),
    directive("font-src", "'self'", "data:", ...embeds),
    directive("frame-src", "'self'", ...embeds),
    "object-src 'none'",
    "base-uri 'self'",
    directive("form-action", "'self'", ...stripePages, ...paypalPages),
    "frame-ancestors 'self'",
  ].join("; ");
}

// Data blocks such as JSON-LD never run, so the policy need not (and cannot usefully) list them.
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_BLOCK = /\btype=["']?application\/(?:ld\+)?json/i;

/** The CSP hash source of every inline script in a rendered page, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (DATA_BLOCK.test(attributes)) continue;
    hashes.add(`sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
  }
  return [...hashes];
}
