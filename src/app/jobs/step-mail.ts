import { DEFAULT_LANGUAGE } from '../../domain/language.js';
import type { Db } from '../../infra/db/database.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import type { Recipient } from '../../infra/db/tables/recipients-table.js';
import type { MailContent } from '../../infra/mail/mail-layout.js';
import { stepRequestMail } from '../../infra/mail/step-request-mail.js';
import type { AppContext } from '../context.js';
import { userOrOwner, type Person } from '../envelopes/sender.js';
import { issueSigningToken, signingUrl } from '../signing/signing-tokens.js';

/** A mail about a recipient's step, and who it goes to. */
export interface StepMail {
  to: { name: string; email: string };
  content: MailContent;
}

/** Where a host starts an in-person signing: the envelope's page in the console. */
const consoleEnvelopeUrl = (ctx: AppContext, envelope: Envelope): string => `${ctx.config.publicUrl}/envelopes/${envelope.id}`;

/**
 * The mail of a step that is not signing by link, or undefined for a plain signer (the caller
 * writes their invitation or reminder): an approver's or viewer's request with a fresh signing
 * link; for an in-person signer, a notice to their host (the host while still a user of the
 * account, else its owner) and no link at all, since an in-person signer signs only on the host's
 * device. A witness the signer names at signing has no address yet: `null`, nobody is mailed.
 */
export const stepMailOf = async (
  ctx: AppContext,
  trx: Db,
  { recipient, envelope, sender, reminder }: { recipient: Recipient; envelope: Envelope; sender: Person; reminder: boolean },
): Promise<StepMail | null | undefined> => {
  const base = {
    reminder,
    senderName: sender.name,
    envelopeName: envelope.name,
    ...(envelope.message ? { message: envelope.message } : {}),
    dueDate: new Date(envelope.signingDueDate),
  };
  switch (recipient.signerRole) {
    case 'witness':
      return recipient.email === '' ? null : undefined;
    case 'in_person': {
      const host = await userOrOwner(trx, envelope.accountId, recipient.hostUserId);
      const content = stepRequestMail({
        ...base,
        step: 'in_person',
        recipientName: host.name,
        signerName: recipient.name,
        url: consoleEnvelopeUrl(ctx, envelope),
        // The host is a user of the account: the account's language, as the sender's notices are.
        language: (await readAccount(trx, envelope.accountId))?.defaultLanguage ?? DEFAULT_LANGUAGE,
      });
      return { to: host, content };
    }
    case 'approver':
    case 'viewer': {
      const token = await issueSigningToken(ctx, trx, { id: recipient.id, envelopeId: envelope.id }, 'invitation');
      const content = stepRequestMail({
        ...base,
        step: recipient.signerRole === 'approver' ? 'approve' : 'view',
        recipientName: recipient.name,
        url: signingUrl(ctx, token),
        language: recipient.language,
      });
      return { to: recipient, content };
    }
    case 'signer':
      return undefined;
  }
};
