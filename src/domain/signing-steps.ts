import { isPending, type RecipientStatus } from './recipient-state.js';
import type { SignerRole } from './signer-role.js';
import type { SignProcessFlow } from './signing-order.js';

/**
 * The step machine of docs/api/workflows.md, pure: who must act, whose turn it is, when a group's
 * step is done and when the whole envelope is. Every use case that changes a recipient's status
 * asks it what follows, so signing, approving, viewing, reassigning and corrections agree.
 */
export interface StepRecipient {
  id: string;
  signerRole: SignerRole;
  signingOrder: number;
  status: RecipientStatus;
  /** The signing group this recipient is a member of. */
  groupId: string | null;
  /** A witness's witnessed signer. */
  witnessFor: string | null;
}

export interface StepGroup {
  id: string;
  /** How many members must sign. */
  required: number;
}

/** This recipient did what their role asks: signed, approved, or (a viewer) fetched every document. */
export const hasActed = (recipient: Pick<StepRecipient, 'signerRole' | 'status'>): boolean =>
  recipient.status === 'Signed' || recipient.status === 'Approved' || (recipient.signerRole === 'viewer' && recipient.status === 'Viewed');

/** Still has something to do: not acted, not declined, not let off by their group. */
export const awaitsAction = (recipient: Pick<StepRecipient, 'signerRole' | 'status'>): boolean =>
  isPending(recipient.status) && !hasActed(recipient);

/** Members who signed for the group so far. */
export const groupSignatures = (groupId: string, recipients: readonly StepRecipient[]): number =>
  recipients.filter((recipient) => recipient.groupId === groupId && recipient.status === 'Signed').length;

const groupsById = (groups: readonly StepGroup[]) => new Map(groups.map((group) => [group.id, group]));

/** The step this recipient belongs to is done: their own, or their group's once enough members signed. */
const stepDoneFor = (recipient: StepRecipient, recipients: readonly StepRecipient[], groups: Map<string, StepGroup>): boolean => {
  if (recipient.groupId) {
    const group = groups.get(recipient.groupId);
    return group !== undefined && groupSignatures(group.id, recipients) >= group.required;
  }
  return hasActed(recipient);
};

export const isGroupComplete = (group: StepGroup, recipients: readonly StepRecipient[]): boolean =>
  groupSignatures(group.id, recipients) >= group.required;

/** Every step is done: the envelope can be sealed. */
export const allStepsDone = (recipients: readonly StepRecipient[], groups: readonly StepGroup[]): boolean => {
  const byId = groupsById(groups);
  return recipients.every((recipient) => stepDoneFor(recipient, recipients, byId));
};

/**
 * The recipients whose turn it is and who still have to act. Parallel: every one of them;
 * Sequential and Hybrid: those of the lowest signing order whose step is not done. A witness
 * waits for the signer they witness, whatever the flow; a member of a group that is done has
 * nothing left to do.
 */
export const activeRecipientIds = (flow: SignProcessFlow, recipients: readonly StepRecipient[], groups: readonly StepGroup[]): string[] => {
  const byId = groupsById(groups);
  const byRecipientId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  const open = recipients.filter((recipient) => awaitsAction(recipient) && !stepDoneFor(recipient, recipients, byId));
  const turn = flow === 'Parallel' ? undefined : Math.min(...open.map((recipient) => recipient.signingOrder));
  return open
    .filter((recipient) => turn === undefined || recipient.signingOrder === turn)
    .filter((recipient) => {
      if (recipient.signerRole !== 'witness' || !recipient.witnessFor) return true;
      const witnessed = byRecipientId.get(recipient.witnessFor);
      return witnessed === undefined || stepDoneFor(witnessed, recipients, byId);
    })
    .map((recipient) => recipient.id);
};

/** What the machine says follows the recipients' current statuses. */
export interface StepChanges {
  /** Waiting recipients whose turn has come: to be marked Sent and invited. */
  invite: string[];
  /** Members of a done group who had not signed: to be marked NotNeeded and told. */
  notNeeded: string[];
  /** Every step is done. */
  allDone: boolean;
}

export const stepChanges = (flow: SignProcessFlow, recipients: readonly StepRecipient[], groups: readonly StepGroup[]): StepChanges => {
  const byId = groupsById(groups);
  const notNeeded = recipients
    .filter((recipient) => recipient.groupId && isPending(recipient.status) && stepDoneFor(recipient, recipients, byId))
    .map((recipient) => recipient.id);
  const settled = recipients.map((recipient) =>
    notNeeded.includes(recipient.id) ? { ...recipient, status: 'NotNeeded' as const } : recipient,
  );
  const active = new Set(activeRecipientIds(flow, settled, groups));
  return {
    invite: settled.filter((recipient) => recipient.status === 'Waiting' && active.has(recipient.id)).map((recipient) => recipient.id),
    notNeeded,
    allDone: allStepsDone(settled, groups),
  };
};

/** Statuses of a new envelope's recipients, aligned with them: those whose turn it is are Sent, the others Waiting. */
export const initialStepStatuses = (
  flow: SignProcessFlow,
  recipients: readonly Omit<StepRecipient, 'status'>[],
  groups: readonly StepGroup[],
): RecipientStatus[] => {
  const waiting = recipients.map((recipient) => ({ ...recipient, status: 'Waiting' as const }));
  const active = new Set(activeRecipientIds(flow, waiting, groups));
  return waiting.map((recipient) => (active.has(recipient.id) ? 'Sent' : 'Waiting'));
};

/** Someone has acted (signed or approved): an envelope reopened by an extension is InProgress rather than Sent. */
export const anyoneActed = (recipients: readonly Pick<StepRecipient, 'status'>[]): boolean =>
  recipients.some((recipient) => recipient.status === 'Signed' || recipient.status === 'Approved');
