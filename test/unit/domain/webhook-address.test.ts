import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { webhookAddressVerdict } from '../../../src/domain/webhook-address.js';

describe('webhookAddressVerdict', () => {
  it('allows public IPv4 and IPv6 addresses', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111'])
      assert.equal(webhookAddressVerdict(address, false), 'allowed');
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
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
    ]) {
      assert.equal(webhookAddressVerdict(address, false), 'not-public', address);
      assert.equal(webhookAddressVerdict(address, true), 'allowed', address);
    }
  });

  it('refuses cloud metadata addresses even with WEBHOOK_ALLOW_PRIVATE', () => {
    for (const address of ['169.254.169.254', 'fd00:ec2::254', '::ffff:169.254.169.254']) {
      assert.equal(webhookAddressVerdict(address, true), 'metadata', address);
    }
  });

  it('answers invalid for what is not an address', () => {
    assert.equal(webhookAddressVerdict('example.com', true), 'invalid');
  });
});
