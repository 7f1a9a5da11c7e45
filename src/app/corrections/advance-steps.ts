import { activeRecipientIds, stepChanges, type StepRecipient } from '../../domain/signing-steps.js';
import type { Db } from '../../infra/db/database.js';
import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import { updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import { readRecipients, updateRecipient, type Recipient } from '../../infra/db/tables/recipients-table.js';
import { markSigningGroupComplete, readSigningGroups } from '../../infra/db/tables/signing-groups-table.js';
import type { AppContext } from '../context.js';
import { enqueueJob } from '../outbox.js';

export const stepRecipientOf = (recipient: Recipient): StepRecipient => ({
  id: recipient.id,
  signerRole: recipient.signerRole,
  signingOrder: recipient.signingOrder,
  status: recipient.status,
  groupId: recipient.groupId,
  witnessFor: recipient.witnessFor,
});

export interface StepsAdvanced {
  /** Recipients sent a fresh invitation. */
  invited: string[];
  /** Every remaining step is done: completion was queued. */
  allDone: boolean;
}

export interface AdvanceOptions {
  /** Also invite again those whose turn it already was (a resend after a correction). */
  reinviteOnTurn?: boolean;
}

/**
 * Applies what the step machine says follows a change of who must act (a reassign, a correction,
 * a resend): members of a done group are let off, those whose turn has come are marked Sent and
 * invited, and an envelope whose every step is done goes to completion. While the envelope is
 * Correcting nobody is invited and nothing completes: the resend does that.
 */
export const advanceSteps = async (ctx: AppContext, trx: Db, envelope: Envelope, options: AdvanceOptions = {}): Promise<StepsAdvanced> => {
  const now = ctx.clock.now().toISOString();
  const recipients = await readRecipients(trx, envelope.id, 'signer');
  const groups = await readSigningGroups(trx, envelope.id);
  const stepGroups = groups.map((group) => ({ id: group.id, required: group.required }));
  const changes = stepChanges(envelope.signProcessFlow, recipients.map(stepRecipientOf), stepGroups);

  for (const recipientId of changes.notNeeded) {
    await updateRecipient(trx, recipientId, { status: 'NotNeeded', notNeededAt: now });
    if (envelope.sendEmailToRecipients) await enqueueJob(ctx, trx, 'send-group-complete-notice', { recipientId });
  }
  const settled = recipients.map((recipient) =>
    changes.notNeeded.includes(recipient.id) ? { ...recipient, status: 'NotNeeded' as const } : recipient,
  );
  for (const group of groups) {
    const signed = settled.filter((member) => member.groupId === group.id && member.status === 'Signed').length;
    if (group.completedAt === null && signed >= group.required) await markSigningGroupComplete(trx, group.id, now);
  }
  if (envelope.status === 'Correcting') return { invited: [], allDone: false };

  const onTurn = options.reinviteOnTurn ? activeRecipientIds(envelope.signProcessFlow, settled.map(stepRecipientOf), stepGroups) : [];
  const invited = [...new Set([...changes.invite, ...onTurn])];
  for (const recipientId of changes.invite) await updateRecipient(trx, recipientId, { status: 'Sent', sentAt: now });
  if (envelope.sendEmailToRecipients) {
    for (const recipientId of invited) await enqueueJob(ctx, trx, 'send-invitation', { recipientId });
  }
  if (changes.allDone && recipients.length > 0) {
    await updateEnvelope(trx, envelope.id, { status: 'InProgress' });
    await enqueueJob(ctx, trx, 'complete-envelope', { envelopeId: envelope.id });
  }
  return { invited, allDone: changes.allDone && recipients.length > 0 };
};
