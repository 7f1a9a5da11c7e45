import fc from 'fast-check';
import assert from 'node:assert/strict';
import { isIPv6 } from 'node:net';
import { describe, it } from 'node:test';
import { webhookAddressVerdict, type AddressVerdict } from '../../../src/domain/webhook-address.js';

describe('webhookAddressVerdict', () => {
  it('allows public IPv4 and IPv6 addresses, also carried in IPv4-mapped, translated, compatible, NAT64, 6to4 and Teredo forms', () => {
    for (const address of [
      '93.184.215.14',
      '8.8.8.8',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '::ffff:0:808:808',
      '::8.8.8.8',
      '64:ff9b::8.8.8.8',
      '2002:808:808::1',
      '2001:0:808:808::f7f7:f7f7',
    ])
      assert.equal(webhookAddressVerdict(address, false), 'allowed', address);
  });

  it('refuses private, loopback, link-local, CGNAT, unique-local, multicast and unspecified ranges, also inside IPv6', () => {
    for (const address of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '127.0.0.1',
      '169.254.10.10',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fe80::1',
      'fe80::1%eth0',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '::ffff:0:7f00:1',
      '::127.0.0.1',
      '::7f00:1',
      '64:ff9b::a00:1',
      '64:ff9b:1::7f00:1',
      '64:ff9b:1::808:808',
      '64:ff9b:1:808:8:808:808:808', // 8.8.8.8 in every RFC 6052 layout: refused as local-use, not for what it carries
      '2002:7f00:1::',
      '2001:0:808:808::80ff:fffe',
      '2001:0:a00:1::f7f7:f7f7',
      '4000::1',
    ]) {
      assert.equal(webhookAddressVerdict(address, false), 'not-public', address);
      assert.equal(webhookAddressVerdict(address, true), 'allowed', address);
    }
  });

  it('refuses cloud metadata addresses even with WEBHOOK_ALLOW_PRIVATE, also carried inside IPv6 forms', () => {
    for (const address of [
      '169.254.169.254',
      'fd00:ec2::254',
      '::ffff:169.254.169.254',
      '::ffff:0:a9fe:a9fe',
      '::169.254.169.254',
      '64:ff9b::169.254.169.254',
      '64:ff9b:1::a9fe:a9fe',
      '64:ff9b:1:a9fe:a9:fe00::',
      '2002:a9fe:a9fe::1',
      '2001:0:808:808::5601:5601',
      '2001:0:a9fe:a9fe::f7f7:f7f7',
    ]) {
      assert.equal(webhookAddressVerdict(address, true), 'metadata', address);
      assert.equal(webhookAddressVerdict(address, false), 'metadata', address);
    }
  });

  it('answers invalid for what is not an address', () => {
    for (const address of ['example.com', '127.1', '0x7f.0.0.1', '::ffff:0x7f.0.0.1', '1:2:3:4:5:6:7::8'])
      assert.equal(webhookAddressVerdict(address, true), 'invalid', address);
  });
});

const octet = fc.integer({ min: 0, max: 255 });
/** IPv4 addresses, often inside the ranges the check refuses (any octets rarely land there). */
const ipv4 = fc.oneof<fc.Arbitrary<number[]>[]>(
  fc.array(octet, { minLength: 4, maxLength: 4 }),
  fc
    .tuple(
      fc.constantFrom([0], [10], [127], [224], [240], [255], [100, 64], [169, 254], [172, 16], [192, 168], [192, 0, 2], [198, 18]),
      fc.array(octet, { minLength: 4, maxLength: 4 }),
    )
    .map(([prefix, rest]) => [...prefix, ...rest].slice(0, 4)),
  fc.constant<number[]>([169, 254, 169, 254]),
);

type Form = (ipv4: number[], filler: number[]) => number[];
const zeros = (count: number) => Array<number>(count).fill(0);
/** RFC 6052 §2.2: the IPv4 address follows the prefix, skipping byte 8. */
const localUseNat64 =
  (prefixLength: number): Form =>
  (v4, filler) => {
    const bytes = [0, 0x64, 0xff, 0x9b, 0, 1, ...filler.slice(0, 10)];
    const at = [0, 1, 2, 3, 4].map((i) => prefixLength / 8 + i).filter((index) => index !== 8);
    at.slice(0, 4).forEach((index, i) => (bytes[index] = v4[i]!));
    bytes[8] = 0;
    return bytes;
  };

/** The forms judged by the IPv4 address alone: the verdict is exactly the IPv4's. */
const EXACT_FORMS: Record<string, Form> = {
  'IPv4-mapped': (v4) => [...zeros(10), 0xff, 0xff, ...v4],
  'IPv4-translated': (v4) => [...zeros(8), 0xff, 0xff, 0, 0, ...v4],
  'IPv4-compatible': (v4) => [...zeros(12), ...v4],
  NAT64: (v4) => [0, 0x64, 0xff, 0x9b, ...zeros(8), ...v4],
  '6to4': (v4, filler) => [0x20, 0x02, ...v4, ...filler.slice(0, 10)],
};
const FORMS: Record<string, Form> = {
  ...EXACT_FORMS,
  'local-use NAT64 /48': localUseNat64(48),
  'local-use NAT64 /56': localUseNat64(56),
  'local-use NAT64 /64': localUseNat64(64),
  'local-use NAT64 /96': localUseNat64(96),
  'Teredo client': (v4, filler) => [0x20, 0x01, 0, 0, ...filler.slice(0, 8), ...v4.map((byte) => byte ^ 0xff)],
  'Teredo server': (v4, filler) => [0x20, 0x01, 0, 0, ...v4, ...filler.slice(0, 8)],
};

interface Spelling {
  /** Which run of zero groups `::` replaces, if any (an index into every possible run, modulo their count). */
  compress: number | null;
  dottedTail: boolean;
  padded: boolean[];
  upper: boolean;
  zone: string | null;
}
const spelling: fc.Arbitrary<Spelling> = fc.record({
  compress: fc.option(fc.nat(), { nil: null }),
  dottedTail: fc.boolean(),
  padded: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  upper: fc.boolean(),
  zone: fc.option(fc.constantFrom('%eth0', '%1', '%en0.100', '%Wi-Fi'), { nil: null }),
});

/** One of the many valid ways to write these 16 bytes as IPv6 text. */
const spell = (bytes: number[], how: Spelling): string => {
  const groups = Array.from({ length: 8 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!);
  const hexCount = how.dottedTail ? 6 : 8;
  const tokens = groups.slice(0, hexCount).map((group, i) => group.toString(16).padStart(how.padded[i] ? 4 : 1, '0'));
  const runs: [number, number][] = [];
  for (let start = 0; start < hexCount; start++)
    for (let end = start + 1; end <= hexCount && groups[end - 1] === 0; end++) runs.push([start, end]);
  let text = tokens.join(':');
  if (how.compress !== null && runs.length) {
    const [start, end] = runs[how.compress % runs.length]!;
    text = `${tokens.slice(0, start).join(':')}::${tokens.slice(end).join(':')}`;
  }
  if (how.dottedTail) text += `${text.endsWith('::') ? '' : ':'}${bytes.slice(12).join('.')}`;
  return (how.upper ? text.toUpperCase() : text) + (how.zone ?? '');
};

const STRICTNESS: AddressVerdict[] = ['allowed', 'not-public', 'metadata', 'invalid'];
const formOf = (forms: Record<string, Form>) => fc.constantFrom(...Object.keys(forms));
const filler = fc.array(octet, { minLength: 10, maxLength: 10 });

describe('webhookAddressVerdict of IPv6 forms that carry an IPv4 address (property)', () => {
  it('is never more permissive than the verdict of the IPv4 address carried, in any spelling', () => {
    fc.assert(
      fc.property(ipv4, formOf(FORMS), filler, spelling, fc.boolean(), (v4, form, fill, how, allowPrivate) => {
        const address = spell(FORMS[form]!(v4, fill), how);
        assert.ok(isIPv6(address), address);
        const own = webhookAddressVerdict(v4.join('.'), allowPrivate);
        const carried = webhookAddressVerdict(address, allowPrivate);
        assert.notEqual(carried, 'invalid', address);
        assert.ok(STRICTNESS.indexOf(carried) >= STRICTNESS.indexOf(own), `${form} ${address} is ${carried}, ${v4.join('.')} is ${own}`);
      }),
      { numRuns: 5000 },
    );
  });

  it('judges the mapped, translated, compatible, NAT64 and 6to4 forms exactly as the IPv4 address (a DNS64 answer for a public host is delivered to)', () => {
    fc.assert(
      fc.property(ipv4, formOf(EXACT_FORMS), filler, spelling, fc.boolean(), (v4, form, fill, how, allowPrivate) => {
        const address = spell(EXACT_FORMS[form]!(v4, fill), how);
        assert.equal(webhookAddressVerdict(address, allowPrivate), webhookAddressVerdict(v4.join('.'), allowPrivate), `${form} ${address}`);
      }),
      { numRuns: 2000 },
    );
  });
});
