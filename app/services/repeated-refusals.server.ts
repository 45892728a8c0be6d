import { refusedRepeatedly } from "~/models/rate-limits.server";

import { loginAddressKey } from "./login-limiter.server";
import { FORM_LIMIT_KEYS, formLimitKey } from "./public-form.server";

// A post to a limited form from an address this instance has refused there again and again is a
// script's: server/app.ts answers it before React Router renders anything, so a flood of them
// costs the pages nothing (docs/decisions/029-repeated-refusals.md).

/** The counter each limited form's posts from an address count against, by the path they post to. */
const LIMITED_POSTS = new Map<string, (ip: string) => string>([
  ["/order", (ip) => formLimitKey(FORM_LIMIT_KEYS.order, ip)],
  ["/", (ip) => formLimitKey(FORM_LIMIT_KEYS.contact, ip)],
  ["/chat/email", (ip) => formLimitKey(FORM_LIMIT_KEYS.contact, ip)],
  ["/admin/login", loginAddressKey],
]);

/** The route a path posts to: a post with JavaScript goes to its data URL (/order.data, /_root.data for /). */
function routePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** Seconds until the address may post to `pathname` again, if it has been refused there repeatedly; else null. */
export function repeatedRefusal(pathname: string, ip: string): number | null {
  const key = LIMITED_POSTS.get(routePath(pathname));
  return key ? refusedRepeatedly(key(ip)) : null;
}
