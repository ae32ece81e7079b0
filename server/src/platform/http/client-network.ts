/**
 * The network a caller's address stands for when counting failures: an IPv4 address itself, an
 * IPv6 address's /64 (one home or server connection holds 2^64 addresses, so counting each
 * address alone would let a caller start afresh with every guess).
 */
import { isIPv6 } from 'node:net';

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`): the IPv4 address. */
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** `address` as counted: IPv4 as it is, IPv6 as its /64 (`2001:db8:0:4::/64`). */
export function clientNetwork(address: string): string {
  const ip = address.replace(/%.*$/, '');
  if (!isIPv6(ip)) return address;
  const mapped = MAPPED_IPV4.exec(ip);
  if (mapped) return mapped[1]!;
  // A trailing IPv4 part is the last 32 bits: two groups, outside the /64 either way.
  const groupsOf = (part: string) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const [head = '', tail] = ip.split('::');
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  const prefix = groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
