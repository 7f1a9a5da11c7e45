import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { RecipientStatus } from '../../../src/domain/recipient-state.js';
import type { SignerRole } from '../../../src/domain/signer-role.js';
import type { SignProcessFlow } from '../../../src/domain/signing-order.js';
import {
  activeRecipientIds,
  initialStepStatuses,
  stepChanges,
  type StepGroup,
  type StepRecipient,
} from '../../../src/domain/signing-steps.js';

const step = (id: string, signingOrder: number, extra: Partial<StepRecipient> = {}): StepRecipient => ({
  id,
  signerRole: 'signer',
  signingOrder,
  status: 'Waiting',
  groupId: null,
  witnessFor: null,
  ...extra,
});

/** Statuses as creation sets them. */
const started = (flow: SignProcessFlow, recipients: StepRecipient[], groups: StepGroup[]): StepRecipient[] => {
  const statuses = initialStepStatuses(flow, recipients, groups);
  return recipients.map((recipient, index) => ({ ...recipient, status: statuses[index]! }));
};

/** What the use cases do with the machine's answer: let off, invite. */
const settle = (flow: SignProcessFlow, recipients: StepRecipient[], groups: StepGroup[]) => {
  const changes = stepChanges(flow, recipients, groups);
  const next = recipients.map((recipient): StepRecipient => {
    if (changes.notNeeded.includes(recipient.id)) return { ...recipient, status: 'NotNeeded' };
    if (changes.invite.includes(recipient.id)) return { ...recipient, status: 'Sent' };
    return recipient;
  });
  return { next, changes };
};

const actedStatus = (role: SignerRole): RecipientStatus => (role === 'approver' ? 'Approved' : role === 'viewer' ? 'Viewed' : 'Signed');

const act = (recipients: StepRecipient[], id: string): StepRecipient[] =>
  recipients.map((recipient) => (recipient.id === id ? { ...recipient, status: actedStatus(recipient.signerRole) } : recipient));

const board: StepGroup = { id: 'board', required: 2 };

describe('the step machine', () => {
  it('opens a Sequential envelope with its first step only: an approver before the signers', () => {
    const recipients = started('Sequential', [step('approver', 1, { signerRole: 'approver' }), step('ada', 2)], []);
    assert.deepEqual(
      recipients.map((r) => r.status),
      ['Sent', 'Waiting'],
    );
    const { changes } = settle('Sequential', act(recipients, 'approver'), []);
    assert.deepEqual(changes, { invite: ['ada'], notNeeded: [], allDone: false });
  });

  it("lets a group's other members off once `required` members signed, and opens the next step", () => {
    const recipients = started(
      'Sequential',
      [step('m1', 1, { groupId: 'board' }), step('m2', 1, { groupId: 'board' }), step('m3', 1, { groupId: 'board' }), step('grace', 2)],
      [board],
    );
    assert.deepEqual(
      recipients.map((r) => r.status),
      ['Sent', 'Sent', 'Sent', 'Waiting'],
    );
    const afterOne = settle('Sequential', act(recipients, 'm2'), [board]);
    assert.deepEqual(afterOne.changes, { invite: [], notNeeded: [], allDone: false });
    const afterTwo = settle('Sequential', act(afterOne.next, 'm3'), [board]);
    assert.deepEqual(afterTwo.changes, { invite: ['grace'], notNeeded: ['m1'], allDone: false });
  });

  it('opens a witness only after the signer they witness, whatever the flow', () => {
    const recipients = started('Parallel', [step('ada', 1), step('will', 1, { signerRole: 'witness', witnessFor: 'ada' })], []);
    assert.deepEqual(
      recipients.map((r) => r.status),
      ['Sent', 'Waiting'],
    );
    assert.deepEqual(stepChanges('Parallel', act(recipients, 'ada'), []).invite, ['will']);
  });

  it("does not count a viewer's first visit: only Viewed (every document fetched) ends their step", () => {
    const recipients = started('Sequential', [step('vic', 1, { signerRole: 'viewer' }), step('ada', 2)], []);
    assert.deepEqual(activeRecipientIds('Sequential', recipients, []), ['vic']);
    assert.deepEqual(stepChanges('Sequential', act(recipients, 'vic'), []).invite, ['ada']);
  });
});

/** An envelope of every kind of step, in a random flow and random orders. */
const envelopeArbitrary = fc
  .record({
    flow: fc.constantFrom<SignProcessFlow>('Parallel', 'Sequential', 'Hybrid'),
    members: fc.integer({ min: 2, max: 5 }),
    required: fc.integer({ min: 1, max: 5 }),
    orders: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 4, maxLength: 4 }),
    picks: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
  })
  .map(({ flow, members, required, orders, picks }) => {
    const group: StepGroup = { id: 'group', required: Math.min(required, members) };
    const recipients = [
      step('approver', orders[0]!, { signerRole: 'approver' }),
      step('viewer', orders[1]!, { signerRole: 'viewer' }),
      ...Array.from({ length: members }, (_, index) => step(`member${index}`, orders[2]!, { groupId: group.id })),
      step('signer', orders[3]!),
      step('witness', orders[3]!, { signerRole: 'witness', witnessFor: 'signer' }),
    ];
    return { flow, group, recipients, picks };
  });

describe('the step machine, property-tested', () => {
  it('ends any order of actions in exactly one allDone, never more than `required` group signatures, active sets matching the statuses', () => {
    fc.assert(
      fc.property(envelopeArbitrary, ({ flow, group, recipients: created, picks }) => {
        const groups = [group];
        let recipients = started(flow, created, groups);
        let completions = 0;
        for (const pick of picks) {
          const active = activeRecipientIds(flow, recipients, groups);
          // Whoever the machine says may act was invited, and everyone invited who has not acted may act.
          const invited = recipients.filter((r) => r.status === 'Sent' || (r.status === 'Viewed' && r.signerRole !== 'viewer'));
          assert.deepEqual([...active].sort(), invited.map((r) => r.id).sort());
          if (active.length === 0) break;
          const { next, changes } = settle(flow, act(recipients, active[pick % active.length]!), groups);
          recipients = next;
          const groupSigned = recipients.filter((r) => r.groupId === group.id && r.status === 'Signed').length;
          assert.ok(groupSigned <= group.required, `${groupSigned} signatures for a group of ${group.required} required`);
          if (changes.allDone) completions += 1;
        }
        assert.equal(activeRecipientIds(flow, recipients, groups).length, 0, 'forty actions finish any envelope of this size');
        assert.equal(completions, 1);
        assert.equal(recipients.filter((r) => r.groupId === group.id && r.status === 'Signed').length, group.required);
        assert.ok(recipients.every((r) => r.status !== 'Waiting' && r.status !== 'Sent'));
      }),
      { numRuns: 300 },
    );
  });
});
