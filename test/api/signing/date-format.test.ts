import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { before, it } from 'node:test';
import { formatDate, formatDateTime } from '../../../src/domain/date-format.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { withPdfFile } from '../../unit/pdf/poppler.js';
import { signBody, tokenFor, waitForCompletion } from './signing-helpers.js';

const run = promisify(execFile);

/** The text of the document's first page (the certificate that follows lists ISO times of its own), spaces made single. */
const firstPageText = (bytes: Uint8Array) =>
  withPdfFile(bytes, async (path) => (await run('pdftotext', ['-f', '1', '-l', '1', path, '-'])).stdout.replace(/\s+/g, ' '));

describeOnEachDatabase(
  'one date rule for the mails and the sealed PDF ("22 November 2026", UTC)',
  (server, sink) => {
    let token: string;
    before(async () => {
      token = (await server.newAccount()).accessToken;
    });

    it('writes the due date of the invitation as day, month name, year and UTC time', async () => {
      const envelope = await createEnvelope(server, token, {
        signers: [
          {
            name: 'Ada Lovelace',
            email: 'ada.dates@example.test',
            fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }],
          },
        ],
      });
      await server.service.worker.drain();
      const mail = await sink.waitFor((m) => JSON.stringify(m.to).includes('ada.dates@example.test'), 10_000);
      const details = await server.call('GET', `/api/v2.0/envelopes/${envelope.envelope_id}/details`, { token });
      const due = new Date(details.body.data.signing_due_date);
      assert.match(String(mail.text), new RegExp(`Please sign by ${formatDateTime(due)}\\.`));
      assert.match(formatDateTime(due), /^\d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} UTC$/);
    });

    it('stamps date_signed into the sealed PDF as "22 November 2026" while the API keeps the ISO day', async () => {
      const envelope = await createEnvelope(server, token, {
        signers: [
          {
            name: 'Ada Lovelace',
            email: 'ada@example.test',
            fields: [
              { type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 },
              { type: 'date_signed', page: 1, x: 300, y: 600, width: 200, height: 20 },
            ],
          },
        ],
      });
      const signingToken = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[0]!.recipient_id);
      assert.equal((await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() })).status, 200);
      const signedOn = server.clock.now();
      assert.equal((await waitForCompletion(server, envelope.envelope_id)).status, 'Completed');
      const download = await server.call(
        'GET',
        `/api/v2.0/envelopes/${envelope.envelope_id}/${envelope.documents[0]!.document_id}/download`,
        { token },
      );
      assert.equal(download.status, 200);
      const text = await firstPageText(Buffer.from(download.body.data.content_base64, 'base64'));
      assert.ok(text.includes(formatDate(signedOn)), `the sealed PDF reads ${formatDate(signedOn)}`);
      assert.ok(!text.includes(signedOn.toISOString().slice(0, 10)), 'and not the ISO day');
      const stored = await server.service.ctx.db
        .selectFrom('fields')
        .select('value')
        .where('envelope_id', '=', envelope.envelope_id)
        .where('type', '=', 'date_signed')
        .executeTakeFirstOrThrow();
      assert.equal(stored.value, signedOn.toISOString().slice(0, 10));
    });
  },
  { smtpSink: true },
);
