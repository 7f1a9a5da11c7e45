import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { newSender, type Sender } from '../../support/envelopes.js';
import { assertError } from '../../support/test-server.js';
import { pdf } from '../templates/template-requests.js';

const signature = (page = 1, y = 600) => ({ type: 'signature', page, x: 72, y, width: 160, height: 40 });

/** A lease: a tenant (with a conditional field), a board group of 3 where 2 sign, a witness of the tenant, an approver, an in-person landlord. */
const leaseRoles = (hostEmail: string) => ({
  signers: [
    {
      signer_title: 'Tenant',
      signing_order: 1,
      fields: [
        signature(),
        { type: 'radio', page: 1, x: 72, y: 400, width: 200, height: 60, name: 'pets', options: ['none', 'cat', 'dog'] },
        { type: 'text', page: 1, x: 72, y: 300, width: 200, height: 20, name: 'pet_name', show_if: { field: 'pets', equals: 'dog' } },
      ],
    },
    { signer_title: 'Tenant witness', role: 'witness', witness_for: 'Tenant', fields: [signature(1, 200)] },
    { signer_title: 'Board', signing_order: 2, group: { name: 'Board', required: 2, size: 3 }, fields: [signature(2)] },
    { signer_title: 'Controller', signing_order: 3, role: 'approver' },
    { signer_title: 'Landlord', signing_order: 4, role: 'in_person', host_email: hostEmail, fields: [signature(2, 400)] },
  ],
  observers: [],
});

describeOnEachDatabase('Templates with workflow roles (docs/api/workflows.md)', (server) => {
  let sender: Sender;
  before(async () => {
    sender = await newSender(server);
  });

  const createTemplate = async (roles: unknown, template: Record<string, unknown> = {}) =>
    server.call('POST', '/api/v2.0/templates/create', {
      token: sender.token,
      body: {
        template: { name: 'Lease', sign_process_flow: 'Sequential', ...template },
        documents: [{ name: 'lease.pdf', content_base64: Buffer.from(await pdf()).toString('base64') }],
        roles,
      },
    });
  const members = [
    { name: 'B One', email: 'b1@example.test' },
    { name: 'B Two', email: 'b2@example.test' },
    { name: 'B Three', email: 'b3@example.test' },
  ];
  const fill = (templateId: string, signers: unknown[]) =>
    server.call('POST', '/api/v2.0/envelopes/create_with_template', {
      token: sender.token,
      body: { template_id: templateId, envelope: { name: 'Lease of flat 3' }, recipients: { signers } },
    });
  const leaseSigners = (boardMembers: unknown[] = members) => [
    { signer_title: 'Tenant', name: 'Ada Lovelace', email: 'ada@example.test' },
    { signer_title: 'Tenant witness' },
    { signer_title: 'Board', group: { members: boardMembers } },
    { signer_title: 'Controller', name: 'Mary Jackson', email: 'mary@example.test' },
    { signer_title: 'Landlord', name: 'Katherine Johnson', email: 'katherine@example.test' },
  ];

  it('keeps the roles’ settings, shows them, and makes envelopes with them: round trip to the details', async () => {
    const roles = leaseRoles(sender.email);
    const created = await createTemplate(roles, { allow_reassign: true });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const templateId = created.body.data.template_id;
    assert.deepEqual(
      created.body.data.roles.signers.map((r: Record<string, unknown>) => [r.signer_title, r.role, r.witness_for, r.group]),
      [
        ['Tenant', undefined, undefined, undefined],
        ['Tenant witness', 'witness', 'Tenant', undefined],
        ['Board', undefined, undefined, { name: 'Board', required: 2, size: 3 }],
        ['Controller', 'approver', undefined, undefined],
        ['Landlord', 'in_person', undefined, undefined],
      ],
    );
    const shown = await server.call('GET', `/api/v2.0/templates/${templateId}`, { token: sender.token });
    assert.equal(shown.status, 200, JSON.stringify(shown.body));
    assert.equal(shown.body.data.settings.allow_reassign, true);
    assert.equal(shown.body.data.roles.signers[4].host_email, sender.email);
    assert.deepEqual(shown.body.data.roles.signers[0].fields[2].show_if, { field: 'pets', equals: 'dog' });

    const envelope = await fill(templateId, leaseSigners());
    assert.equal(envelope.status, 201, JSON.stringify(envelope.body));
    const details = await server.call('GET', `/api/v2.0/envelopes/${envelope.body.data.envelope_id}/details`, { token: sender.token });
    assert.equal(details.status, 200, JSON.stringify(details.body));
    const [tenant, witness, board, controller, landlord] = details.body.data.recipients.signers;
    assert.equal(details.body.data.allow_reassign, true);
    assert.deepEqual([tenant.role, tenant.signing_order, tenant.status], ['signer', 1, 'Sent']);
    assert.deepEqual(
      [witness.role, witness.email, witness.witness_for, witness.signing_order, witness.status],
      ['witness', '', tenant.recipient_id, 1, 'Waiting'],
    );
    assert.deepEqual(
      [board.group.name, board.group.required, board.group.members.length, board.signing_order, board.status],
      ['Board', 2, 3, 2, 'Waiting'],
    );
    assert.deepEqual([controller.role, controller.signing_order], ['approver', 3]);
    assert.deepEqual([landlord.role, landlord.host.email, landlord.signing_order], ['in_person', sender.email, 4]);

    const fields = await server.service.ctx.db
      .selectFrom('fields')
      .select(['name', 'show_if', 'type'])
      .where('recipient_id', '=', tenant.recipient_id)
      .orderBy('position')
      .execute();
    assert.deepEqual(
      fields.map((f) => [f.type, f.name]),
      [
        ['signature', null],
        ['radio', 'pets'],
        ['text', 'pet_name'],
      ],
    );
  });

  it('answers 400 INVALID_SIGNING_GROUP when a group role is filled without members, with the wrong count, or a plain role with members', async () => {
    const templateId = (await createTemplate(leaseRoles(sender.email))).body.data.template_id;
    const signers = leaseSigners(members.slice(0, 2));
    signers[2] = { signer_title: 'Board', name: 'Board', email: 'board@example.test' } as never;
    signers[3] = { ...signers[3], group: { members } } as never;
    const response = await fill(templateId, signers);
    assertError(response, 400, 'INVALID_SIGNING_GROUP');
    const fields = response.body.errors
      .filter((e: { error_code: string }) => e.error_code === 'INVALID_SIGNING_GROUP')
      .map((e: { field: string }) => e.field);
    assert.deepEqual(fields, ['recipients.signers[2].group', 'recipients.signers[3].group']);

    const short = await fill(templateId, leaseSigners(members.slice(0, 2)));
    assert.equal(assertError(short, 400, 'INVALID_SIGNING_GROUP').field, 'recipients.signers[2].group.members');
  });

  it('answers each role check code at template creation, every problem at once', async () => {
    const other = await newSender(server);
    const response = await createTemplate({
      signers: [
        { signer_title: 'A', role: 'notary', fields: [signature()] },
        { signer_title: 'B', role: 'approver', fields: [signature(2)] },
        { signer_title: 'C', role: 'in_person', host_email: other.email },
        { signer_title: 'D', role: 'witness', witness_for: 'B' },
        { signer_title: 'E', group: { name: 'Many', required: 4, size: 3 } },
        { signer_title: 'F', fields: [{ ...signature(), name: 'x', show_if: { field: 'nowhere', equals: true } }] },
      ],
      observers: [],
    });
    assert.deepEqual(
      response.body.errors.map((e: { error_code: string; field: string }) => [e.error_code, e.field]),
      [
        ['INVALID_SIGNER_ROLE', 'roles.signers[0].role'],
        ['FIELDS_NOT_ALLOWED', 'roles.signers[1].fields'],
        ['WITNESS_TARGET_NOT_FOUND', 'roles.signers[3].witness_for'],
        ['INVALID_SIGNING_GROUP', 'roles.signers[4].group.required'],
        // The fields' conditions are checked with the fields the documents bring, after the roles' own checks.
        ['HOST_NOT_FOUND', 'roles.signers[2].host_email'],
        ['UNKNOWN_CONDITION_FIELD', 'roles.signers[5].fields[0].show_if.field'],
      ],
    );
  });

  it('checks the roles again when they are replaced', async () => {
    const templateId = (await createTemplate(leaseRoles(sender.email))).body.data.template_id;
    const response = await server.call('PUT', `/api/v2.0/templates/${templateId}`, {
      token: sender.token,
      body: { roles: { signers: [{ signer_title: 'Tenant', role: 'witness', witness_for: 'Tenant' }] } },
    });
    assert.equal(assertError(response, 400, 'WITNESS_TARGET_NOT_FOUND').field, 'roles.signers[0].witness_for');
  });

  it('reads a setting given as null as absent, so an editor can send back what it shows', async () => {
    const templateId = (await createTemplate(leaseRoles(sender.email))).body.data.template_id;
    const response = await server.call('PUT', `/api/v2.0/templates/${templateId}`, {
      token: sender.token,
      body: {
        roles: {
          signers: [{ signer_title: 'Tenant', role: null, host_email: null, witness_for: null, group: null, fields: [signature()] }],
        },
      },
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(Object.keys(response.body.data.roles.signers[0]).sort(), ['fields', 'signer_title', 'signing_order']);
  });
});
