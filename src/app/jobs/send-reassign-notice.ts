import { DEFAULT_LANGUAGE } from '../../domain/language.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import { readEnvelopeEvenIfDeleted } from '../../infra/db/tables/envelopes-table.js';
import { readDelegations } from '../../infra/db/tables/recipient-delegations-table.js';
import { reassignNoticeMail } from '../../infra/mail/reassign-notice-mail.js';
import type { AppContext } from '../context.js';
import { senderOf } from '../envelopes/sender.js';
import { sendEnvelopeMail } from './envelope-mail.js';

/** Tells the sender, in the account's language, who handed their step to whom and why. */
export const sendReassignNotice = async (
  ctx: AppContext,
  { delegationId, envelopeId }: { delegationId: string; envelopeId: string },
): Promise<void> => {
  const envelope = await readEnvelopeEvenIfDeleted(ctx.db, envelopeId);
  const delegation = (await readDelegations(ctx.db, envelopeId)).find((candidate) => candidate.id === delegationId);
  if (!envelope || envelope.deletedAt || !delegation) return;
  const sender = await senderOf(ctx.db, envelope);
  const mail = reassignNoticeMail({
    senderName: sender.name,
    envelopeName: envelope.name,
    from: { name: delegation.fromName, email: delegation.fromEmail },
    to: { name: delegation.toName, email: delegation.toEmail },
    reason: delegation.reason,
    at: new Date(delegation.at),
    language: (await readAccount(ctx.db, envelope.accountId))?.defaultLanguage ?? DEFAULT_LANGUAGE,
  });
  await sendEnvelopeMail(ctx, envelope.id, 'The reassignment notice', sender, mail);
};
