import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest, newSender, type Sender } from '../../support/envelopes.js';
import { assertError } from '../../support/test-server.js';
import { signBody, tokenFor } from '../signing/signing-helpers.js';
import { ledgerEntries, mailsTo, recipientRow } from './corrections-support.js';

const signature = { type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 };

describeOnEachDatabase(
  'Viewers: done once every document was fetched (docs/concepts/signing.md)',
  (server, sink) => {
    let sender: Sender;
    before(async () => {
      sender = await newSender(server);
    });

    /** Vic reads two documents first, then Ada signs (Sequential). */
    const viewerFirst = async (vicEmail: string) => {
      const body = await envelopeRequest({
        flow: 'Sequential',
        signers: [
          { name: 'Vic Viewer', email: vicEmail, role: 'viewer', signing_order: 1 },
          { name: 'Ada Lovelace', email: `ada.${vicEmail}`, signing_order: 2, fields: [signature] },
        ],
      });
      body.documents.push({ ...body.documents[0]!, name: 'annex.pdf' });
      const created = await server.call('POST', '/api/v2.0/envelopes/create', { token: sender.token, body });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const data = created.body.data;
      const [vic, ada] = data.recipients.signers as { recipient_id: string }[];
      return {
        envelopeId: data.envelope_id as string,
        documents: (data.documents as { document_id: string }[]).map((document) => document.document_id),
        vic: vic!.recipient_id,
        ada: ada!.recipient_id,
        vicToken: await tokenFor(server, data.envelope_id, vic!.recipient_id),
      };
    };
    const fetchDocument = (signingToken: string, documentId: string) =>
      server.call('GET', `/api/v2.0/signing/${signingToken}/documents/${documentId}`);

    it('does not complete the step on the view, nor on the first document, but on the last: Viewed, ledger, the next step invited', async () => {
      const { envelopeId, documents, vic, ada, vicToken } = await viewerFirst('vic@example.test');
      const view = await server.call('GET', `/api/v2.0/signing/${vicToken}`);
      assert.equal(view.status, 200, JSON.stringify(view.body));
      assert.equal(view.body.data.signer.role, 'viewer');
      assert.equal(view.body.data.signer.status, 'Sent');
      assert.equal((await recipientRow(server, vic)).status, 'Sent');

      assert.equal((await fetchDocument(vicToken, documents[0]!)).status, 200);
      assert.equal((await fetchDocument(vicToken, documents[0]!)).status, 200);
      let row = await recipientRow(server, vic);
      assert.equal(row.status, 'Sent');
      assert.deepEqual(JSON.parse(row.viewed_documents!), [documents[0]]);
      assert.equal((await recipientRow(server, ada)).status, 'Waiting');

      assert.equal((await fetchDocument(vicToken, documents[1]!)).status, 200);
      row = await recipientRow(server, vic);
      assert.deepEqual([row.status, row.viewed_at], ['Viewed', server.clock.now().toISOString()]);
      assert.equal((await recipientRow(server, ada)).status, 'Sent');
      const entries = await ledgerEntries(server, envelopeId, 'DOCUMENT_VIEWED');
      assert.deepEqual(
        entries.map((entry) => entry.description),
        ['Vic Viewer viewed every document of the envelope.'],
      );
      await server.service.worker.drain();
      assert.ok(
        mailsTo(sink, 'ada.vic@example.test').some((mail) => /to sign/.test(mail.subject ?? '')),
        'Ada is invited once Vic read everything',
      );
    });

    it('invites a viewer to read, and answers 409 NOT_A_SIGNER when a viewer signs', async () => {
      const { vicToken } = await viewerFirst('vic.words@example.test');
      await server.service.worker.drain();
      const [mail] = mailsTo(sink, 'vic.words@example.test');
      assert.ok(mail, 'the viewer is invited');
      assert.match(mail.subject ?? '', /to read/);
      assert.match(mail.text ?? '', /Read the documents/);
      assertError(await server.call('POST', `/api/v2.0/signing/${vicToken}/sign`, { body: signBody() }), 409, 'NOT_A_SIGNER');
      assertError(await server.call('POST', `/api/v2.0/signing/${vicToken}/approve`, { body: { consent: true } }), 409, 'NOT_AN_APPROVER');
    });

    it('records nothing for a document of another envelope (404 DOCUMENT_NOT_FOUND)', async () => {
      const { vic, vicToken } = await viewerFirst('vic.other@example.test');
      const other = await viewerFirst('vic.else@example.test');
      assertError(await fetchDocument(vicToken, other.documents[0]!), 404, 'DOCUMENT_NOT_FOUND');
      assert.equal((await recipientRow(server, vic)).viewed_documents, null);
    });
  },
  { smtpSink: true },
);
