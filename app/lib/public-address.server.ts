import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";

// Addresses a webhook may not reach: an admin's webhook URL
// must not make the server read its own or its network's services. Node's BlockList does the
// range matching, and also matches IPv4-mapped IPv6 (::ffff:127.0.0.1) against the IPv4 ranges.
// The spellings (127.1, 2130706433, 0x7f.1, 0177.0.0.1, [::ffff:127.0.0.1]) are normalised by the
// WHATWG URL parser before they get here, and names by the resolver.
const BLOCKED = new BlockList();
const BLOCKED_IPV4: [string, number][] = [
  ["0.0.0.0", 8], // "this network", 0.0.0.0 included
  ["10.0.0.0", 8], // RFC 1918
  ["100.64.0.0", 10], // CGNAT (and Alibaba's metadata 100.100.100.200)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata 169.254.169.254
  ["172.16.0.0", 12], // RFC 1918
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16], // RFC 1918
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, 255.255.255.255 broadcast included
];
const BLOCKED_IPV6: [string, number][] = [
  ["::", 96], // unspecified, loopback and the IPv4-compatible forms
  ["::ffff:0:0:0", 96], // IPv4-translated (SIIT)
  ["64:ff9b::", 96], // NAT64: would reach any IPv4 address, private ones too
  ["64:ff9b:1::", 48], // local-use NAT64
  ["fc00::", 7], // unique-local, AWS metadata fd00:ec2::254 included
  ["fe80::", 10], // link-local
  ["fec0::", 10], // deprecated site-local
  ["ff00::", 8], // multicast
];
for (const [network, prefix] of BLOCKED_IPV4) BLOCKED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of BLOCKED_IPV6) BLOCKED.addSubnet(network, prefix, "ipv6");

export class BlockedAddressError extends Error {
  name = "BlockedAddressError";
}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** Whether `address` (an IP literal) is loopback, private, link-local, CGNAT, unique-local, multicast... */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) throw new TypeError(`not an IP address: ${address}`);
  return BLOCKED.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * The address to connect to for `hostname` (a URL's hostname: IPv6 in brackets, IPv4 already in
 * its dotted form). Every address the name resolves to must be public, unless `allowPrivate`:
 * one private answer among public ones is how a rebinding name would slip through.
 */
export async function checkedAddress(hostname: string, options: { allowPrivate: boolean }): Promise<CheckedAddress> {
  const host = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  const literal = isIP(host);
  const addresses =
    literal === 0 ? await lookup(host, { all: true, verbatim: true }) : [{ address: host, family: literal as 4 | 6 }];
  if (addresses.length === 0) throw new BlockedAddressError(`${hostname} does not resolve to an address`);
  if (!options.allowPrivate) {
    const blocked = addresses.find(({ address }) => isPrivateAddress(address));
    if (blocked) {
      const resolved = literal === 0 ? ` (resolves to ${blocked.address})` : "";
      throw new BlockedAddressError(`${hostname}${resolved} is a private or local address; webhooks must be public`);
    }
  }
  const [first] = addresses;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * A `lookup` for http.request that answers with the address already checked, so the connection
 * goes where the check looked, even if the name resolves elsewhere a moment later (DNS rebinding).
 */
export function pinnedLookup(checked: CheckedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [checked]);
    else callback(null, checked.address, checked.family);
  };
}
