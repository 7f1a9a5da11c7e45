import assert from 'node:assert/strict';
import { before, beforeEach, it } from 'node:test';
import { runRetentionPurge } from '../../../src/app/jobs/retention-purge.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import type { createEnvelope } from '../../support/envelopes.js';
import { envelopeRequest } from '../../support/envelopes.js';
import { markCompleted } from '../../support/mark-completed.js';
import { makePdf } from '../../support/pdf-fixtures.js';
import { assertError } from '../../support/test-server.js';
import { independentlyVerifiedAuditLogs } from './ledger-checks.js';
import { tokenFor } from '../signing/signing-helpers.js';

const DAY = 86_400_000;

describeOnEachDatabase('Retention of document bytes (docs/operations/retention-and-erasure.md)', (server) => {
  // The purge runs here by hand, so that the answers before it are seen before it.
  before(() => server.service.worker.stop());
  let token: string;
  let credentials: unknown;
  beforeEach(async () => {
    const account = await server.newAccount();
    token = account.accessToken;
    credentials = account.credentials;
  });

  /** A fresh access token of the same account, after the clock passed the old one's hour. */
  const logInAgain = async () => {
    token = (await server.call('POST', '/api/v2.0/authorization/token', { body: { credentials } })).body.data.access_token;
  };
  const setRetention = (days: unknown) => server.call('PUT', '/api/v2.0/account/settings', { token, body: { retention_days: days } });
  const details = (envelopeId: string) => server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token });
  const download = (envelopeId: string, documentId: string) =>
    server.call('GET', `/api/v2.0/envelopes/${envelopeId}/${documentId}/download`, { token });
  const signing = (signingToken: string, rest: string) =>
    server.call('GET', `/api/v2.0/signing/${signingToken}${rest}`, { noAppAuthType: true });
  const uploadSupporting = async (envelopeId: string, bytes: Uint8Array) => {
    const response = await server.call('POST', `/api/v2.0/envelopes/${envelopeId}/upload_supporting_document`, {
      token,
      body: { documents: [{ name: 'terms.pdf', content_base64: Buffer.from(bytes).toString('base64') }] },
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body.data.supporting_documents[0].supporting_document_id as string;
  };
  const supporting = (envelopeId: string, attachmentId: string) =>
    server.call('GET', `/api/v2.0/envelopes/${envelopeId}/supportingdocuments/${attachmentId}/download`, { token });
  const storedHashes = async (envelopeId: string) =>
    server.service.ctx.db
      .selectFrom('documents')
      .select(['sha256', 'sealed_sha256', 'position'])
      .where('envelope_id', '=', envelopeId)
      .orderBy('position')
      .execute();

  /** An envelope made of this request body (the same body twice: the same bytes, stored once). */
  const created = async (body: unknown) => {
    const response = await server.call('POST', '/api/v2.0/envelopes/create', { token, body });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body.data as Awaited<ReturnType<typeof createEnvelope>>;
  };

  /** A Completed envelope with a supporting document and a signer's link. */
  const completed = async (body?: unknown) => {
    const envelope = await created(body ?? (await envelopeRequest()));
    const attachmentId = await uploadSupporting(envelope.envelope_id, await makePdf({ pages: 1, text: `Terms ${Math.random()}` }));
    const signingToken = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[0]!.recipient_id);
    await markCompleted(server, envelope.envelope_id);
    return { envelopeId: envelope.envelope_id, documentId: envelope.documents[0]!.document_id, attachmentId, signingToken };
  };

  it('takes retention_days from the account settings: 1–3650 or null (keep forever, a new account’s value)', async () => {
    assert.equal((await server.call('GET', '/api/v2.0/account/settings', { token })).body.data.retention_days, null);
    const set = await setRetention(365);
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal(set.body.data.retention_days, 365);
    assert.equal((await server.call('GET', '/api/v2.0/account/settings', { token })).body.data.retention_days, 365);
    for (const refused of [0, 3651, -1, 'thirty', 1.5, true]) {
      const error = assertError(await setRetention(refused), 400, 'INVALID_FIELD');
      assert.equal(error.field, 'retention_days', String(refused));
    }
    assert.equal((await server.call('GET', '/api/v2.0/account/settings', { token })).body.data.retention_days, 365);
    const lifted = await setRetention(null);
    assert.equal(lifted.body.data.retention_days, null);
    assert.equal((await server.call('GET', '/api/v2.0/account/settings', { token })).body.data.signer_copy_days, 30, 'other settings kept');
  });

  it('answers 410 DOCUMENT_PURGED on every download from the deadline on, before and after the purge, and keeps details, history, ledger and certificate', async () => {
    await setRetention(2);
    const { envelopeId, documentId, attachmentId, signingToken } = await completed();
    server.clock.advance(2 * DAY - 60_000);
    await logInAgain();
    assert.equal((await download(envelopeId, documentId)).status, 200, 'a minute before the deadline');
    assert.equal((await supporting(envelopeId, attachmentId)).status, 200);
    assert.equal((await signing(signingToken, `/documents/${documentId}`)).status, 200);

    server.clock.advance(60_000);
    const purgedRoutes = async () => {
      assertError(await download(envelopeId, documentId), 410, 'DOCUMENT_PURGED');
      assertError(
        await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/${documentId}/download?signed_only=false`, { token }),
        410,
        'DOCUMENT_PURGED',
      );
      assertError(await supporting(envelopeId, attachmentId), 410, 'DOCUMENT_PURGED');
      assertError(await signing(signingToken, `/documents/${documentId}`), 410, 'DOCUMENT_PURGED');
      const certificate = await download(envelopeId, 'certificate');
      assert.equal(certificate.status, 200, 'the certificate is evidence and stays');
      assert.match(Buffer.from(certificate.body.data.content_base64, 'base64').toString('latin1'), /^%PDF-/);
      assert.equal((await signing(signingToken, '/documents/certificate')).status, 200);
    };
    await purgedRoutes();
    assert.equal((await details(envelopeId)).body.data.documents_purged_at, null, 'not purged yet: the deadline alone answers 410');
    const [, original] = await storedHashes(envelopeId);
    assert.ok(await server.service.ctx.blobs.get(original!.sha256), 'the bytes are still stored before the purge');

    await runRetentionPurge(server.service.ctx);
    await purgedRoutes();
    const after = await details(envelopeId);
    assert.equal(after.status, 200);
    assert.equal(after.body.data.documents_purged_at, server.clock.now().toISOString());
    assert.equal(after.body.data.status, 'Completed');
    assert.match(after.body.data.documents[0].sha256, /^[0-9a-f]{64}$/, 'the hashes stay');

    const [certificate, document] = await storedHashes(envelopeId);
    assert.equal(await server.service.ctx.blobs.get(document!.sha256), undefined, 'the original is deleted');
    assert.equal(await server.service.ctx.blobs.get(document!.sealed_sha256!), undefined, 'the sealed copy is deleted');
    assert.ok(await server.service.ctx.blobs.get(certificate!.sha256), 'the certificate is kept');

    const history = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/history`, { token });
    assert.equal(history.status, 200);
    const purgeEntries = async () =>
      (await independentlyVerifiedAuditLogs(server, token, envelopeId)).entries.filter(
        (entry: { activity_type: string }) => entry.activity_type === 'DOCUMENTS_PURGED',
      );
    const [entry] = await purgeEntries();
    assert.equal(entry.actor.name, 'Countersign');
    assert.match(entry.description, /2 days after the envelope ended/);

    await runRetentionPurge(server.service.ctx);
    assert.equal((await purgeEntries()).length, 1, 'a second run purges nothing twice');
  });

  it('leaves an envelope short of its deadline, a pending envelope and bytes shared with a live envelope alone', async () => {
    await setRetention(3);
    const body = await envelopeRequest();
    const old = await completed(body);
    server.clock.advance(2 * DAY);
    await logInAgain();
    const younger = await completed();
    const pending = await created(body);
    server.clock.advance(1 * DAY + 1000);
    await logInAgain();
    await runRetentionPurge(server.service.ctx);

    assertError(await download(old.envelopeId, old.documentId), 410, 'DOCUMENT_PURGED');
    assert.notEqual((await details(old.envelopeId)).body.data.documents_purged_at, null);
    assert.equal((await details(younger.envelopeId)).body.data.documents_purged_at, null);
    assert.equal((await download(younger.envelopeId, younger.documentId)).status, 200, 'a day short of its deadline');
    assert.equal((await details(pending.envelope_id)).body.data.documents_purged_at, null);
    const pendingDownload = await server.call(
      'GET',
      `/api/v2.0/envelopes/${pending.envelope_id}/${pending.documents[0]!.document_id}/download?signed_only=false`,
      { token },
    );
    assert.equal(pendingDownload.status, 200, JSON.stringify(pendingDownload.body));

    const [, oldDocument] = await storedHashes(old.envelopeId);
    const [pendingDocument] = await storedHashes(pending.envelope_id);
    assert.equal(oldDocument!.sha256, pendingDocument!.sha256, 'the same bytes, stored once');
    assert.ok(await server.service.ctx.blobs.get(oldDocument!.sha256), 'kept: the pending envelope still points at them');
    assert.equal(await server.service.ctx.blobs.get(oldDocument!.sealed_sha256!), undefined, 'the sealed copy was the old one’s alone');
  });

  it('purges nothing while retention_days is null, and runs every minute', async () => {
    const { envelopeId, documentId } = await completed();
    server.clock.advance(4000 * DAY);
    await logInAgain();
    await runRetentionPurge(server.service.ctx);
    assert.equal((await download(envelopeId, documentId)).status, 200);
    assert.equal((await details(envelopeId)).body.data.documents_purged_at, null);
    const next = await server.service.ctx.db
      .selectFrom('jobs')
      .select('run_at')
      .where('kind', '=', 'purge-documents')
      .where('done_at', 'is', null)
      .orderBy('run_at', 'desc')
      .executeTakeFirstOrThrow();
    assert.ok(new Date(next.run_at).getTime() - server.clock.now().getTime() <= 60_000, next.run_at);
  });
});
