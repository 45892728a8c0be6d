import { createHash } from "node:crypto";

import { describe, expect, it, vi } from "vitest";

import * as env from "./env.server";
import { contentSecurityPolicy, inlineScriptHashes } from "./security-headers.server";

const sha = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script once, skipping scripts with src and data blocks", () => {
    const html = [
      "<script>window.a = 1;</script>",
      '<script type="module" async="">import("/assets/x.js");</script>',
      '<script src="/assets/y.js"></script>',
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      "<script>window.a = 1;</script>",
    ].join("\n");
    expect(inlineScriptHashes(html)).toEqual([sha("window.a = 1;"), sha('import("/assets/x.js");')]);
  });
});

describe("contentSecurityPolicy", () => {
  it("trusts a nonce, or the hashes, and never plain inline scripts in a modern browser", () => {
    expect(contentSecurityPolicy({ nonce: "abc" })).toMatch(/^script-src 'nonce-abc' 'strict-dynamic' /);
    const policy = contentSecurityPolicy({ hashes: ["sha256-x", "sha256-y"] });
    expect(policy).toMatch(/^script-src 'sha256-x' 'sha256-y' 'strict-dynamic' 'unsafe-inline' https:;/);
    expect(policy).toContain("object-src 'none'");
  });

  it("lets everything else come from the site itself, images from https: too", () => {
    const policy = contentSecurityPolicy({ nonce: "abc" });
    expect(policy).toContain("; default-src 'self';");
    expect(policy).toContain("; connect-src 'self';");
    expect(policy).toContain("; img-src 'self' data: blob: https:;");
    expect(policy).toContain("; frame-src 'self';");
  });

  it("lets Pay now, Pay with PayPal and Manage billing lead to the providers' hosted pages, or to stand-ins'", () => {
    expect(contentSecurityPolicy({ nonce: "abc" })).toContain(
      "; form-action 'self' https://checkout.stripe.com https://billing.stripe.com https://www.paypal.com https://www.sandbox.paypal.com;",
    );
    const spy = vi.spyOn(env, "getEnv").mockReturnValue({
      ...env.getEnv(),
      STRIPE_API_URL: "http://127.0.0.1:4242",
      PAYPAL_API_URL: "http://127.0.0.1:4343",
    });
    try {
      expect(contentSecurityPolicy({ nonce: "abc" })).toContain(
        "; form-action 'self' http://127.0.0.1:4242 http://127.0.0.1:4343;",
      );
    } finally {
      spy.mockRestore();
    }
  });
});
