import type { AppLoadContext } from "react-router";

/** The visitor's address as the server saw it (Fly-Client-IP on Fly.io); for rate-limit keys. */
export function clientIp(context: AppLoadContext | undefined): string {
  return context?.clientIp || "unknown";
}
