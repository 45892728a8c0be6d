import type { IncomingMessage, ServerResponse } from "node:http";

import { repeatedRefusalText } from "~/copy/repeated-refusal";
import { log } from "~/lib/log.server";
import { repeatedRefusal } from "~/services/repeated-refusals.server";

import { clientIp } from "./client-ip";

/**
 * A post to a limited form from an address this instance has refused there again and again is a
 * script's (docs/decisions/029-repeated-refusals.md): server/main.ts answers it here, with one plain
 * line and Retry-After, before Express or anything else costs a thing. False for any other request.
 */
export function refuseRepeatedPost(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "POST") return false;
  const arrivedAt = performance.now();
  const url = req.url ?? "/";
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const ip = clientIp(req);
  const retryAfterSeconds = repeatedRefusal(path, ip);
  if (retryAfterSeconds === null) return false;
  const text = repeatedRefusalText(Math.ceil(retryAfterSeconds / 60));
  res
    .writeHead(429, {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": Buffer.byteLength(text),
      "Retry-After": String(retryAfterSeconds),
      "Cache-Control": "no-store",
    })
    .end(text);
  log.request({ method: "POST", path, status: 429, ms: Math.round((performance.now() - arrivedAt) * 10) / 10, ip });
  return true;
}
