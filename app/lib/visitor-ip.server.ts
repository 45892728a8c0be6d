import { isIP } from "node:net";

import type { WebhookIpMode } from "./domain";

// What the chat webhooks receive as the visitor's address.
// "unknown" is the spec's value, kept for "none" so existing n8n flows read the same field.
export const UNKNOWN_IP = "unknown";

/** The address's network: IPv4 to its /24, IPv6 to its /48, the rest zeroed. */
export function truncateIp(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1] : address;
  const version = isIP(ip);
  if (version === 4) return `${ip.split(".").slice(0, 3).join(".")}.0`;
  if (version === 6) return `${expandIpv6(ip).slice(0, 3).join(":")}::`;
  return UNKNOWN_IP;
}

/** The eight groups of an IPv6 address, without leading zeros. */
function expandIpv6(ip: string): string[] {
  const [head, tail] = ip.split("::");
  const part = (text: string | undefined) => (text ? text.split(":") : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return groups.map((group) => parseInt(group, 16).toString(16));
}

export function webhookIp(address: string | null | undefined, mode: WebhookIpMode): string {
  if (!address || mode === "none") return UNKNOWN_IP;
  if (mode === "truncated") return truncateIp(address);
  return isIP(address) ? address : UNKNOWN_IP;
}
