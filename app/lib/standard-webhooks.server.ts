import { createHmac, randomBytes } from "node:crypto";

// Signing as the Standard Webhooks specification has it (https://www.standardwebhooks.com): the
// receiver's libraries (and the Code node in examples/n8n/) check these headers.

const SECRET_PREFIX = "whsec_";

/** A new signing secret: `whsec_` and the base64 of 24 random bytes. */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString("base64");
}

/** The v1 signature of one message: HMAC-SHA256 keyed with the secret's decoded bytes. */
export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  const mac = createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${mac}`;
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
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": secrets.map((secret) => signature(secret, id, timestampSeconds, body)).join(" "),
  };
}
