import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest, newSender, type Sender } from '../../support/envelopes.js';
import { signBody, tokenFor } from '../signing/signing-helpers.js';

const signature = (page = 1, y = 600) => ({ type: 'signature', page, x: 72, y, width: 160, height: 40 });
const ada = { name: 'Ada Lovelace', email: 'ada@example.test', fields: [signature()] };

describeOnEachDatabase('Envelope details of workflows (docs/api/workflows.md)', (server) => {
  let sender: Sender;
  let ownerName: string;
  before(async () => {
    sender = await newSender(server);
    ownerName = (await server.service.ctx.db.selectFrom('users').select('name').where('email', '=', sender.email).executeTakeFirstOrThrow())
      .name;
  });

  const create = async (signers: unknown[], envelope: Record<string, unknown> = {}, flow = 'Parallel') => {
    const response = await server.call('POST', '/api/v2.0/envelopes/create', {
      token: sender.token,
      body: await envelopeRequest({ flow, envelope, signers: signers as never }),
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body.data;
  };
  const details = async (envelopeId: string) => {
    const response = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token: sender.token });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data;
  };

  it('shows each role, the in-person host, the witnessed signer, approvals, no delegations, allow_reassign and returned', async () => {
    const created = await create(
      [
        ada,
        { name: 'Mary Jackson', email: 'mary@example.test', role: 'approver' },
        { name: 'Katherine Johnson', email: 'katherine@example.test', role: 'in_person', host_email: sender.email },
        {
          name: 'Annie Easley',
          email: 'annie@example.test',
          role: 'witness',
          witness_for: 'katherine@example.test',
          fields: [signature(2)],
        },
      ],
      { allow_reassign: true },
    );
    const data = await details(created.envelope_id);
    assert.equal(data.allow_reassign, true);
    assert.equal(data.returned, null);
    const signers = data.recipients.signers;
    assert.deepEqual(
      signers.map((s: Record<string, unknown>) => [s.email, s.role, s.host, s.witness_for, s.approved_at, s.delegations]),
      [
        ['ada@example.test', 'signer', null, null, null, []],
        ['mary@example.test', 'approver', null, null, null, []],
        ['katherine@example.test', 'in_person', { name: ownerName, email: sender.email }, null, null, []],
        ['annie@example.test', 'witness', null, signers[2].recipient_id, null, []],
      ],
    );

    const maryToken = await tokenFor(server, created.envelope_id, signers[1].recipient_id);
    const approved = await server.call('POST', `/api/v2.0/signing/${maryToken}/approve`, { body: { consent: true } });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    const after = await details(created.envelope_id);
    assert.equal(after.recipients.signers[1].status, 'Approved');
    assert.equal(after.recipients.signers[1].approved_at, approved.body.data.approved_at);
  });

  it('shows a group in its place with its members, how many signed, and its status: the furthest member until done, then Signed', async () => {
    const created = await create([
      ada,
      {
        group: {
          name: 'Board',
          required: 2,
          members: [
            { name: 'B One', email: 'b1@example.test' },
            { name: 'B Two', email: 'b2@example.test' },
            { name: 'B Three', email: 'b3@example.test' },
          ],
        },
        fields: [signature(2)],
      },
    ]);
    const groupEntry = async () => (await details(created.envelope_id)).recipients.signers[1];
    const entry = await groupEntry();
    const memberIds = entry.group.members.map((m: { recipient_id: string }) => m.recipient_id);
    assert.deepEqual(entry, {
      group: {
        group_id: created.recipients.signers[1].group.group_id,
        name: 'Board',
        required: 2,
        signed: 0,
        members: ['b1', 'b2', 'b3'].map((b, i) => ({
          recipient_id: memberIds[i],
          name: `B ${['One', 'Two', 'Three'][i]}`,
          email: `${b}@example.test`,
          status: 'Sent',
          sent_at: entry.group.members[i].sent_at,
          viewed_at: null,
          signed_at: null,
          declined_at: null,
        })),
      },
      signing_order: 1,
      status: 'Sent',
    });

    const signAs = async (recipientId: string) => {
      const token = await tokenFor(server, created.envelope_id, recipientId);
      const response = await server.call('POST', `/api/v2.0/signing/${token}/sign`, { body: signBody() });
      assert.equal(response.status, 200, JSON.stringify(response.body));
    };
    await signAs(memberIds[0]);
    const halfway = await groupEntry();
    assert.deepEqual([halfway.group.signed, halfway.status], [1, 'Viewed']);
    await signAs(memberIds[1]);
    const done = await groupEntry();
    assert.deepEqual(
      [done.group.signed, done.status, done.group.members.map((m: { status: string }) => m.status)],
      [2, 'Signed', ['Signed', 'Signed', 'NotNeeded']],
    );
  });

  it('shows the chain of hand-overs of a reassigned step, oldest first', async () => {
    const created = await create([ada], { allow_reassign: true });
    const recipientId = created.recipients.signers[0].recipient_id;
    const first = await tokenFor(server, created.envelope_id, recipientId);
    const handed = await server.call('POST', `/api/v2.0/signing/${first}/reassign`, {
      body: { name: 'Grace Hopper', email: 'grace@example.test', reason: 'Grace signs for the team.' },
    });
    assert.equal(handed.status, 200, JSON.stringify(handed.body));
    const second = await tokenFor(server, created.envelope_id, recipientId);
    const again = await server.call('POST', `/api/v2.0/signing/${second}/reassign`, {
      body: { name: 'Mary Jackson', email: 'mary@example.test' },
    });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    const signer = (await details(created.envelope_id)).recipients.signers[0];
    assert.equal(signer.email, 'mary@example.test');
    assert.deepEqual(
      signer.delegations.map((d: { from: { email: string }; to: { email: string }; reason: string | null }) => [
        d.from.email,
        d.to.email,
        d.reason,
      ]),
      [
        ['ada@example.test', 'grace@example.test', 'Grace signs for the team.'],
        ['grace@example.test', 'mary@example.test', null],
      ],
    );
    const history = await server.call('GET', `/api/v2.0/envelopes/${created.envelope_id}/history`, { token: sender.token });
    assert.equal(history.status, 200, JSON.stringify(history.body));
    assert.equal(
      JSON.stringify(history.body.data).match(/"activity_type":"RECIPIENT_REASSIGNED"/g)?.length,
      2,
      'the history lists each hand-over',
    );
  });

  it('shows who sent the envelope back, when and why, while it is Correcting', async () => {
    const created = await create([ada]);
    const token = await tokenFor(server, created.envelope_id, created.recipients.signers[0].recipient_id);
    const returned = await server.call('POST', `/api/v2.0/signing/${token}/return`, { body: { comment: 'The start date is wrong.' } });
    assert.equal(returned.status, 200, JSON.stringify(returned.body));
    const data = await details(created.envelope_id);
    assert.equal(data.status, 'Correcting');
    assert.deepEqual(
      [data.returned.by, data.returned.comment],
      [
        { recipient_id: created.recipients.signers[0].recipient_id, name: 'Ada Lovelace', email: 'ada@example.test' },
        'The start date is wrong.',
      ],
    );
    assert.equal(typeof data.returned.at, 'string');

    const listed = await server.call('POST', '/api/v2.0/envelopes/list', {
      token: sender.token,
      body: { filters: { status: ['Correcting'] } },
    });
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    assert.deepEqual(
      listed.body.data.envelopes.map((e: { envelope_id: string; status: string }) => [e.envelope_id, e.status]),
      [[created.envelope_id, 'Correcting']],
    );
  });
});
