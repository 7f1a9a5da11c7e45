import { AppError } from '../../domain/app-error.js';
import { assertActive } from '../../domain/envelope-state.js';
import { isOnTurn } from '../../domain/recipient-state.js';
import type { Db } from '../../infra/db/database.js';
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

const tokenNotFound = () => new AppError('SIGNING_TOKEN_NOT_FOUND', 'This signing link is unknown, has expired or was already used.');

/**
 * The first step of every signing endpoint: resolves the raw token and spends an embedded one. An
 * embedded URL is single use across all endpoints (page, document, sign, decline), whatever the
 * outcome of that use: it is spent in its own statement, before the use case's transaction, so a
 * use that fails later (a refused signature, an unknown document) still spends it.
 */
export const claimSigningToken = async (ctx: AppContext, rawToken: string): Promise<SigningToken> => {
  const token = await findSigningToken(ctx, ctx.db, rawToken);
  if (!token) throw tokenNotFound();
  if (token.kind === 'embedded' && !(await spendSigningToken(ctx.db, token.tokenHash, ctx.clock.now().toISOString()))) {
    throw tokenNotFound();
  }
  return token;
};

/**
 * What a claimed token opens. A deleted envelope is SIGNING_TOKEN_NOT_FOUND (the link is simply
 * dead); an envelope that is no longer Sent/InProgress (ended, or past its due date) is
 * ENVELOPE_NOT_ACTIVE (docs/concepts/signing.md): invitation links live exactly as long as the envelope is open.
 * An embedded token also dies once its signer is no longer on turn (signed or declined through
 * another link), so it can never open a session after the signature.
 * With `lock` the envelope row stays locked until the transaction ends.
 */
export const openSigningAccess = async (
  ctx: AppContext,
  db: Db,
  token: SigningToken,
  options: { lock?: boolean } = {},
): Promise<SigningAccess> => {
  const envelope = await loadEnvelopeById(ctx, db, token.envelopeId, options);
  if (!envelope) throw tokenNotFound();
  const recipient = await readRecipient(db, token.recipientId);
  if (!recipient) throw tokenNotFound();
  assertActive(envelope.status);
  if (token.kind === 'embedded' && !isOnTurn(recipient.status)) throw tokenNotFound();
  return { token, envelope, recipient };
};
