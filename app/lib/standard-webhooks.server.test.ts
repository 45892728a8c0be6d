import { createHmac } from "node:crypto";

import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";

import { newSigningSecret, signedHeaders } from "./standard-webhooks.server";

// The signature written out from the specification with node:crypto: what the deliveries carried
// before the reference implementation signed them.
const hmacSignature = (secret: string, id: string, seconds: number, body: string) =>
  `v1,${createHmac("sha256", Buffer.from(secret.slice("whsec_".length), "base64"))
    .update(`${id}.${seconds}.${body}`)
    .digest("base64")}`;

describe("Standard Webhooks signing", () => {
  it("signs the specification's example as it gives the signature", () => {
    const headers = signedHeaders(
      ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"],
      "msg_p5jXN8AQM9LWM0D4loKWxJek",
      1614265330,
      '{"test": 2432232314}',
    );
    expect(headers).toEqual({
      "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
      "webhook-timestamp": "1614265330",
      "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    });
  });

  it("signs with every secret of a rotation, each signature as before, each one a receiver accepts", () => {
    const secrets = [newSigningSecret(), newSigningSecret()];
    const body = JSON.stringify({ type: "order.created", data: { note: 'naïve "quotes" ✓' } });
    const seconds = Math.floor(Date.now() / 1000);
    const headers = signedHeaders(secrets, "evt_1", seconds, body);
    expect(headers["webhook-signature"]).toBe(secrets.map((s) => hmacSignature(s, "evt_1", seconds, body)).join(" "));
    for (const secret of secrets) expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("makes secrets of 24 random bytes after the prefix", () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(24);
    expect(newSigningSecret()).not.toBe(secret);
  });
});
