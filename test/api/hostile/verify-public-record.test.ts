import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { markCompleted, pastDue } from '../../support/mark-completed.js';
import { makePdf } from '../../support/pdf-fixtures.js';
import type { ApiResponse } from '../../support/test-server.js';
import { signBody, tokenFor } from '../signing/signing-helpers.js';

describeOnEachDatabase('public verify shows completed envelopes only (/verify/{id})', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  const record = (id: string) => server.call('GET', `/verify/${id}`, { noAppAuthType: true, headers: { accept: 'application/json' } });
  const page = (id: string) => server.call('GET', `/verify/${id}`, { noAppAuthType: true, headers: { accept: 'text/html' } });
  const check = async (id: string) =>
    server.call('POST', `/verify/${id}/check`, {
      noAppAuthType: true,
      rawBody: new Blob([Buffer.from(await makePdf({ pages: 1 }))]),
      headers: { 'content-type': 'application/pdf' },
    });

  /** Nothing of the envelope shows: not its name, documents, hashes or status. */
  const assertNothingShown = (response: ApiResponse, what: string) => {
    const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
    assert.doesNotMatch(text, /Sales agreement|agreement\.pdf|[0-9a-f]{64}|InProgress|Declined|Cancelled|Expired/, what);
  };

  const assertNotFound = async (envelopeId: string, state: string) => {
    const json = await record(envelopeId);
    assert.equal(json.status, 404, `${state}: ${JSON.stringify(json.body)}`);
    assert.equal(json.body.errors[0].error_code, 'ENVELOPE_NOT_FOUND');
    assertNothingShown(json, `${state} record`);
    const html = await page(envelopeId);
    assert.equal(html.status, 404, `${state} page`);
    assertNothingShown(html, `${state} page`);
    const upload = await check(envelopeId);
    assert.equal(upload.status, 404, `${state} check`);
    assert.equal(upload.body.errors[0].error_code, 'ENVELOPE_NOT_FOUND');
  };

  it('answers 404 ENVELOPE_NOT_FOUND to the record, the page and the file check of a Sent envelope', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    await assertNotFound(envelope_id, 'Sent');
  });

  it('answers 404 for an envelope InProgress, Declined, Cancelled or past its due date, exactly as for an unknown id', async () => {
    const inProgress = await createEnvelope(server, token);
    const first = await tokenFor(server, inProgress.envelope_id, inProgress.recipients.signers[0]!.recipient_id);
    assert.equal((await server.call('POST', `/api/v2.0/signing/${first}/sign`, { noAppAuthType: true, body: signBody() })).status, 200);
    await assertNotFound(inProgress.envelope_id, 'InProgress');

    const declined = await createEnvelope(server, token);
    const decliner = await tokenFor(server, declined.envelope_id, declined.recipients.signers[0]!.recipient_id);
    await server.call('POST', `/api/v2.0/signing/${decliner}/decline`, { noAppAuthType: true, body: { reason: 'No' } });
    await assertNotFound(declined.envelope_id, 'Declined');

    const cancelled = await createEnvelope(server, token);
    await server.call('POST', `/api/v2.0/envelopes/${cancelled.envelope_id}/cancel`, { token, body: { cancel_reason: 'Wrong' } });
    await assertNotFound(cancelled.envelope_id, 'Cancelled');

    const expired = await createEnvelope(server, token);
    await pastDue(server, expired.envelope_id);
    await assertNotFound(expired.envelope_id, 'Expired');

    await assertNotFound('env_unknown0000000000', 'unknown');
  });

  it("lists a completed envelope's own documents, not its certificate of completion", async () => {
    const { envelope_id } = await createEnvelope(server, token);
    await markCompleted(server, envelope_id);
    const response = await record(envelope_id);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(
      response.body.data.documents.map((d: { name: string }) => d.name),
      ['agreement.pdf'],
    );
    assert.doesNotMatch(JSON.stringify(response.body), /Certificate/i);
    assert.equal((await page(envelope_id)).status, 200);
  });
});
