import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { consentTextSha256 } from '../../../src/app/signing/consent-text.js';
import { readLedger } from '../../../src/app/ledger/append-ledger-entry.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { assertError } from '../../support/test-server.js';
import { envelopeRow, signBody, tokenFor } from './signing-helpers.js';

const oneSigner = (fields: unknown[], envelope: Record<string, unknown> = {}) => ({
  envelope,
  signers: [
    {
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }, ...fields],
    },
  ],
});

describeOnEachDatabase('signing API', (server) => {
  let token: string;

  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  const newEnvelopeToken = async (options: Parameters<typeof createEnvelope>[2] = {}, signerIndex = 0) => {
    const envelope = await createEnvelope(server, token, options);
    const recipientId = envelope.recipients.signers[signerIndex]!.recipient_id;
    return { envelope, recipientId, signingToken: await tokenFor(server, envelope.envelope_id, recipientId) };
  };

  it("shows the envelope, the signer, the documents, only this signer's fields and the disclosure without any header", async () => {
    const { envelope, recipientId, signingToken } = await newEnvelopeToken();
    const response = await server.call('GET', `/api/v2.0/signing/${signingToken}`, { noAppAuthType: true });
    assert.equal(response.status, 200);
    const data = response.body.data;
    assert.equal(data.envelope.envelope_id, envelope.envelope_id);
    assert.equal(data.envelope.sign_process_flow, 'Parallel');
    assert.equal(data.envelope.enforce_signers_location, false);
    assert.deepEqual(data.signer, {
      recipient_id: recipientId,
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      status: 'Viewed',
      role: 'signer',
    });
    assert.deepEqual(
      {
        group: data.group,
        witness_for: data.witness_for,
        names_witness: data.names_witness,
        host: data.host,
        other_fields: data.other_fields,
      },
      { group: null, witness_for: null, names_witness: false, host: null, other_fields: [] },
    );
    assert.deepEqual(data.documents, [{ document_id: envelope.documents[0]!.document_id, name: 'agreement.pdf', pages: 2 }]);
    assert.equal(data.fields.length, 1);
    assert.equal(data.fields[0].type, 'signature');
    assert.equal(data.fields[0].page, 1);
    assert.match(data.consent_text, /paper copy/);
    assert.match(data.consent_text, /withdraw/i);
    assert.match(data.consent_text, /browser/);
  });

  it('marks the signer Viewed on the first call only, with one DOCUMENT_VIEWED ledger entry', async () => {
    const { envelope, recipientId, signingToken } = await newEnvelopeToken();
    await server.call('GET', `/api/v2.0/signing/${signingToken}`);
    await server.call('GET', `/api/v2.0/signing/${signingToken}`);
    const recipient = await server.service.ctx.db
      .selectFrom('recipients')
      .selectAll()
      .where('id', '=', recipientId)
      .executeTakeFirstOrThrow();
    assert.equal(recipient.status, 'Viewed');
    assert.ok(recipient.viewed_at);
    const viewed = (await readLedger(server.service.ctx.db, envelope.envelope_id)).filter((e) => e.activity_type === 'DOCUMENT_VIEWED');
    assert.equal(viewed.length, 1);
    assert.equal(viewed[0]!.actor.email, 'ada@example.test');
  });

  it('answers 404 SIGNING_TOKEN_NOT_FOUND for an unknown token', async () => {
    const response = await server.call('GET', '/api/v2.0/signing/cs_st_unknown');
    assertError(response, 404, 'SIGNING_TOKEN_NOT_FOUND');
  });

  it('answers 404 SIGNING_TOKEN_NOT_FOUND for an expired token', async () => {
    const envelope = await createEnvelope(server, token);
    const expired = await tokenFor(
      server,
      envelope.envelope_id,
      envelope.recipients.signers[0]!.recipient_id,
      'session',
      new Date(server.clock.now().getTime() - 1000),
    );
    const response = await server.call('GET', `/api/v2.0/signing/${expired}`);
    assertError(response, 404, 'SIGNING_TOKEN_NOT_FOUND');
  });

  it('exchanges an embedded token once for a session token; the embedded token then answers 404', async () => {
    const envelope = await createEnvelope(server, token);
    const recipientId = envelope.recipients.signers[0]!.recipient_id;
    const embedded = await tokenFor(
      server,
      envelope.envelope_id,
      recipientId,
      'embedded',
      new Date(server.clock.now().getTime() + 600_000),
    );
    const first = await server.call('GET', `/api/v2.0/signing/${embedded}`);
    assert.equal(first.status, 200);
    assert.match(first.body.data.session_token, /^cs_st_/);
    const again = await server.call('GET', `/api/v2.0/signing/${embedded}`);
    assertError(again, 404, 'SIGNING_TOKEN_NOT_FOUND');
    const session = await server.call('GET', `/api/v2.0/signing/${first.body.data.session_token}`);
    assert.equal(session.status, 200);
    assert.equal(session.body.data.session_token, undefined);
  });

  it("serves a document as application/pdf, and 404 DOCUMENT_NOT_FOUND for another envelope's document", async () => {
    const { envelope, signingToken } = await newEnvelopeToken();
    const pdf = await server.call('GET', `/api/v2.0/signing/${signingToken}/documents/${envelope.documents[0]!.document_id}`);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.ok(String(pdf.body).startsWith('%PDF-'));
    const other = await createEnvelope(server, (await server.newAccount()).accessToken);
    const foreign = await server.call('GET', `/api/v2.0/signing/${signingToken}/documents/${other.documents[0]!.document_id}`);
    assertError(foreign, 404, 'DOCUMENT_NOT_FOUND');
  });

  it('records consent with the disclosure hash, signature, field values, IP, user agent and location', async () => {
    const { envelope, recipientId, signingToken } = await newEnvelopeToken(
      oneSigner([
        { type: 'text', page: 1, x: 72, y: 500, width: 160, height: 20, required: true },
        { type: 'date_signed', page: 1, x: 72, y: 450, width: 160, height: 20 },
      ]),
    );
    const page = await server.call('GET', `/api/v2.0/signing/${signingToken}`);
    const textField = page.body.data.fields.find((f: { type: string }) => f.type === 'text');
    const response = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, {
      noAppAuthType: true,
      headers: { 'user-agent': 'SigningTest/1.0' },
      body: signBody({ fields: [{ field_id: textField.field_id, value: 'ACME Ltd' }], location: { latitude: 48.8566, longitude: 2.3522 } }),
    });
    assert.equal(response.status, 200);
    assert.equal(response.body.data.signer.status, 'Signed');
    const db = server.service.ctx.db;
    const recipient = await db.selectFrom('recipients').selectAll().where('id', '=', recipientId).executeTakeFirstOrThrow();
    assert.equal(recipient.status, 'Signed');
    assert.equal(recipient.consent_text_sha256, consentTextSha256('en'));
    assert.ok(recipient.consented_at);
    assert.equal(recipient.user_agent, 'SigningTest/1.0');
    assert.ok(recipient.ip_address);
    assert.deepEqual(JSON.parse(recipient.location!), { latitude: 48.8566, longitude: 2.3522 });
    assert.equal(JSON.parse(recipient.signature!).signature.type, 'drawn');
    const fields = await db.selectFrom('fields').select(['type', 'value']).where('recipient_id', '=', recipientId).execute();
    assert.equal(fields.find((f) => f.type === 'text')!.value, 'ACME Ltd');
    assert.equal(fields.find((f) => f.type === 'date_signed')!.value, server.clock.now().toISOString().slice(0, 10));
    const signed = (await readLedger(db, envelope.envelope_id)).filter((e) => e.activity_type === 'DOCUMENT_SIGNED');
    assert.equal(signed.length, 1);
  });

  it('turns the envelope InProgress after the first of two signatures', async () => {
    const { envelope, signingToken } = await newEnvelopeToken();
    await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() });
    assert.equal((await envelopeRow(server, envelope.envelope_id)).status, 'InProgress');
  });

  it('answers 409 NOT_YOUR_TURN to the second signer of a Sequential flow, then accepts once the first signed', async () => {
    const envelope = await createEnvelope(server, token, { flow: 'Sequential' });
    const [first, second] = envelope.recipients.signers;
    assert.equal(second!.status, 'Waiting');
    const secondToken = await tokenFor(server, envelope.envelope_id, second!.recipient_id);
    const early = await server.call('POST', `/api/v2.0/signing/${secondToken}/sign`, { body: signBody() });
    assertError(early, 409, 'NOT_YOUR_TURN');
    const firstToken = await tokenFor(server, envelope.envelope_id, first!.recipient_id);
    assert.equal((await server.call('POST', `/api/v2.0/signing/${firstToken}/sign`, { body: signBody() })).status, 200);
    const invited = await server.service.ctx.db
      .selectFrom('recipients')
      .select('status')
      .where('id', '=', second!.recipient_id)
      .executeTakeFirstOrThrow();
    assert.equal(invited.status, 'Sent');
    const jobs = await server.service.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', 'send-invitation').execute();
    assert.ok(jobs.some((job) => JSON.parse(job.payload).recipientId === second!.recipient_id));
    assert.equal((await server.call('POST', `/api/v2.0/signing/${secondToken}/sign`, { body: signBody() })).status, 200);
  });

  it('answers 409 ALREADY_SIGNED to a second signature', async () => {
    const { signingToken } = await newEnvelopeToken();
    await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() });
    const again = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() });
    assertError(again, 409, 'ALREADY_SIGNED');
  });

  const expectSignError = async (body: unknown, status: number, code: string, options: Parameters<typeof createEnvelope>[2] = {}) => {
    const { recipientId, signingToken } = await newEnvelopeToken(options);
    const response = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body });
    assertError(response, status, code);
    const recipient = await server.service.ctx.db
      .selectFrom('recipients')
      .select(['status', 'signed_at'])
      .where('id', '=', recipientId)
      .executeTakeFirstOrThrow();
    assert.notEqual(recipient.status, 'Signed');
    assert.equal(recipient.signed_at, null);
  };

  it('rejects a signature without consent with 400 CONSENT_REQUIRED and writes nothing', async () => {
    await expectSignError(signBody({ consent: false }), 400, 'CONSENT_REQUIRED');
    await expectSignError({ signature: signBody().signature }, 400, 'CONSENT_REQUIRED');
  });

  it('rejects a signature that is not a PNG with 400 INVALID_SIGNATURE', async () => {
    await expectSignError(
      signBody({ signature: { type: 'drawn', image_png_base64: Buffer.from('not a png').toString('base64') } }),
      400,
      'INVALID_SIGNATURE',
    );
    await expectSignError(signBody({ signature: { type: 'typed' } }), 400, 'INVALID_SIGNATURE');
  });

  it('rejects a missing required field with 400 REQUIRED_FIELD_MISSING', async () => {
    await expectSignError(
      signBody(),
      400,
      'REQUIRED_FIELD_MISSING',
      oneSigner([{ type: 'text', page: 1, x: 72, y: 500, width: 160, height: 20, required: true }]),
    );
  });

  it('rejects a value for a non-editable field with 400 FIELD_NOT_EDITABLE', async () => {
    const { signingToken } = await newEnvelopeToken(
      oneSigner([{ type: 'text', page: 1, x: 72, y: 500, width: 160, height: 20, editable: false, default_value: 'fixed' }]),
    );
    const page = await server.call('GET', `/api/v2.0/signing/${signingToken}`);
    const fieldId = page.body.data.fields.find((f: { type: string }) => f.type === 'text').field_id;
    const response = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, {
      body: signBody({ fields: [{ field_id: fieldId, value: 'changed' }] }),
    });
    assertError(response, 400, 'FIELD_NOT_EDITABLE');
  });

  it('rejects a signature without location with 400 LOCATION_REQUIRED when enforce_signers_location is set', async () => {
    await expectSignError(signBody(), 400, 'LOCATION_REQUIRED', oneSigner([], { enforce_signers_location: true }));
  });

  it('lets a signer decline: the envelope is Declined and the signing API then answers 409 ENVELOPE_NOT_ACTIVE naming the status', async () => {
    const { envelope, signingToken } = await newEnvelopeToken();
    const declined = await server.call('POST', `/api/v2.0/signing/${signingToken}/decline`, { body: { reason: 'Wrong amount' } });
    assert.equal(declined.status, 200, JSON.stringify(declined.body));
    assert.equal(declined.body.data.status, 'Declined');
    assert.equal(declined.body.data.declined_by, 'Ada Lovelace');
    assert.equal((await envelopeRow(server, envelope.envelope_id)).status, 'Declined');
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '/sign', signBody()],
      ['POST', '/decline', { reason: 'again' }],
    ] as const) {
      const response = await server.call(method, `/api/v2.0/signing/${signingToken}${path}`, body ? { body } : {});
      assert.match(assertError(response, 409, 'ENVELOPE_NOT_ACTIVE').developer_message, /Declined/, `${method} ${path}`);
    }
  });

  it('answers 400 DECLINE_REASON_REQUIRED to a decline without reason', async () => {
    const { signingToken } = await newEnvelopeToken();
    const response = await server.call('POST', `/api/v2.0/signing/${signingToken}/decline`, { body: {} });
    assertError(response, 400, 'DECLINE_REASON_REQUIRED');
  });

  it('answers 409 ENVELOPE_NOT_ACTIVE once the envelope expired', async () => {
    const { signingToken } = await newEnvelopeToken();
    server.clock.advanceDays(31);
    const response = await server.call('GET', `/api/v2.0/signing/${signingToken}`);
    server.clock.advanceDays(-31);
    assert.match(assertError(response, 409, 'ENVELOPE_NOT_ACTIVE').developer_message, /Expired/);
  });

  it('answers 404 SIGNING_TOKEN_NOT_FOUND once the envelope is deleted', async () => {
    const { envelope, signingToken } = await newEnvelopeToken();
    await server.service.ctx.db
      .updateTable('envelopes')
      .set({ deleted_at: server.clock.now().toISOString() })
      .where('id', '=', envelope.envelope_id)
      .execute();
    assertError(await server.call('GET', `/api/v2.0/signing/${signingToken}`), 404, 'SIGNING_TOKEN_NOT_FOUND');
  });
});
