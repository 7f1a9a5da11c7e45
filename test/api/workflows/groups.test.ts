import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, newSender, type Sender } from '../../support/envelopes.js';
import { assertError } from '../../support/test-server.js';
import { envelopeRow, signBody, tokenFor, waitForCompletion } from '../signing/signing-helpers.js';
import { ledgerEntries, mailsTo, recipientRow } from './corrections-support.js';

const signature = { type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 };

/** A 2-of-3 board at the first step, then Grace. */
const boardThenGrace = (prefix: string) => [
  {
    group: {
      name: 'Board',
      required: 2,
      members: [1, 2, 3].map((n) => ({ name: `Member ${n}`, email: `${prefix}.m${n}@example.test` })),
    },
    signing_order: 1,
    fields: [signature],
  },
  { name: 'Grace Hopper', email: `${prefix}.grace@example.test`, signing_order: 2, fields: [{ ...signature, page: 2 }] },
];

describeOnEachDatabase(
  'Signing groups: k of n members sign (docs/concepts/signing.md)',
  (server, sink) => {
    let sender: Sender;
    before(async () => {
      sender = await newSender(server);
    });

    const board = async (prefix: string) => {
      const envelope = await createEnvelope(server, sender.token, { flow: 'Sequential', signers: boardThenGrace(prefix) as never });
      const ids = envelope.recipients.signers.map((signer) => signer.recipient_id);
      const rows = await server.service.ctx.db
        .selectFrom('recipients')
        .select(['id', 'email', 'group_id'])
        .where('envelope_id', '=', envelope.envelope_id)
        .where('role', '=', 'signer')
        .orderBy('position')
        .execute();
      const members = rows.filter((row) => row.group_id !== null).map((row) => row.id);
      const grace = rows.find((row) => row.group_id === null)!.id;
      const token = (recipientId: string) => tokenFor(server, envelope.envelope_id, recipientId);
      return { envelopeId: envelope.envelope_id, members, grace, token, ids };
    };
    const sign = async (signingToken: string) => server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() });

    it('takes the first two signatures, lets the third member off (409 GROUP_COMPLETE, told by mail) and invites the next step', async () => {
      const { envelopeId, members, grace, token } = await board('first');
      const [m1, m2, m3] = members as [string, string, string];
      const view = await server.call('GET', `/api/v2.0/signing/${await token(m1)}`);
      assert.deepEqual(view.body.data.group, { name: 'Board', required: 2, signed: 0 });

      assert.equal((await sign(await token(m1))).body.data.all_signed, false);
      assert.equal((await recipientRow(server, grace)).status, 'Waiting');
      assert.deepEqual((await server.call('GET', `/api/v2.0/signing/${await token(m2)}`)).body.data.group, {
        name: 'Board',
        required: 2,
        signed: 1,
      });
      assert.equal((await sign(await token(m2))).status, 200);

      const late = await recipientRow(server, m3);
      assert.deepEqual([late.status, late.not_needed_at], ['NotNeeded', server.clock.now().toISOString()]);
      assert.equal((await recipientRow(server, grace)).status, 'Sent');
      const group = await server.service.ctx.db
        .selectFrom('signing_groups')
        .selectAll()
        .where('envelope_id', '=', envelopeId)
        .executeTakeFirstOrThrow();
      assert.equal(group.completed_at, server.clock.now().toISOString());

      const m3Token = await token(m3);
      assertError(await sign(m3Token), 409, 'GROUP_COMPLETE');
      assertError(await server.call('GET', `/api/v2.0/signing/${m3Token}`), 409, 'GROUP_COMPLETE');
      assert.equal((await recipientRow(server, m3)).status, 'NotNeeded');

      await server.service.worker.drain();
      const told = mailsTo(sink, 'first.m3@example.test').find((mail) => /no longer needed/.test(mail.subject ?? ''));
      assert.ok(told, 'the third member is told the group is complete');
      assert.match(told.text ?? '', /The group "Board" of "Sales agreement"/);
      assert.equal(mailsTo(sink, 'first.m1@example.test').filter((mail) => /no longer needed/.test(mail.subject ?? '')).length, 0);

      assert.equal((await sign(await token(grace))).body.data.all_signed, true);
      assert.equal((await waitForCompletion(server, envelopeId)).status, 'Completed');
    });

    it('takes exactly two signatures when the last two members sign at once: one 200, one 409 GROUP_COMPLETE', async () => {
      const { members, token } = await board('race');
      const [m1, m2, m3] = members as [string, string, string];
      assert.equal((await sign(await token(m1))).status, 200);
      const tokens = [await token(m2), await token(m3)];
      const answers = await Promise.all(tokens.map((signingToken) => sign(signingToken)));
      assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409], JSON.stringify(answers.map((a) => a.body)));
      assertError(
        answers.find((answer) => answer.status === 409)!,
        409,
        'GROUP_COMPLETE',
      );
      const statuses = await Promise.all(members.map(async (id) => (await recipientRow(server, id)).status));
      assert.deepEqual(statuses.filter((status) => status === 'Signed').length, 2);
      assert.deepEqual(statuses.filter((status) => status === 'NotNeeded').length, 1);
    });

    it('declines only the member while the others can still give the group its signatures; the envelope goes on', async () => {
      const { envelopeId, members, token } = await board('decline');
      const [m1, m2, m3] = members as [string, string, string];
      const declined = await server.call('POST', `/api/v2.0/signing/${await token(m1)}/decline`, {
        body: { reason: 'Conflict of interest.' },
      });
      assert.equal(declined.status, 200, JSON.stringify(declined.body));
      assert.equal(declined.body.data.status, 'Sent');
      assert.equal((await recipientRow(server, m1)).status, 'Declined');
      assert.equal((await envelopeRow(server, envelopeId)).status, 'Sent');
      const [entry] = await ledgerEntries(server, envelopeId, 'RECIPIENT_DECLINED');
      assert.match(entry!.description, /Member 1 declined to sign for their signing group: Conflict of interest\./);
      assert.equal((await ledgerEntries(server, envelopeId, 'ENVELOPE_DECLINED')).length, 0);
      assert.equal((await sign(await token(m2))).status, 200);
      assert.equal((await sign(await token(m3))).status, 200);
      assert.equal((await envelopeRow(server, envelopeId)).status, 'InProgress');
    });

    it('declines the envelope once too few members are left to reach the required signatures', async () => {
      const { envelopeId, members, token } = await board('toofew');
      const [m1, m2] = members as [string, string, string];
      const decline = async (id: string) =>
        server.call('POST', `/api/v2.0/signing/${await token(id)}/decline`, { body: { reason: 'Not our decision.' } });
      assert.equal((await decline(m1)).body.data.status, 'Sent');
      const second = await decline(m2);
      assert.equal(second.status, 200, JSON.stringify(second.body));
      assert.equal(second.body.data.status, 'Declined');
      assert.equal((await envelopeRow(server, envelopeId)).status, 'Declined');
    });
  },
  { smtpSink: true },
);
