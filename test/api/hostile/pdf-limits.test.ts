import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest } from '../../support/envelopes.js';
import { makePdf } from '../../support/pdf-fixtures.js';
import { makeAes256R6Pdf } from '../../support/pdf-encrypted-r6.js';

const codes = (body: { errors: { error_code: string }[] }) => body.errors.map((e) => e.error_code);
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** `count` text fields in a grid on page 1 of a Letter page, none overlapping the edges. */
const gridFields = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    type: 'text',
    page: 1,
    x: 20 + (i % 20) * 28,
    y: 20 + Math.floor(i / 20) * 70,
    width: 24,
    height: 14,
  }));

const signer = (index: number, fields: unknown[]) => ({ name: `Signer ${index}`, email: `signer${index}@example.test`, fields });

describeOnEachDatabase('Bounded anchors, fields and document intake', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });
  const create = (body: unknown) => server.call('POST', '/api/v2.0/envelopes/create', { token, body });

  it('creates an envelope of 10 signers × 200 fields (2,000 field rows inserted in batches)', async () => {
    const body = await envelopeRequest({ signers: Array.from({ length: 10 }, (_, i) => signer(i + 1, gridFields(200))) });
    const response = await create(body);
    assert.equal(response.status, 201, JSON.stringify(response.body).slice(0, 500));
    const rows = await server.service.ctx.db
      .selectFrom('fields')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('envelope_id', '=', response.body.data.envelope_id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(rows.count), 2000);
  });

  it('answers 400 TOO_MANY_FIELDS past 2,000 fields in an envelope', async () => {
    const body = await envelopeRequest({ signers: Array.from({ length: 11 }, (_, i) => signer(i + 1, gridFields(200))) });
    const response = await create(body);
    assert.equal(response.status, 400);
    assert.deepEqual(codes(response.body), ['TOO_MANY_FIELDS']);
  });

  it('answers 400 TOO_MANY_FIELDS when anchors take a signer past 200 fields', async () => {
    const body = await envelopeRequest({
      signers: [signer(1, [...gridFields(199), { type: 'initials', anchor: { text: 'INITIAL' } }])],
    });
    body.documents[0]!.content_base64 = base64(await makePdf({ pages: 2, text: 'INITIAL' }));
    const response = await create(body);
    assert.equal(response.status, 400);
    assert.deepEqual(codes(response.body), ['TOO_MANY_FIELDS']);
  });

  it('answers 400 TOO_MANY_ANCHORS past 100 anchor fields in one request, without searching', async () => {
    const anchors = Array.from({ length: 101 }, () => ({ type: 'text', anchor: { text: 'SIGNHERE' } }));
    const body = await envelopeRequest({ signers: [signer(1, anchors)] });
    body.documents[0]!.content_base64 = base64(await makePdf({ pages: 1, text: 'SIGNHERE' }));
    const response = await create(body);
    assert.equal(response.status, 400);
    assert.deepEqual(codes(response.body), ['TOO_MANY_ANCHORS']);
  });

  it('answers 400 TOO_MANY_ANCHOR_MATCHES for an anchor found more than 100 times', async () => {
    const body = await envelopeRequest({ signers: [signer(1, [{ type: 'signature', anchor: { text: 'SIGNHERE' } }])] });
    body.documents[0]!.content_base64 = base64(await makePdf({ pages: 101, text: 'SIGNHERE' }));
    const response = await create(body);
    assert.equal(response.status, 400);
    assert.deepEqual(codes(response.body), ['TOO_MANY_ANCHOR_MATCHES']);
    assert.equal(response.body.errors[0].field, 'recipients.signers[0].fields[0].anchor.text');
  });

  it('places many anchor fields searching each document once', async () => {
    const anchors = Array.from({ length: 100 }, (_, i) => ({ type: 'text', anchor: { text: i % 2 ? 'SIGNHERE' : 'Please' } }));
    const body = await envelopeRequest({ signers: [signer(1, anchors.slice(0, 50)), signer(2, anchors.slice(50))] });
    body.documents[0]!.content_base64 = base64(await makePdf({ pages: 2, text: 'Please SIGNHERE' }));
    const response = await create(body);
    assert.equal(response.status, 201, JSON.stringify(response.body).slice(0, 500));
  });

  it('answers 400 PDF_ENCRYPTED for an AES-256 (R6) PDF whose objects sit in an encrypted object stream', async () => {
    const body = await envelopeRequest();
    body.documents[0]!.content_base64 = base64(makeAes256R6Pdf());
    const response = await create(body);
    assert.equal(response.status, 400);
    assert.deepEqual(codes(response.body), ['PDF_ENCRYPTED']);
  });
});
