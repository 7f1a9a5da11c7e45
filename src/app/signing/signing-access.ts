import { AppError } from '../../domain/app-error.js';
import { assertActive } from '../../domain/envelope-state.js';
import type { Db } from '../../infra/db/database.js';
import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import { readRecipient, type Recipient } from '../../infra/db/tables/recipients-table.js';
import type { SigningToken } from '../../infra/db/tables/signing-tokens-table.js';
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
 * Resolves a signing token: unknown, expired or spent tokens and deleted envelopes are SIGNING_TOKEN_NOT_FOUND (the
 * link is simply dead); an envelope that is no longer Sent/InProgress is ENVELOPE_NOT_ACTIVE.
 * With `lock` the envelope row stays locked until the transaction ends.
 */
export const openSigningAccess = async (
  ctx: AppContext,
  db: Db,
  rawToken: string,
  options: { lock?: boolean } = {},
): Promise<SigningAccess> => {
  const token = await findSigningToken(ctx, db, rawToken);
  if (!token || (token.kind === 'embedded' && token.usedAt)) throw tokenNotFound();
  const envelope = await loadEnvelopeById(ctx, db, token.envelopeId, options);
  if (!envelope) throw tokenNotFound();
  const recipient = await readRecipient(db, token.recipientId);
  if (!recipient) throw tokenNotFound();
  assertActive(envelope.status);
  return { token, envelope, recipient };
};
