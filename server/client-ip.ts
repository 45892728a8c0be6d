import type { IncomingMessage } from "node:http";

import { getEnv } from "~/lib/env.server";

let behindFly: boolean | undefined;

/**
 * The visitor's address, for rate limits and logs. Fly's proxy sets Fly-Client-IP and overwrites
 * any value a visitor sent. With TRUST_PROXY, one hop is trusted: the address our proxy appended
 * to X-Forwarded-For counts, not what a visitor put further left.
 */
export function clientIp(req: IncomingMessage): string {
  // Read once: process.env is slow to read, and this runs on every request.
  behindFly ??= Boolean(process.env.FLY_APP_NAME);
  const flyIp = behindFly ? req.headers["fly-client-ip"] : undefined;
  if (typeof flyIp === "string" && flyIp) return flyIp;
  const forwarded = getEnv().TRUST_PROXY ? req.headers["x-forwarded-for"] : undefined;
  const lastHop = forwarded
    ? String(forwarded)
        .slice(String(forwarded).lastIndexOf(",") + 1)
        .trim()
    : "";
  return lastHop || req.socket.remoteAddress || "unknown";
}
