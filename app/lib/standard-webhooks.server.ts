import { randomBytes } from "node:crypto";

import { Webhook } from "standardwebhooks";

// Signing by the Standard Webhooks reference implementation (https://www.standardwebhooks.com):
// the receiver's libraries (and the Code node in examples/n8n/) check these headers.

/** A new signing secret: `whsec_` and the base64 of 24 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/**
 * The three headers of a delivery; with several secrets (a rotation's old and new), one signature
 * each, space-separated, so a receiver holding either accepts it.
 */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  const timestamp = new Date(timestampSeconds * 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body)).join(" "),
  };
}
