import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { userOrOwner } from '../../../src/app/envelopes/sender.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { signInNewConsoleUser } from '../../support/console-users.js';
import { createEnvelope } from '../../support/envelopes.js';
import { assertError } from '../../support/test-server.js';
import { envelopeRow, signBody } from '../signing/signing-helpers.js';
import { ledgerEntries, mailsTo, recipientRow } from './corrections-support.js';

const signature = (y: number) => ({ type: 'signature', page: 1, x: 72, y, width: 160, height: 40 });

describeOnEachDatabase(
  'In-person signing: the host starts it on their device (docs/concepts/signing.md)',
  (server, sink) => {
    let token: string;
    let accountId: string;
    let hostEmail: string;
    before(async () => {
      const account = await server.newAccount();
      token = account.accessToken;
      accountId = account.account_id;
      hostEmail = (await userOrOwner(server.service.ctx.db, accountId, null)).email;
    });

    /** Ada signs by link, Ingrid in person with the owner as host (Parallel). */
    const inPerson = async (prefix: string) => {
      const envelope = await createEnvelope(server, token, {
        flow: 'Parallel',
        signers: [
          { name: 'Ada Lovelace', email: `${prefix}.ada@example.test`, fields: [signature(100)] },
          {
            name: 'Ingrid Inperson',
            email: `${prefix}.ingrid@example.test`,
            role: 'in_person',
            host_email: hostEmail,
            fields: [signature(200)],
          },
        ],
      });
      const [ada, ingrid] = envelope.recipients.signers.map((signer) => signer.recipient_id) as [string, string];
      return { envelopeId: envelope.envelope_id, ada, ingrid };
    };
    const urlFor = (envelopeId: string, recipientId: string, asToken = token) =>
      server.call('POST', `/api/v2.0/envelopes/${envelopeId}/recipients/${recipientId}/in_person_url`, { token: asToken });
    const tokenOf = (url: string) => new URL(url).pathname.split('/').at(-1)!;

    it('mails the host, not the signer, that the signing is ready, with the console page of the envelope', async () => {
      const { envelopeId } = await inPerson('mail');
      await server.service.worker.drain();
      assert.equal(mailsTo(sink, 'mail.ingrid@example.test').length, 0);
      const told = mailsTo(sink, hostEmail).find((mail) => /In-person signing ready/.test(mail.subject ?? ''));
      assert.ok(told, 'the host is told');
      assert.match(told.text ?? '', /Ingrid Inperson/);
      assert.ok(told.text?.includes(`/envelopes/${envelopeId}`), told.text);
      const [entry] = (await ledgerEntries(server, envelopeId, 'INVITATION_SENT')).filter((e) => /host/.test(e.description));
      assert.match(entry!.description, /In-person signing of Ingrid Inperson announced to their host/);
    });

    it('issues a single-use URL exchanged for a session: the host named, the signature taken, the URL dead afterwards', async () => {
      const { envelopeId, ingrid } = await inPerson('url');
      const issued = await urlFor(envelopeId, ingrid);
      assert.equal(issued.status, 201, JSON.stringify(issued.body));
      assert.equal(issued.body.message, 'In-person signing URL generated.');
      assert.match(issued.body.data.url, /\/sign\/cs_st_[^?]+\?in_person=1$/);
      assert.equal(issued.body.data.expires_at, new Date(server.clock.now().getTime() + 600_000).toISOString());

      const single = tokenOf(issued.body.data.url);
      const view = await server.call('GET', `/api/v2.0/signing/${single}`);
      assert.equal(view.status, 200, JSON.stringify(view.body));
      assert.equal(view.body.data.signer.role, 'in_person');
      assert.deepEqual(view.body.data.host, { name: (await userOrOwner(server.service.ctx.db, accountId, null)).name });
      const session: string = view.body.data.session_token;
      assert.match(session, /^cs_st_/);
      assertError(await server.call('GET', `/api/v2.0/signing/${single}`), 404, 'SIGNING_TOKEN_NOT_FOUND');

      const signed = await server.call('POST', `/api/v2.0/signing/${session}/sign`, { body: signBody() });
      assert.equal(signed.status, 200, JSON.stringify(signed.body));
      assert.equal((await recipientRow(server, ingrid)).status, 'Signed');
      const [entry] = await ledgerEntries(server, envelopeId, 'DOCUMENT_SIGNED');
      assert.match(entry!.description, /in person on their host's device\.$/);
      assertError(await urlFor(envelopeId, ingrid), 409, 'SIGNER_NOT_ACTIVE');
    });

    it("answers 409 NOT_IN_PERSON for a link signer, 404 RECIPIENT_NOT_FOUND for another envelope's recipient, 403 ROLE_FORBIDDEN to a sender who is not the host", async () => {
      const { envelopeId, ada, ingrid } = await inPerson('refused');
      assertError(await urlFor(envelopeId, ada), 409, 'NOT_IN_PERSON');
      const other = await inPerson('other');
      assertError(await urlFor(envelopeId, other.ingrid), 404, 'RECIPIENT_NOT_FOUND');
      const stranger = await server.newAccount();
      assertError(await urlFor(envelopeId, ingrid, stranger.accessToken), 404, 'ENVELOPE_NOT_FOUND');
      const colleague = await signInNewConsoleUser(server, accountId, 'sender');
      assertError(await urlFor(envelopeId, ingrid, colleague.token), 403, 'ROLE_FORBIDDEN');
      const admin = await signInNewConsoleUser(server, accountId, 'admin');
      assert.equal((await urlFor(envelopeId, ingrid, admin.token)).status, 201);
    });

    it('answers 409 IN_PERSON_ONLY to an embedded URL and 409 SIGNER_NOT_REMINDABLE to a reminder for an in-person signer', async () => {
      const { envelopeId } = await inPerson('embedded');
      assertError(
        await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/generate_embedded_url/embedded.ingrid@example.test`, { token }),
        409,
        'IN_PERSON_ONLY',
      );
      const reminded = await server.call('POST', `/api/v2.0/envelopes/${envelopeId}/remind_signer`, {
        token,
        body: { signer_email: 'embedded.ingrid@example.test' },
      });
      assertError(reminded, 409, 'SIGNER_NOT_REMINDABLE');
      assert.equal((await envelopeRow(server, envelopeId)).status, 'Sent');
    });
  },
  { smtpSink: true },
);
