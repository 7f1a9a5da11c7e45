import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest, newSender, type Sender } from '../../support/envelopes.js';
import { assertError, type TestServer } from '../../support/test-server.js';
import { ledgerEntries } from './corrections-support.js';

const signature = (page = 1, y = 600) => ({ type: 'signature', page, x: 72, y, width: 160, height: 40 });
const ada = { name: 'Ada Lovelace', email: 'ada@example.test', fields: [signature()] };
const grace = { name: 'Grace Hopper', email: 'grace@example.test', fields: [signature(2)] };

const recipientsOf = (server: TestServer, envelopeId: string) =>
  server.service.ctx.db
    .selectFrom('recipients')
    .selectAll()
    .where('envelope_id', '=', envelopeId)
    .where('role', '=', 'signer')
    .orderBy('position')
    .execute();

const fieldsOfEnvelope = (server: TestServer, envelopeId: string) =>
  server.service.ctx.db
    .selectFrom('fields')
    .selectAll()
    .where('envelope_id', '=', envelopeId)
    .orderBy('recipient_id')
    .orderBy('position')
    .execute();

describeOnEachDatabase('Creating envelopes with workflow roles (docs/api/workflows.md)', (server) => {
  let sender: Sender;
  before(async () => {
    sender = await newSender(server);
  });

  const create = async (signers: unknown[], options: { flow?: string; envelope?: Record<string, unknown> } = {}) =>
    server.call('POST', '/api/v2.0/envelopes/create', {
      token: sender.token,
      body: await envelopeRequest({ flow: options.flow, envelope: options.envelope, signers: signers as never }),
    });
  const created = async (signers: unknown[], options: { flow?: string; envelope?: Record<string, unknown> } = {}) => {
    const response = await create(signers, options);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body.data;
  };

  it('stores each role with its host and witness, answers the roles, and gives a signature page only to roles that sign', async () => {
    const data = await created(
      [
        ada,
        { name: 'Mary Jackson', email: 'mary@example.test', role: 'approver' },
        { name: 'Dorothy Vaughan', email: 'dorothy@example.test', role: 'viewer' },
        { name: 'Katherine Johnson', email: 'katherine@example.test', role: 'in_person', host_email: sender.email.toUpperCase() },
        { name: 'Annie Easley', email: 'annie@example.test', role: 'witness', witness_for: 'KATHERINE@example.test' },
      ],
      { flow: 'Parallel' },
    );
    assert.deepEqual(
      data.recipients.signers.map((s: { email: string; role: string; status: string }) => [s.email, s.role, s.status]),
      [
        ['ada@example.test', 'signer', 'Sent'],
        ['mary@example.test', 'approver', 'Sent'],
        ['dorothy@example.test', 'viewer', 'Sent'],
        ['katherine@example.test', 'in_person', 'Sent'],
        ['annie@example.test', 'witness', 'Waiting'],
      ],
    );
    const rows = await recipientsOf(server, data.envelope_id);
    const owner = await server.service.ctx.db.selectFrom('users').select('id').where('email', '=', sender.email).executeTakeFirstOrThrow();
    assert.deepEqual(
      rows.map((r) => [r.signer_role, r.host_user_id, r.witness_for]),
      [
        ['signer', null, null],
        ['approver', null, null],
        ['viewer', null, null],
        ['in_person', owner.id, null],
        ['witness', null, rows[3]!.id],
      ],
    );
    assert.deepEqual(
      data.warnings.map((w: { signer_email: string }) => w.signer_email),
      ['katherine@example.test', 'annie@example.test'],
    );
    const fields = await fieldsOfEnvelope(server, data.envelope_id);
    assert.equal(fields.filter((f) => f.recipient_id === rows[1]!.id || f.recipient_id === rows[2]!.id).length, 0);
  });

  it('answers 400 INVALID_SIGNER_ROLE for a role that is none', async () => {
    const error = assertError(await create([{ ...ada, role: 'notary' }]), 400, 'INVALID_SIGNER_ROLE');
    assert.equal(error.field, 'recipients.signers[0].role');
  });

  it('answers 400 FIELDS_NOT_ALLOWED for an approver or a viewer given fields', async () => {
    const response = await create([
      { ...ada, role: 'approver' },
      { ...grace, role: 'viewer' },
    ]);
    const errors = assertError(response, 400, 'FIELDS_NOT_ALLOWED') && response.body.errors;
    assert.deepEqual(
      errors.map((e: { error_code: string; field: string }) => [e.error_code, e.field]),
      [
        ['FIELDS_NOT_ALLOWED', 'recipients.signers[0].fields'],
        ['FIELDS_NOT_ALLOWED', 'recipients.signers[1].fields'],
      ],
    );
  });

  it('answers 400 HOST_NOT_FOUND for an in-person signer without a host, or whose host is no user of the account', async () => {
    const other = await newSender(server);
    const response = await create([
      { ...ada, role: 'in_person' },
      { ...grace, role: 'in_person', host_email: other.email },
      { name: 'Mary Jackson', email: 'mary@example.test', role: 'in_person', host_email: 'nobody@example.test' },
    ]);
    assertError(response, 400, 'HOST_NOT_FOUND');
    assert.deepEqual(
      response.body.errors.map((e: { error_code: string; field: string }) => [e.error_code, e.field]),
      [
        ['HOST_NOT_FOUND', 'recipients.signers[0].host_email'],
        ['HOST_NOT_FOUND', 'recipients.signers[1].host_email'],
        ['HOST_NOT_FOUND', 'recipients.signers[2].host_email'],
      ],
    );
  });

  it('answers 400 INVALID_FIELD for host_email or witness_for on a role they are not for', async () => {
    const response = await create([{ ...ada, host_email: sender.email, witness_for: 'grace@example.test' }, grace]);
    assert.deepEqual(
      response.body.errors.map((e: { error_code: string; field: string }) => [e.error_code, e.field]),
      [
        ['INVALID_FIELD', 'recipients.signers[0].host_email'],
        ['INVALID_FIELD', 'recipients.signers[0].witness_for'],
      ],
    );
  });

  it('answers 400 WITNESS_TARGET_NOT_FOUND for an unknown signer, a witness, an approver, a group or the witness itself', async () => {
    const witness = (email: string, witnessFor?: string) => ({
      name: 'W',
      email,
      role: 'witness',
      ...(witnessFor ? { witness_for: witnessFor } : {}),
    });
    const response = await create([
      ada,
      { name: 'Mary Jackson', email: 'mary@example.test', role: 'approver' },
      {
        group: {
          name: 'Board',
          members: [
            { name: 'B1', email: 'b1@example.test' },
            { name: 'B2', email: 'b2@example.test' },
          ],
        },
      },
      witness('w1@example.test', 'nobody@example.test'),
      witness('w2@example.test', 'w1@example.test'),
      witness('w3@example.test', 'mary@example.test'),
      witness('w4@example.test', 'Board'),
      witness('w5@example.test', 'b1@example.test'),
      witness('w6@example.test', 'w6@example.test'),
      witness('w7@example.test'),
    ]);
    assertError(response, 400, 'WITNESS_TARGET_NOT_FOUND');
    assert.deepEqual(
      response.body.errors.map((e: { error_code: string; field: string }) => [e.error_code, e.field]),
      [3, 4, 5, 6, 7, 8, 9].map((i) => ['WITNESS_TARGET_NOT_FOUND', `recipients.signers[${i}].witness_for`]),
    );
    assert.match(response.body.errors[5].developer_message, /cannot witness themselves/);
  });

  it('gives a witness the order of the signer they witness, outside the Sequential distinct-order rule', async () => {
    const data = await created(
      [
        { ...ada, signing_order: 1 },
        { ...grace, signing_order: 2 },
        { name: 'Annie Easley', role: 'witness', witness_for: 'ada@example.test', fields: [signature(1, 500)] },
        { name: 'Mary Jackson', email: 'mary@example.test', role: 'witness', witness_for: 'grace@example.test', signing_order: 2 },
      ],
      { flow: 'Sequential' },
    );
    const rows = await recipientsOf(server, data.envelope_id);
    assert.deepEqual(
      rows.map((r) => [r.email, r.signing_order, r.status, r.witness_for]),
      [
        ['ada@example.test', 1, 'Sent', null],
        ['grace@example.test', 2, 'Waiting', null],
        ['', 1, 'Waiting', rows[0]!.id],
        ['mary@example.test', 2, 'Waiting', rows[1]!.id],
      ],
    );
    assert.equal(rows[2]!.name, 'Annie Easley');
    const jobs = await server.service.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', 'send-invitation').execute();
    assert.ok(
      !jobs.some((job) => String(job.payload).includes(rows[2]!.id)),
      'a witness is not invited before the witnessed signer is done',
    );
  });

  it('answers 400 INVALID_SIGNING_ORDER for a witness whose own order differs from the witnessed signer’s', async () => {
    const error = assertError(
      await create(
        [
          { ...ada, signing_order: 1 },
          { ...grace, signing_order: 2 },
          { name: 'W', email: 'w@example.test', role: 'witness', witness_for: 'ada@example.test', signing_order: 2 },
        ],
        { flow: 'Sequential' },
      ),
      400,
      'INVALID_SIGNING_ORDER',
    );
    assert.equal(error.field, 'recipients.signers[2].signing_order');
  });

  it('answers 400 FIELD_REQUIRED for a signer without e-mail who is not a witness', async () => {
    const error = assertError(await create([{ name: 'Ada Lovelace', fields: [signature()] }]), 400, 'FIELD_REQUIRED');
    assert.equal(error.field, 'recipients.signers[0].email');
  });

  it('stores allow_reassign on the envelope (default false)', async () => {
    const on = await created([ada], { envelope: { allow_reassign: true } });
    const off = await created([ada]);
    const read = (id: string) =>
      server.service.ctx.db.selectFrom('envelopes').select('allow_reassign').where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(Number((await read(on.envelope_id)).allow_reassign), 1);
    assert.equal(Number((await read(off.envelope_id)).allow_reassign), 0);
  });

  it('writes the roles and groups into the ENVELOPE_CREATED ledger entry', async () => {
    const data = await created([
      ada,
      { name: 'Mary Jackson', email: 'mary@example.test', role: 'approver' },
      {
        group: {
          name: 'Board',
          required: 2,
          members: [
            { name: 'B1', email: 'b1@example.test' },
            { name: 'B2', email: 'b2@example.test' },
          ],
        },
      },
    ]);
    const [entry] = await ledgerEntries(server, data.envelope_id, 'ENVELOPE_CREATED');
    assert.match(entry!.description, /including 1 approver; signing group "Board" \(2 of 2\)/);
  });
});
