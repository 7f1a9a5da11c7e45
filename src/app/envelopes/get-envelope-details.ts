import { AppError } from '../../domain/app-error.js';
import { effectiveStatus } from '../../domain/envelope-state.js';
import { readEnvelopeDetails, type EnvelopeDetailsRead } from '../../infra/db/tables/envelope-details.js';
import type { AppContext } from '../context.js';

/** The envelope's documents and recipients, its status as of now, and its account owner as the sender. */
export type EnvelopeDetails = Omit<EnvelopeDetailsRead, 'owner'> & { createdBy: EnvelopeDetailsRead['owner'] };

/**
 * Everything the sender sees about one envelope (API.md §3), read in one statement. The certificate
 * of completion is a download of its own (`documentId` = `certificate`), so it is not listed among the
 * documents. An open envelope past its due instant reads Expired before the expiry job has run.
 */
export const getEnvelopeDetails = async (ctx: AppContext, accountId: string, envelopeId: string): Promise<EnvelopeDetails> => {
  const details = await readEnvelopeDetails(ctx.db, accountId, envelopeId);
  if (!details) throw new AppError('ENVELOPE_NOT_FOUND', `No envelope ${envelopeId}.`);
  const { envelope, owner, ...rest } = details;
  const status = effectiveStatus({ status: envelope.status, signingDueDate: new Date(envelope.signingDueDate) }, ctx.clock.now());
  return { ...rest, envelope: { ...envelope, status }, createdBy: owner };
};
