import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest, newSender, type Sender } from '../../support/envelopes.js';
import { assertError, type TestServer } from '../../support/test-server.js';

const signature = (page = 1, y = 600) => ({ type: 'signature', page, x: 72, y, width: 160, height: 40 });
const ada = { name: 'Ada Lovelace', email: 'ada@example.test', fields: [signature()] };
const members = (count: number, prefix = 'm') =>
  Array.from({ length: count }, (_, i) => ({ name: `Member ${i + 1}`, email: `${prefix}${i + 1}@example.test` }));

const signerRows = (server: TestServer, envelopeId: string) =>
  server.service.ctx.db
    .selectFrom('recipients')
    .selectAll()
    .where('envelope_id', '=', envelopeId)
    .where('role', '=', 'signer')
    .orderBy('position')
    .execute();

const fieldRows = (server: TestServer, recipientId: string) =>
  server.service.ctx.db.selectFrom('fields').selectAll().where('recipient_id', '=', recipientId).orderBy('position').execute();

const errorsOf = (body: { errors: { error_code: string; field?: string }[] }) => body.errors.map((e) => [e.error_code, e.field]);

describeOnEachDatabase('Creating envelopes with signing groups and conditional fields (docs/api/workflows.md)', (server) => {
  let sender: Sender;
  before(async () => {
    sender = await newSender(server);
  });

  const create = async (signers: unknown[], flow = 'Sequential') =>
    server.call('POST', '/api/v2.0/envelopes/create', {
      token: sender.token,
      body: await envelopeRequest({ flow, signers: signers as never }),
    });

  it('stores a 2-of-3 group in its place: one group row, a member row each sharing the order, each with a copy of the named fields', async () => {
    const response = await create([
      { ...ada, signing_order: 1 },
      {
        group: { name: 'Board', required: 2, members: members(3) },
        signing_order: 2,
        fields: [
          { ...signature(2), name: 'board_signature' },
          { type: 'checkbox', page: 2, x: 72, y: 500, width: 14, height: 14, name: 'objection' },
          {
            type: 'text',
            page: 2,
            x: 100,
            y: 500,
            width: 200,
            height: 20,
            name: 'objection_reason',
            show_if: { field: 'objection', equals: true },
          },
        ],
      },
    ]);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const data = response.body.data;
    const rows = await signerRows(server, data.envelope_id);
    const group = await server.service.ctx.db
      .selectFrom('signing_groups')
      .selectAll()
      .where('envelope_id', '=', data.envelope_id)
      .executeTakeFirstOrThrow();
    assert.deepEqual([group.name, group.required, group.position, group.completed_at], ['Board', 2, 2, null]);
    assert.deepEqual(data.recipients.signers, [
      { recipient_id: rows[0]!.id, email: 'ada@example.test', status: 'Sent', role: 'signer' },
      {
        group: {
          group_id: group.id,
          name: 'Board',
          members: rows.slice(1).map((row) => ({ recipient_id: row.id, email: row.email, status: 'Waiting' })),
        },
      },
    ]);
    assert.deepEqual(
      rows.map((row) => [row.email, row.signing_order, row.group_id, row.signer_role]),
      [
        ['ada@example.test', 1, null, 'signer'],
        ['m1@example.test', 2, group.id, 'signer'],
        ['m2@example.test', 2, group.id, 'signer'],
        ['m3@example.test', 2, group.id, 'signer'],
      ],
    );
    for (const member of rows.slice(1)) {
      const fields = await fieldRows(server, member.id);
      assert.deepEqual(
        fields.map((field) => [field.type, field.name, field.show_if && JSON.parse(String(field.show_if))]),
        [
          ['signature', 'board_signature', null],
          ['checkbox', 'objection', null],
          ['text', 'objection_reason', { field: 'objection', equals: true }],
        ],
      );
    }
  });

  it('invites every member of a group whose turn it is', async () => {
    const response = await create([{ group: { name: 'Witnesses', members: members(2, 'w') }, fields: [signature()] }, ada], 'Sequential');
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.deepEqual(
      response.body.data.recipients.signers[0].group.members.map((m: { status: string }) => m.status),
      ['Sent', 'Sent'],
    );
    assert.equal(response.body.data.recipients.signers[1].status, 'Waiting');
  });

  it('gives a fieldless group one signature line, copied to each member, and a warning per member', async () => {
    const response = await create([{ group: { name: 'Board', members: members(2) } }]);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.deepEqual(
      response.body.data.warnings.map((w: { signer_email: string }) => w.signer_email),
      ['m1@example.test', 'm2@example.test'],
    );
    const rows = await signerRows(server, response.body.data.envelope_id);
    const [first, second] = await Promise.all(rows.map((row) => fieldRows(server, row.id)));
    assert.deepEqual([first!.length, second!.length, first![0]!.page, first![0]!.y], [1, 1, second![0]!.page, second![0]!.y]);
  });

  it('answers 400 INVALID_SIGNING_GROUP for too few or too many members, a required count out of range, or a member twice', async () => {
    const response = await create([
      { group: { name: 'Alone', members: members(1, 'a') } },
      { group: { name: 'Crowd', members: members(21, 'c') } },
      { group: { name: 'Pair', required: 3, members: members(2, 'p') } },
      {
        group: {
          name: 'Twice',
          members: [
            { name: 'T', email: 't@example.test' },
            { name: 'T again', email: 'T@example.test' },
          ],
        },
      },
    ]);
    assertError(response, 400, 'INVALID_SIGNING_GROUP');
    assert.deepEqual(errorsOf(response.body), [
      ['INVALID_SIGNING_GROUP', 'recipients.signers[0].group.members'],
      ['INVALID_SIGNING_GROUP', 'recipients.signers[1].group.members'],
      ['INVALID_SIGNING_GROUP', 'recipients.signers[2].group.required'],
      ['INVALID_SIGNING_GROUP', 'recipients.signers[3].group.members[1].email'],
    ]);
  });

  it('answers 400 INVALID_SIGNING_GROUP for required 0 (schema bound)', async () => {
    const error = assertError(await create([{ group: { name: 'Board', required: 0, members: members(2) } }]), 400, 'INVALID_SIGNING_GROUP');
    assert.equal(error.field, 'recipients.signers[0].group.required');
  });

  it('answers 400 DUPLICATE_SIGNER for an address both a signer and a member', async () => {
    const error = assertError(
      await create([ada, { group: { name: 'Board', members: [{ name: 'Ada', email: 'ADA@example.test' }, ...members(1)] } }]),
      400,
      'DUPLICATE_SIGNER',
    );
    assert.equal(error.field, 'recipients.signers[1].group.members[0].email');
  });

  it('answers 400 TOO_MANY_SIGNERS once the members of all groups exceed 50 people', async () => {
    const error = assertError(
      await create([
        { group: { name: 'A', members: members(20, 'a') } },
        { group: { name: 'B', members: members(20, 'b') } },
        { group: { name: 'C', members: members(11, 'c') } },
      ]),
      400,
      'TOO_MANY_SIGNERS',
    );
    assert.equal(error.field, 'recipients.signers');
  });

  it('answers 400 UNKNOWN_FIELD for a person key on a group entry', async () => {
    const error = assertError(
      await create([{ group: { name: 'Board', members: members(2) }, email: 'board@example.test', role: 'approver' }]),
      400,
      'UNKNOWN_FIELD',
    );
    assert.equal(error.field, 'recipients.signers[0].email');
  });

  it('stores a radio field with its options, and answers 400 INVALID_FIELD_OPTIONS for one without', async () => {
    const radio = { type: 'radio', page: 1, x: 72, y: 400, width: 200, height: 60, name: 'plan', options: ['Basic', 'Pro'] };
    const response = await create([{ ...ada, fields: [signature(), radio] }]);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const rows = await signerRows(server, response.body.data.envelope_id);
    const stored = (await fieldRows(server, rows[0]!.id))[1]!;
    assert.deepEqual([stored.type, stored.name, JSON.parse(String(stored.options))], ['radio', 'plan', ['Basic', 'Pro']]);

    const error = assertError(await create([{ ...ada, fields: [{ ...radio, options: undefined }] }]), 400, 'INVALID_FIELD_OPTIONS');
    assert.equal(error.field, 'recipients.signers[0].fields[0].options');
  });

  it('answers 400 DUPLICATE_FIELD_NAME for a name used twice in the envelope, across signers', async () => {
    const response = await create([
      { ...ada, fields: [{ ...signature(), name: 'sig' }] },
      { name: 'Grace Hopper', email: 'grace@example.test', fields: [{ ...signature(2), name: 'sig' }] },
    ]);
    assert.deepEqual(errorsOf(response.body), [['DUPLICATE_FIELD_NAME', 'recipients.signers[1].fields[0].name']]);
  });

  it('answers 400 UNKNOWN_CONDITION_FIELD for a condition on a name no field has, and CONDITION_CYCLE for conditions that lead back', async () => {
    const text = (name: string, showIf: string, y: number) => ({
      type: 'text',
      page: 1,
      x: 72,
      y,
      width: 100,
      height: 20,
      name,
      show_if: { field: showIf, equals: 'yes' },
    });
    const response = await create([{ ...ada, fields: [signature(), text('a', 'b', 100), text('b', 'a', 150), text('c', 'nowhere', 200)] }]);
    assert.deepEqual(errorsOf(response.body), [
      ['UNKNOWN_CONDITION_FIELD', 'recipients.signers[0].fields[3].show_if.field'],
      ['CONDITION_CYCLE', 'recipients.signers[0].fields[1].show_if'],
      ['CONDITION_CYCLE', 'recipients.signers[0].fields[2].show_if'],
    ]);
  });

  it('answers a condition on another signer’s field as valid', async () => {
    const response = await create([
      { ...ada, fields: [signature(), { type: 'checkbox', page: 1, x: 72, y: 300, width: 14, height: 14, name: 'agree' }] },
      {
        name: 'Grace Hopper',
        email: 'grace@example.test',
        fields: [{ ...signature(2), show_if: { field: 'agree', equals: true } }],
      },
    ]);
    assert.equal(response.status, 201, JSON.stringify(response.body));
  });
});
