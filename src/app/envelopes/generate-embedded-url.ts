import { AppError } from '../../domain/app-error.js';
import { addSeconds } from '../../domain/clock.js';
import { assertActive } from '../../domain/envelope-state.js';
import { assertSignerActive } from '../../domain/recipient-state.js';
import { readSignerByEmail } from '../../infra/db/tables/recipients-table.js';
import type { AppContext, Caller } from '../context.js';
import { issueSigningToken, signingUrl } from '../signing/signing-tokens.js';
import { loadEnvelope } from './load-envelope.js';

const EMBEDDED_URL_LIFETIME_SECONDS = 10 * 60;

export interface EmbeddedUrl {
  url: string;
  expiresAt: string;
}

/**
 * A single-use signing URL for the sender's iFrame, issued only while it is that signer's turn: its
 * first use of any signing endpoint spends it (see claimSigningToken), and it dies once the signer acted.
 */
export const generateEmbeddedUrl = (ctx: AppContext, caller: Caller, envelopeId: string, signerEmail: string): Promise<EmbeddedUrl> =>
  ctx.db.transaction().execute(async (trx) => {
    const envelope = await loadEnvelope(ctx, trx, caller.accountId, envelopeId, { lock: true });
    const signer = await readSignerByEmail(trx, envelope.id, signerEmail);
    if (!signer) throw new AppError('SIGNER_NOT_FOUND', `No signer ${signerEmail} on envelope ${envelopeId}.`);
    if (signer.signerRole === 'in_person') {
      throw new AppError('IN_PERSON_ONLY', "This signer signs in person on their host's device: use the in-person URL.");
    }
    assertActive(envelope.status);
    assertSignerActive(signer.status);
    const expiresAt = addSeconds(ctx.clock.now(), EMBEDDED_URL_LIFETIME_SECONDS);
    const token = await issueSigningToken(ctx, trx, { id: signer.id, envelopeId: envelope.id }, 'embedded', expiresAt);
    return { url: signingUrl(ctx, token, true), expiresAt: expiresAt.toISOString() };
  });
