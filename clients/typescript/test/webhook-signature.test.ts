import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { verifiedWebhookEvent, verifyWebhookSignature, WebhookSignatureError } from '../src/index.js';

const secret = 'whsec_current';
const body = JSON.stringify({
  id: 'evt_1',
  type: 'envelope.completed',
  created_at: '2026-11-21T08:00:00.000Z',
  data: { envelope_id: 'env_1' },
});
const signedAt = 1_795_000_000;
const now = new Date(signedAt * 1000 + 10_000);
const v1 = (key: string, payload = body, t = signedAt) => createHmac('sha256', key).update(`${t}.${payload}`).digest('hex');

const rejection = (problem: string) => (error: unknown) => error instanceof WebhookSignatureError && error.problem === problem;

describe('verifyWebhookSignature', () => {
  it('accepts the HMAC-SHA256 of "<t>.<body>" under the secret, for a string or a byte body', async () => {
    const header = `t=${signedAt},v1=${v1(secret)}`;
    assert.equal(await verifyWebhookSignature(secret, header, body, { now }), true);
    assert.equal(await verifyWebhookSignature(secret, header, new TextEncoder().encode(body), { now }), true);
  });

  it('rejects a tampered body with NO_MATCHING_SIGNATURE', async () => {
    const header = `t=${signedAt},v1=${v1(secret)}`;
    await assert.rejects(
      verifyWebhookSignature(secret, header, body.replace('env_1', 'env_2'), { now }),
      rejection('NO_MATCHING_SIGNATURE'),
    );
  });

  it('rejects a signature made with another secret', async () => {
    const header = `t=${signedAt},v1=${v1('whsec_other')}`;
    await assert.rejects(verifyWebhookSignature(secret, header, body, { now }), rejection('NO_MATCHING_SIGNATURE'));
  });

  it('rejects a changed timestamp: the time is part of what is signed', async () => {
    const header = `t=${signedAt + 1},v1=${v1(secret)}`;
    await assert.rejects(verifyWebhookSignature(secret, header, body, { now }), rejection('NO_MATCHING_SIGNATURE'));
  });

  it('accepts either secret while a rotation signs with two v1 entries', async () => {
    const header = `t=${signedAt},v1=${v1('whsec_new')},v1=${v1('whsec_old')}`;
    assert.equal(await verifyWebhookSignature('whsec_old', header, body, { now }), true);
    assert.equal(await verifyWebhookSignature('whsec_new', header, body, { now }), true);
    await assert.rejects(verifyWebhookSignature('whsec_neither', header, body, { now }), rejection('NO_MATCHING_SIGNATURE'));
  });

  it('rejects a signature outside the tolerance, either way, and accepts one at its edge', async () => {
    const header = `t=${signedAt},v1=${v1(secret)}`;
    const at = (seconds: number) => new Date((signedAt + seconds) * 1000);
    await assert.rejects(verifyWebhookSignature(secret, header, body, { now: at(301) }), rejection('TIMESTAMP_OUTSIDE_TOLERANCE'));
    await assert.rejects(verifyWebhookSignature(secret, header, body, { now: at(-301) }), rejection('TIMESTAMP_OUTSIDE_TOLERANCE'));
    assert.equal(await verifyWebhookSignature(secret, header, body, { now: at(300) }), true);
    assert.equal(await verifyWebhookSignature(secret, header, body, { now: at(3600), toleranceSeconds: 3600 }), true);
  });

  it('rejects a missing or malformed header with MALFORMED_HEADER', async () => {
    for (const header of [
      undefined,
      '',
      `v1=${v1(secret)}`,
      `t=${signedAt}`,
      `t=soon,v1=${v1(secret)}`,
      `t=${signedAt},t=${signedAt},v1=${v1(secret)}`,
    ]) {
      await assert.rejects(verifyWebhookSignature(secret, header, body, { now }), rejection('MALFORMED_HEADER'), String(header));
    }
  });

  it('hands back the parsed event only once its signature holds', async () => {
    const header = `t=${signedAt},v1=${v1(secret)}`;
    assert.deepEqual(await verifiedWebhookEvent(secret, header, Buffer.from(body), { now }), JSON.parse(body));
    await assert.rejects(verifiedWebhookEvent('whsec_other', header, body, { now }), rejection('NO_MATCHING_SIGNATURE'));
  });
});
