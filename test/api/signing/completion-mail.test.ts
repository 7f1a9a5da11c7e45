import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { signBody, tokenFor, waitForCompletion } from './signing-helpers.js';

describeOnEachDatabase(
  'completion mails (docs/concepts/signing.md)',
  (server, sink) => {
    let token: string;
    before(async () => {
      token = (await server.newAccount()).accessToken;
    });

    const signAll = async (envelope: Awaited<ReturnType<typeof createEnvelope>>) => {
      for (const signer of envelope.recipients.signers) {
        const signingToken = await tokenFor(server, envelope.envelope_id, signer.recipient_id);
        assert.equal((await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() })).status, 200);
      }
    };

    it('mails every signer, observer and the sender the sealed PDF, byte-equal to the signed download', async () => {
      const envelope = await createEnvelope(server, token);
      await signAll(envelope);
      await waitForCompletion(server, envelope.envelope_id);
      await server.service.worker.drain();
      const completionMails = sink.messages.filter(
        (m) => /completed/i.test(m.subject ?? '') && m.html && String(m.html).includes('Sales agreement'),
      );
      const recipients = completionMails
        .map((m) => (Array.isArray(m.to) ? m.to : [m.to]).flatMap((t) => t?.value.map((v) => v.address)))
        .flat()
        .sort();
      assert.ok(
        ['ada@example.test', 'alan@example.test', 'grace@example.test'].every((email) => recipients.includes(email)),
        recipients.join(', '),
      );
      const download = await server.call(
        'GET',
        `/api/v2.0/envelopes/${envelope.envelope_id}/${envelope.documents[0]!.document_id}/download`,
        { token },
      );
      assert.equal(download.status, 200);
      const attachment = completionMails[0]!.attachments.find((a) => a.filename === 'agreement.pdf');
      assert.ok(attachment, 'the sealed document is attached');
      assert.equal(Buffer.from(attachment.content).toString('base64'), download.body.data.content_base64);
      assert.ok(completionMails[0]!.attachments.some((a) => a.filename === 'Certificate of Completion.pdf'));
    });

    it('retries the delivery when the mail server fails, and purges remove_signed_envelope files only after delivery', async () => {
      const envelope = await createEnvelope(server, token, { envelope: { remove_signed_envelope: true } });
      const mailer = server.service.ctx.mailer;
      const send = mailer.send.bind(mailer);
      let failures = 0;
      mailer.send = async (mail) => {
        if (/completed/i.test(mail.subject) && failures === 0) {
          failures += 1;
          throw new Error('421 Service not available');
        }
        return send(mail);
      };
      try {
        await signAll(envelope);
        await waitForCompletion(server, envelope.envelope_id);
        await server.service.worker.drain();
        const afterFailure = await server.service.ctx.db
          .selectFrom('envelopes')
          .select('documents_removed_at')
          .where('id', '=', envelope.envelope_id)
          .executeTakeFirstOrThrow();
        assert.equal(afterFailure.documents_removed_at, null, 'nothing is purged before the copies are delivered');
        const job = await server.service.ctx.db
          .selectFrom('jobs')
          .selectAll()
          .where('kind', '=', 'deliver-completion')
          .where('payload', 'like', `%${envelope.envelope_id}%`)
          .executeTakeFirstOrThrow();
        assert.equal(job.attempts, 1);
        assert.match(job.last_error ?? '', /421/);

        server.clock.advanceSeconds(10);
        await server.service.worker.drain();
        const delivered = await server.service.ctx.db
          .selectFrom('envelopes')
          .select('documents_removed_at')
          .where('id', '=', envelope.envelope_id)
          .executeTakeFirstOrThrow();
        assert.ok(delivered.documents_removed_at, 'purged once delivered');
      } finally {
        mailer.send = send;
        server.clock.advanceSeconds(-10);
      }
    });
  },
  { smtpSink: true },
);
