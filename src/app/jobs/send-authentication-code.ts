import { internationalPhoneNumber } from '../../domain/recipient-authentication.js';
import { readRecipientAuthentication } from '../../infra/db/tables/recipient-authentications-table.js';
import { readRecipient } from '../../infra/db/tables/recipients-table.js';
import { authenticationCodeText } from '../../infra/sms/authentication-code-text.js';
import type { AppContext } from '../context.js';
import type { JobPayloads } from '../outbox.js';
import { smsCodeBinding } from '../signing/recipient-authentication.js';

/**
 * Sends one SMS code (docs/concepts/recipients.md). A code that a newer one replaced, that expired or that was
 * already used is not sent any more: a retry after the provider failed for a while sends nothing stale.
 */
export const sendAuthenticationCode = async (
  ctx: AppContext,
  { recipientId, sealedCode, sentAt }: JobPayloads['send-authentication-code'],
): Promise<void> => {
  const [recipient, authentication] = await Promise.all([
    readRecipient(ctx.db, recipientId),
    readRecipientAuthentication(ctx.db, recipientId),
  ]);
  if (!recipient || !authentication || recipient.countryCode === null || !recipient.phoneNumber) return;
  const current = authentication.smsCodeSentAt === sentAt && authentication.smsCodeHash !== null;
  if (!current || (authentication.smsCodeExpiresAt ?? '') <= ctx.clock.now().toISOString()) return;
  const code = ctx.webhookSecrets.open(sealedCode, smsCodeBinding(recipientId, sentAt));
  await ctx.sms.send({
    to: internationalPhoneNumber(recipient.countryCode, recipient.phoneNumber),
    text: authenticationCodeText(code, recipient.language),
  });
};
