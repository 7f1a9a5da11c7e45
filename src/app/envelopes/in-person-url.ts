import { AppError } from '../../domain/app-error.js';
import { addSeconds } from '../../domain/clock.js';
import { assertActive } from '../../domain/envelope-state.js';
import { assertSignerActive } from '../../domain/recipient-state.js';
import { readRecipient } from '../../infra/db/tables/recipients-table.js';
import type { AppContext, Caller } from '../context.js';
import { issueSigningToken } from '../signing/signing-tokens.js';
import { loadEnvelope } from './load-envelope.js';

const IN_PERSON_URL_LIFETIME_SECONDS = 10 * 60;

export interface InPersonUrl {
  url: string;
  expiresAt: string;
}

/**
 * The URL a host opens on their own device to hand it to an in-person signer (docs/concepts/signing.md):
 * single use like an embedded URL (its first use is exchanged for a session), ten minutes, and only
 * while it is that signer's turn. Only their host, an admin of the account or an API client (which
 * acts as an admin) may start the signing: the host is the one who vouches for who held the device.
 */
export const inPersonUrl = (ctx: AppContext, caller: Caller, envelopeId: string, recipientId: string): Promise<InPersonUrl> =>
  ctx.db.transaction().execute(async (trx) => {
    const envelope = await loadEnvelope(ctx, trx, caller.accountId, envelopeId, { lock: true });
    const recipient = await readRecipient(trx, recipientId);
    if (!recipient || recipient.envelopeId !== envelope.id || recipient.role !== 'signer') {
      throw new AppError('RECIPIENT_NOT_FOUND', `No signer ${recipientId} on envelope ${envelopeId}.`);
    }
    if (recipient.signerRole !== 'in_person') {
      throw new AppError(
        'NOT_IN_PERSON',
        'This recipient signs through their own link, not in person: only an in-person signer has an in-person URL.',
      );
    }
    if (caller.role !== 'admin' && caller.userId !== recipient.hostUserId) {
      throw new AppError('ROLE_FORBIDDEN', "Only this signer's host or an admin of the account may start an in-person signing.");
    }
    assertActive(envelope.status);
    assertSignerActive(recipient.status);
    const expiresAt = addSeconds(ctx.clock.now(), IN_PERSON_URL_LIFETIME_SECONDS);
    const token = await issueSigningToken(ctx, trx, { id: recipient.id, envelopeId: envelope.id }, 'in_person', expiresAt);
    return { url: `${ctx.config.publicUrl}/sign/${token}?in_person=1`, expiresAt: expiresAt.toISOString() };
  });
