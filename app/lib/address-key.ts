import { isIPv6 } from "node:net";

// The part of a visitor's address that limits count by. One IPv6 subscriber gets a whole /64 and
// can use a new address for every request, so IPv6 addresses count by their first 64 bits; an
// IPv4 address written as IPv6 (::ffff:192.0.2.1, as Node reports dual-stack sockets) is IPv4.

/** The 16-bit groups of a part of an IPv6 address; a dotted IPv4 ending stands for two. */
function groupsOf(part: string | undefined): number[] {
  if (!part) return [];
  return part.split(":").flatMap((piece) => {
    if (!piece.includes(".")) return [parseInt(piece, 16)];
    const [a, b, c, d] = piece.split(".").map(Number);
    return [(a << 8) | b, (c << 8) | d];
  });
}

/** The eight 16-bit groups of an IPv6 address, or null for anything else. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  const [head, tail] = address.split("::");
  const left = groupsOf(head);
  const right = groupsOf(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

export function rateLimitAddress(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const hex = (group: number) => group.toString(16);
  // ::ffff:a.b.c.d: an IPv4 client on a dual-stack socket.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return `${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`;
  }
  return `${groups.slice(0, 4).map(hex).join(":")}::/64`;
}
