import type { EnvelopeStatus } from '../../domain/envelope-state.js';
import type { Db } from '../../infra/db/database.js';
import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import { readRecipient, type Recipient } from '../../infra/db/tables/recipients-table.js';
import type { AppContext } from '../context.js';
import { loadEnvelopeById } from '../envelopes/load-envelope.js';
import type { Actor } from '../ledger/append-ledger-entry.js';

/** Who the ledger names for work the service does on its own (expiry), not on anyone's request. */
export const SYSTEM_ACTOR: Actor = { name: 'Countersign', email: null };

/** Open by its effective status: a job running after the due instant treats the envelope as Expired. */
export const isOutForSignature = (status: EnvelopeStatus): boolean => status === 'Sent' || status === 'InProgress';

/**
 * A recipient with its envelope, as a job sees them: undefined once the recipient or the envelope
 * is gone (deleted), so the job ends quietly instead of retrying forever.
 */
export const loadRecipientWithEnvelope = async (
  ctx: AppContext,
  db: Db,
  recipientId: string,
): Promise<{ recipient: Recipient; envelope: Envelope } | undefined> => {
  const recipient = await readRecipient(db, recipientId);
  if (!recipient) return undefined;
  const envelope = await loadEnvelopeById(ctx, db, recipient.envelopeId, { lock: true });
  return envelope && { recipient, envelope };
};
