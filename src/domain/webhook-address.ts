import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Cloud metadata services: refused even with WEBHOOK_ALLOW_PRIVATE, as they hand out the host's credentials. */
const METADATA = new BlockList();
METADATA.addAddress('169.254.169.254', 'ipv4');
METADATA.addAddress('fd00:ec2::254', 'ipv6');

/** Addresses that are not on the public Internet: a webhook pointed there would let an account probe our network (SSRF). */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 can tunnel to any IPv4 address
  ['fc00::', 7], // unique-local (fd00:ec2::254 among them)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (IPv4-mapped, ::ffff:a.b.c.d, or NAT64, 64:ff9b::a.b.c.d), if any. */
const embeddedIPv4 = (address: string): string | undefined => {
  const lower = address.toLowerCase();
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(lower);
  if (!match) return undefined;
  if (match[1]) return match[1];
  const high = parseInt(match[2]!, 16);
  const low = parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
};

export type AddressVerdict = 'allowed' | 'not-public' | 'metadata' | 'invalid';

/**
 * Whether a webhook may be delivered to this resolved address. Private, loopback, link-local,
 * CGNAT, unique-local, multicast and unspecified ranges are refused unless `allowPrivate`
 * (WEBHOOK_ALLOW_PRIVATE); metadata services always.
 */
export const webhookAddressVerdict = (address: string, allowPrivate: boolean): AddressVerdict => {
  const v4 = isIPv4(address) ? address : isIPv6(address) ? embeddedIPv4(address) : undefined;
  if (v4 !== undefined) {
    if (METADATA.check(v4, 'ipv4')) return 'metadata';
    return allowPrivate || !NOT_PUBLIC.check(v4, 'ipv4') ? 'allowed' : 'not-public';
  }
  if (!isIPv6(address)) return 'invalid';
  if (METADATA.check(address, 'ipv6')) return 'metadata';
  return allowPrivate || !NOT_PUBLIC.check(address, 'ipv6') ? 'allowed' : 'not-public';
};
