import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

export type AddressVerdict = 'allowed' | 'not-public' | 'metadata' | 'invalid';
type Judged = Exclude<AddressVerdict, 'invalid'>;
type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Cloud metadata services: refused even with WEBHOOK_ALLOW_PRIVATE, as they hand out the host's credentials. */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254'].map((address) => ipaddr.parse(address).toNormalizedString()));

/** IANA assigns global unicast IPv6 only from 2000::/3; ipaddr.js calls every address it has no name for "unicast". */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
/** The well-known NAT64 prefix is only ever a /96 (RFC 6052); ipaddr.js puts it in one range with local-use 64:ff9b:1::/48. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
/** IPv4-compatible addresses (RFC 4291, deprecated), which ipaddr.js does not name. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
/**
 * Where a network-specific NAT64 prefix inside 64:ff9b:1::/48 (RFC 8215) puts the IPv4 address
 * depends on that prefix's length, which only the network's operator knows (RFC 6052 §2.2: /48, /56,
 * /64 or /96, skipping bits 64–71): every layout is read.
 */
const LOCAL_USE_NAT64_PREFIX_LENGTHS = [48, 56, 64, 96];

const ipv4At = (bytes: readonly number[], indices: readonly number[]): ipaddr.IPv4 =>
  new ipaddr.IPv4(indices.map((index) => bytes[index]!));

/** The four byte positions that follow a prefix of this length, where RFC 6052 puts the IPv4 address (byte 8 is always skipped). */
const rfc6052Layout = (prefixLength: number): number[] =>
  Array.from({ length: 5 }, (_, i) => prefixLength / 8 + i)
    .filter((index) => index !== 8)
    .slice(0, 4);

interface Carried {
  ipv4: ipaddr.IPv4[];
  /** Not public whatever it carries (local-use NAT64 reaches the operator's own IPv4 networks). */
  localUse: boolean;
}

/**
 * The IPv4 addresses an IPv6 address carries to: a translator (SIIT, NAT64), a tunnel (6to4,
 * Teredo) or the host's own IPv4 stack (mapped, compatible) would deliver there, so they are judged.
 */
const carriedIPv4 = (address: ipaddr.IPv6): Carried | undefined => {
  const bytes = address.toByteArray();
  const last32 = { ipv4: [ipv4At(bytes, [12, 13, 14, 15])], localUse: false };
  switch (address.range()) {
    case 'ipv4Mapped':
      return { ipv4: [address.toIPv4Address()], localUse: false };
    case 'rfc6145': // IPv4-translated, ::ffff:0:a.b.c.d (RFC 2765, SIIT)
      return last32;
    case 'rfc6052':
      if (address.match(NAT64_WELL_KNOWN)) return last32;
      return { ipv4: LOCAL_USE_NAT64_PREFIX_LENGTHS.map((length) => ipv4At(bytes, rfc6052Layout(length))), localUse: true };
    case '6to4': // 2002:AABB:CCDD::/48 (RFC 3056)
      return { ipv4: [ipv4At(bytes, [2, 3, 4, 5])], localUse: false };
    case 'teredo': // 2001:0:<server>:<flags>:<port>:<client XOR ffff:ffff> (RFC 4380)
      return {
        ipv4: [
          ipv4At(bytes, [4, 5, 6, 7]),
          ipv4At(
            bytes.map((byte) => byte ^ 0xff),
            [12, 13, 14, 15],
          ),
        ],
        localUse: false,
      };
    case 'unicast':
      return address.match(IPV4_COMPATIBLE) ? last32 : undefined;
    default:
      return undefined;
  }
};

const STRICTNESS: Judged[] = ['allowed', 'not-public', 'metadata'];
const strictest = (verdicts: Judged[]): Judged => verdicts.reduce((a, b) => (STRICTNESS.indexOf(a) >= STRICTNESS.indexOf(b) ? a : b));

const isPublic = (address: Address): boolean =>
  address.range() === 'unicast' && (address instanceof ipaddr.IPv4 || address.match(GLOBAL_UNICAST));

const verdictOf = (address: Address, allowPrivate: boolean): Judged => {
  if (METADATA.has(address.toNormalizedString())) return 'metadata';
  const carried = address instanceof ipaddr.IPv6 ? carriedIPv4(address) : undefined;
  if (carried)
    return strictest([
      carried.localUse && !allowPrivate ? 'not-public' : 'allowed',
      ...carried.ipv4.map((ipv4) => verdictOf(ipv4, allowPrivate)),
    ]);
  return allowPrivate || isPublic(address) ? 'allowed' : 'not-public';
};

/**
 * Whether a webhook may be delivered to this resolved address. Private, loopback, link-local,
 * CGNAT, unique-local, multicast, reserved and unspecified ranges (ipaddr.js's classification) are
 * refused unless `allowPrivate` (WEBHOOK_ALLOW_PRIVATE); metadata services always. An IPv6 address
 * that carries IPv4 ones is never judged more leniently than they are.
 */
export const webhookAddressVerdict = (address: string, allowPrivate: boolean): AddressVerdict => {
  if (!isIP(address)) return 'invalid';
  // A zone id names an interface, not another address; ipaddr.js accepts fewer zone ids than Node does.
  const bare = address.replace(/%.*$/, '');
  return ipaddr.isValid(bare) ? verdictOf(ipaddr.parse(bare), allowPrivate) : 'invalid';
};
