import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stampedFields } from '../../../src/app/completion/stamped-fields.js';
import type { Field } from '../../../src/infra/db/tables/fields-table.js';
import type { Recipient } from '../../../src/infra/db/tables/recipients-table.js';

const recipient = (id: string, overrides: Partial<Recipient> = {}): Recipient => ({
  id,
  envelopeId: 'env_1',
  role: 'signer',
  position: 1,
  name: id,
  email: `${id}@example.test`,
  title: null,
  signingOrder: 1,
  status: 'Signed',
  countryCode: null,
  phoneNumber: null,
  privateNote: null,
  sentAt: null,
  viewedAt: null,
  consentedAt: null,
  consentTextSha256: null,
  language: 'en',
  signedAt: '2026-11-20T09:00:00.000Z',
  declinedAt: null,
  declineReason: null,
  ipAddress: null,
  userAgent: null,
  location: null,
  signature: null,
  lastRemindedAt: null,
  autoRemindedAt: null,
  signerRole: 'signer',
  hostUserId: null,
  witnessFor: null,
  groupId: null,
  viewedDocuments: null,
  approvedAt: null,
  notNeededAt: null,
  ...overrides,
});

let position = 0;
const field = (id: string, recipientId: string, overrides: Partial<Field> = {}): Field => ({
  id,
  envelopeId: 'env_1',
  recipientId,
  position: position++,
  type: 'text',
  document: 1,
  page: 1,
  x: 10,
  y: 10,
  width: 100,
  height: 20,
  required: false,
  placeholder: null,
  defaultValue: null,
  editable: true,
  options: null,
  value: null,
  name: null,
  showIf: null,
  ...overrides,
});

const ids = (fields: Field[]) => fields.map((f) => f.id).sort();

describe('stampedFields', () => {
  it('leaves out the fields hidden by their conditions, a hidden checkbox included', () => {
    const fields = [
      field('plan', 'ann', { type: 'radio', options: ['monthly', 'yearly'], name: 'plan', value: 'monthly' }),
      field('reason', 'ann', { showIf: { field: 'plan', equals: 'yearly' } }),
      field('card', 'ann', { name: 'card', showIf: { field: 'plan', equals: 'monthly' }, value: '4111' }),
      field('agree', 'ann', { type: 'checkbox', showIf: { field: 'plan', equals: 'yearly' } }),
      field('after-card', 'bob', { showIf: { field: 'card', equals: '4111' }, value: 'shown' }),
    ];
    assert.deepEqual(ids(stampedFields(fields, [recipient('ann'), recipient('bob')])), ['after-card', 'card', 'plan']);
  });

  it('follows a chain: a field shown by a hidden field is hidden too', () => {
    const fields = [
      field('a', 'ann', { type: 'checkbox', name: 'a', value: 'false' }),
      field('b', 'ann', { type: 'checkbox', name: 'b', value: 'true', showIf: { field: 'a', equals: true } }),
      field('c', 'ann', { showIf: { field: 'b', equals: true }, value: 'x' }),
    ];
    assert.deepEqual(ids(stampedFields(fields, [recipient('ann')])), ['a']);
  });

  it("prints only the group's first signer's copy, never a member who was not needed", () => {
    const members = [
      recipient('m1', { groupId: 'g', signedAt: '2026-11-20T09:05:00.000Z' }),
      recipient('m2', { groupId: 'g', signedAt: '2026-11-20T09:01:00.000Z' }),
      recipient('m3', { groupId: 'g', status: 'NotNeeded', signedAt: null }),
    ];
    const fields = members.map((m) => field(`sig-${m.id}`, m.id, { type: 'signature' }));
    assert.deepEqual(ids(stampedFields(fields, members)), ['sig-m2']);
  });

  it("evaluates a member's conditions with their own copy of a group field", () => {
    const members = [
      recipient('m1', { groupId: 'g', signedAt: '2026-11-20T09:01:00.000Z' }),
      recipient('m2', { groupId: 'g', signedAt: '2026-11-20T09:02:00.000Z' }),
    ];
    const fields = [
      field('m1-opt', 'm1', { type: 'checkbox', name: 'opt', value: 'true' }),
      field('m1-note', 'm1', { showIf: { field: 'opt', equals: true }, value: 'note' }),
      field('m2-opt', 'm2', { type: 'checkbox', name: 'opt', value: 'false' }),
      field('m2-note', 'm2', { showIf: { field: 'opt', equals: true } }),
    ];
    assert.deepEqual(ids(stampedFields(fields, members)), ['m1-note', 'm1-opt']);
  });

  it('prints nothing of recipients who did not sign: approvers, viewers, observers', () => {
    const recipients = [
      recipient('ann', { signerRole: 'approver', status: 'Approved', signedAt: null }),
      recipient('vic', { signerRole: 'viewer', status: 'Viewed', signedAt: null }),
      recipient('sig'),
    ];
    const fields = [field('f-ann', 'ann'), field('f-vic', 'vic'), field('f-sig', 'sig', { value: 'x' })];
    assert.deepEqual(ids(stampedFields(fields, recipients)), ['f-sig']);
  });
});
