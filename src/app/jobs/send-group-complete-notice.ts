import { readSigningGroups } from '../../infra/db/tables/signing-groups-table.js';
import { groupCompleteMail } from '../../infra/mail/group-complete-mail.js';
import type { AppContext } from '../context.js';
import { senderOf } from '../envelopes/sender.js';
import { sendEnvelopeMail } from './envelope-mail.js';
import { loadRecipientWithEnvelope } from './job-subjects.js';

/** Tells a signing group's member who was not needed that the group is complete and their link closed. */
export const sendGroupCompleteNotice = async (ctx: AppContext, { recipientId }: { recipientId: string }): Promise<void> => {
  const found = await loadRecipientWithEnvelope(ctx, ctx.db, recipientId);
  if (!found || found.recipient.status !== 'NotNeeded' || !found.recipient.groupId) return;
  const { recipient, envelope } = found;
  const group = (await readSigningGroups(ctx.db, envelope.id)).find((candidate) => candidate.id === recipient.groupId);
  if (!group) return;
  const sender = await senderOf(ctx.db, envelope);
  const mail = groupCompleteMail({
    recipientName: recipient.name,
    groupName: group.name,
    senderName: sender.name,
    envelopeName: envelope.name,
    language: recipient.language,
  });
  await sendEnvelopeMail(ctx, envelope.id, 'The group-complete notice', recipient, mail);
};
