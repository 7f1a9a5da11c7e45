import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, newSender, type Sender } from '../../support/envelopes.js';
import { assertError } from '../../support/test-server.js';
import { signBody, tokenFor } from '../signing/signing-helpers.js';
import { invitedToken, mailsTo, recipientRow } from './corrections-support.js';

const signature = (y: number) => ({ type: 'signature', page: 1, x: 72, y, width: 160, height: 40 });

describeOnEachDatabase(
  'Witnesses: after the signer they witness, named by them when the sender left it open (docs/concepts/signing.md)',
  (server, sink) => {
    let sender: Sender;
    before(async () => {
      sender = await newSender(server);
    });

    /** Ada with her witness (named by the sender, or left for Ada to name), and Grace, all Parallel. */
    const witnessed = async (prefix: string, witnessEmail?: string) => {
      const envelope = await createEnvelope(server, sender.token, {
        flow: 'Parallel',
        signers: [
          { name: 'Ada Lovelace', email: `${prefix}.ada@example.test`, fields: [signature(100)] },
          {
            role: 'witness',
            witness_for: `${prefix}.ada@example.test`,
            fields: [signature(200)],
            ...(witnessEmail ? { name: 'Will Witness', email: witnessEmail } : {}),
          },
          { name: 'Grace Hopper', email: `${prefix}.grace@example.test`, fields: [signature(300)] },
        ] as never,
      });
      const [ada, witness, grace] = envelope.recipients.signers.map((signer) => signer.recipient_id) as [string, string, string];
      const token = (recipientId: string) => tokenFor(server, envelope.envelope_id, recipientId);
      return { envelopeId: envelope.envelope_id, ada, witness, grace, token };
    };
    const sign = (signingToken: string, extra: Record<string, unknown> = {}) =>
      server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody(extra) });

    it('opens the witness only once their signer signed, whatever the flow, then invites them', async () => {
      const { ada, witness, token } = await witnessed('order', 'will.order@example.test');
      const willToken = await token(witness);
      assertError(await sign(willToken), 409, 'NOT_YOUR_TURN');
      assert.equal((await sign(await token(ada))).status, 200);
      assert.equal((await recipientRow(server, witness)).status, 'Sent');
      await server.service.worker.drain();
      const invited = invitedToken(sink, 'will.order@example.test');
      const view = await server.call('GET', `/api/v2.0/signing/${invited}`);
      assert.equal(view.status, 200, JSON.stringify(view.body));
      assert.deepEqual([view.body.data.signer.role, view.body.data.witness_for], ['witness', { name: 'Ada Lovelace' }]);
      assert.equal((await sign(invited)).status, 200);
    });

    it('asks the signer to name an open witness: names_witness, 400 WITNESS_REQUIRED without one, the witness named and invited with one', async () => {
      const { ada, witness, token } = await witnessed('named');
      const adaToken = await token(ada);
      assert.equal((await server.call('GET', `/api/v2.0/signing/${adaToken}`)).body.data.names_witness, true);
      assertError(await sign(adaToken), 400, 'WITNESS_REQUIRED');
      assert.equal((await recipientRow(server, ada)).status, 'Viewed');

      const signed = await sign(adaToken, { witness: { name: 'Wanda Witness', email: 'Wanda.Named@Example.test' } });
      assert.equal(signed.status, 200, JSON.stringify(signed.body));
      const row = await recipientRow(server, witness);
      assert.deepEqual([row.name, row.email, row.status], ['Wanda Witness', 'wanda.named@example.test', 'Sent']);
      await server.service.worker.drain();
      assert.ok(invitedToken(sink, 'wanda.named@example.test'), 'the named witness is invited');
    });

    it('answers 400 INVALID_FIELD to a witness from a signer without an open witness, and 400 DUPLICATE_SIGNER to a recipient as witness', async () => {
      const { ada, grace, token } = await witnessed('refused');
      const graceToken = await token(grace);
      const stray = assertError(await sign(graceToken, { witness: { name: 'Wanda', email: 'wanda@example.test' } }), 400, 'INVALID_FIELD');
      assert.equal(stray.field, 'witness');
      assert.equal((await recipientRow(server, grace)).status, 'Sent');
      const duplicate = await sign(await token(ada), { witness: { name: 'Grace', email: 'refused.grace@example.test' } });
      assertError(duplicate, 400, 'DUPLICATE_SIGNER');
      assert.notEqual((await recipientRow(server, ada)).status, 'Signed');
    });

    it('mails nobody for a witness still to be named', async () => {
      const { witness } = await witnessed('unnamed');
      await server.service.worker.drain();
      const row = await recipientRow(server, witness);
      assert.equal(row.email, '');
      assert.equal(mailsTo(sink, 'unnamed.').length, 2);
    });
  },
  { smtpSink: true },
);
