import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { SIGNATURE_IMAGE_LIMITS } from '../../../src/app/signing/signature-image.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { whilePolled } from '../../support/liveness-poller.js';
import { makeTestPng, pngBomb, pngChunk } from '../../support/png-fixtures.js';
import type { ApiResponse } from '../../support/test-server.js';
import { tokenFor } from '../signing/signing-helpers.js';

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const drawn = (png: Uint8Array) => ({ type: 'drawn', image_png_base64: base64(png) });
const codesOf = (response: ApiResponse): string[] => response.body.errors.map((e: { error_code: string }) => e.error_code);

describeOnEachDatabase('signature image bombs (POST /signing/{token}/sign)', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  const signerToken = async () => {
    const envelope = await createEnvelope(server, token);
    const recipientId = envelope.recipients.signers[0]!.recipient_id;
    return { recipientId, signingToken: await tokenFor(server, envelope.envelope_id, recipientId) };
  };

  const sign = (signingToken: string, body: unknown) =>
    server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { noAppAuthType: true, body });

  const signerStatus = async (recipientId: string) =>
    (await server.service.ctx.db.selectFrom('recipients').select('status').where('id', '=', recipientId).executeTakeFirstOrThrow()).status;

  it('answers 400 IMAGE_TOO_LARGE to a 10×10 PNG whose image data inflates to 700 MiB, /healthz staying under 1 s, and records nothing', async (t) => {
    const { recipientId, signingToken } = await signerToken();
    const bomb = pngBomb(700 * 1024 * 1024);
    assert.ok(
      base64(bomb).length <= SIGNATURE_IMAGE_LIMITS.maxBase64Chars,
      'the bomb fits the length limit: only the inflate budget stops it',
    );
    const response = await whilePolled(t, server, 'PNG bomb (700 MiB) as signature', () =>
      sign(signingToken, { consent: true, signature: drawn(bomb) }),
    );
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.deepEqual(codesOf(response), ['IMAGE_TOO_LARGE']);
    assert.equal(response.body.errors[0].field, 'signature.image_png_base64');
    assert.notEqual(await signerStatus(recipientId), 'Signed');
  });

  it('answers 400 to the PNG of the report (1 GiB inflated, 1.4 MB of base64) from the length limit alone, /healthz staying under 1 s', async (t) => {
    const { recipientId, signingToken } = await signerToken();
    const bomb = pngBomb(1024 * 1024 * 1024);
    const response = await whilePolled(t, server, 'PNG bomb (1 GiB) as initials', () =>
      sign(signingToken, { consent: true, signature: { type: 'typed', text: 'Ada' }, initials: drawn(bomb) }),
    );
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.deepEqual(codesOf(response), ['INVALID_FIELD']);
    assert.equal(response.body.errors[0].field, 'initials.image_png_base64');
    assert.match(response.body.errors[0].developer_message, /1000000/);
    assert.notEqual(await signerStatus(recipientId), 'Signed');
  });

  it('answers 400 IMAGE_TOO_LARGE to dimensions beyond the limits from the header, before decoding the (invalid) image data', async () => {
    const { signingToken } = await signerToken();
    const notZlib = Buffer.from('these bytes are not a zlib stream');
    for (const [width, height] of [
      [100_000, 100_000],
      [SIGNATURE_IMAGE_LIMITS.maxSide + 1, 10],
      [2000, 1001],
    ] as const) {
      const response = await sign(signingToken, { consent: true, signature: drawn(makeTestPng({ width, height, idat: notZlib })) });
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.deepEqual(codesOf(response), ['IMAGE_TOO_LARGE'], `${width}×${height}`);
      assert.match(response.body.errors[0].developer_message, new RegExp(`${width}×${height}`));
    }
  });

  it('reports the image problem together with the other problems of the submission', async () => {
    const { signingToken } = await signerToken();
    const response = await sign(signingToken, { consent: false, signature: drawn(pngBomb(64 * 1024 * 1024)) });
    assert.equal(response.status, 400);
    assert.deepEqual(codesOf(response).sort(), ['CONSENT_REQUIRED', 'IMAGE_TOO_LARGE']);
  });

  it('stores the checked image, rebuilt without its ancillary chunks: what sealing stamps is what was checked', async () => {
    const { recipientId, signingToken } = await signerToken();
    const withText = makeTestPng({
      width: 240,
      height: 80,
      before: [pngChunk('tEXt', Buffer.from('Comment\0drawn on a phone', 'latin1'))],
    });
    const response = await sign(signingToken, { consent: true, signature: drawn(withText) });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const row = await server.service.ctx.db
      .selectFrom('recipients')
      .select('signature')
      .where('id', '=', recipientId)
      .executeTakeFirstOrThrow();
    const stored = Buffer.from(JSON.parse(String(row.signature)).signature.image_png_base64, 'base64');
    assert.equal(stored.subarray(1, 4).toString('latin1'), 'PNG');
    assert.doesNotMatch(stored.toString('latin1'), /tEXt/);
    assert.ok(stored.byteLength < withText.byteLength);
  });
});
