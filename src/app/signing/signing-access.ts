import { AppError } from '../../domain/app-error.js';
import { assertActive } from '../../domain/envelope-state.js';
import { isOnTurn } from '../../domain/recipient-state.js';
import { assertSignerCopyKept, DEFAULT_SIGNER_COPY_DAYS } from '../../domain/signer-copy.js';
import type { Db } from '../../infra/db/database.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import { readRecipient, type Recipient } from '../../infra/db/tables/recipients-table.js';
import { spendSigningToken, type SigningToken } from '../../infra/db/tables/signing-tokens-table.js';
import type { AppContext } from '../context.js';
import { loadEnvelopeById } from '../envelopes/load-envelope.js';
import { findSigningToken } from './signing-tokens.js';

/** What a signing token opens: the recipient it was issued to, on an envelope still out for signature. */
export interface SigningAccess {
  token: SigningToken;
  envelope: Envelope;
  recipient: Recipient;
}

/** An embedded or in-person URL's token: spent by its first use, then exchanged for a session. */
export const isSingleUse = (token: Pick<SigningToken, 'kind'>): boolean => token.kind === 'embedded' || token.kind === 'in_person';

const tokenNotFound = () => new AppError('SIGNING_TOKEN_NOT_FOUND', 'This signing link is unknown, has expired or was already used.');

/**
 * The first step of every signing endpoint: resolves the raw token and spends an embedded or
 * in-person one. Such a URL is single use across all endpoints (page, document, sign, decline), whatever the
 * outcome of that use: it is spent in its own statement, before the use case's transaction, so a
 * use that fails later (a refused signature, an unknown document) still spends it.
 */
export const claimSigningToken = async (ctx: AppContext, rawToken: string): Promise<SigningToken> => {
  const token = await findSigningToken(ctx, ctx.db, rawToken);
  if (!token || token.revokedReason === 'corrected') throw tokenNotFound();
  if (token.revokedReason === 'reassigned') {
    throw new AppError('RECIPIENT_REASSIGNED', 'This signing step was handed to someone else: this link no longer opens it.');
  }
  if (isSingleUse(token) && !(await spendSigningToken(ctx.db, token.tokenHash, ctx.clock.now().toISOString()))) {
    throw tokenNotFound();
  }
  return token;
};

export interface SigningAccessOptions {
  /** Keep the envelope row locked until the transaction ends. */
  lock?: boolean;
  /**
   * `read`: the view, the documents and the certificate, which a signer keeps after completion
   * (docs/api/workflows.md); `act` (the default): everything that changes the envelope.
   */
  purpose?: 'act' | 'read';
}

/**
 * What a claimed token opens. A deleted envelope is SIGNING_TOKEN_NOT_FOUND (the link is simply
 * dead); an envelope that is no longer Sent/InProgress (ended, or past its due date) is
 * ENVELOPE_NOT_ACTIVE (docs/concepts/signing.md): invitation links live exactly as long as the envelope is open —
 * except that a Completed envelope stays readable for the account's signer-copy days, then answers
 * SIGNER_COPY_EXPIRED. A group member let off by their group answers GROUP_COMPLETE.
 * An embedded or in-person token also dies once its signer is no longer on turn (signed or declined through
 * another link), so it can never open a session after the signature.
 */
export const openSigningAccess = async (
  ctx: AppContext,
  db: Db,
  token: SigningToken,
  options: SigningAccessOptions = {},
): Promise<SigningAccess> => {
  const envelope = await loadEnvelopeById(ctx, db, token.envelopeId, options);
  if (!envelope) throw tokenNotFound();
  const recipient = await readRecipient(db, token.recipientId);
  if (!recipient) throw tokenNotFound();
  if (recipient.status === 'NotNeeded') {
    throw new AppError('GROUP_COMPLETE', "This signer's group has all the signatures it needs: no more are taken.");
  }
  if (options.purpose === 'read' && envelope.status === 'Completed' && envelope.completedAt && !isSingleUse(token)) {
    const account = await readAccount(db, envelope.accountId);
    assertSignerCopyKept(envelope.completedAt, account?.signerCopyDays ?? DEFAULT_SIGNER_COPY_DAYS, ctx.clock.now());
    return { token, envelope, recipient };
  }
  assertActive(envelope.status);
  if (isSingleUse(token) && !isOnTurn(recipient.status)) throw tokenNotFound();
  return { token, envelope, recipient };
};
