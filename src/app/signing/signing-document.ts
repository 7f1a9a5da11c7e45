import { AppError } from '../../domain/app-error.js';
import { readEnvelopeDocuments } from '../../infra/db/tables/documents-table.js';
import type { AppContext } from '../context.js';
import { claimSigningToken, openSigningAccess } from './signing-access.js';

/** The original PDF of one of the envelope's documents, as the signer reviews it before signing. */
export const readSigningDocument = async (
  ctx: AppContext,
  rawToken: string,
  documentId: string,
): Promise<{ name: string; bytes: Uint8Array }> => {
  const { envelope } = await openSigningAccess(ctx, ctx.db, await claimSigningToken(ctx, rawToken));
  const document = (await readEnvelopeDocuments(ctx.db, envelope.id)).find((d) => d.id === documentId);
  if (!document) throw new AppError('DOCUMENT_NOT_FOUND', `The envelope has no document ${documentId}.`);
  const bytes = await ctx.blobs.get(document.sha256);
  if (!bytes) throw new AppError('DOCUMENT_REMOVED', `The document ${documentId} was removed.`);
  return { name: document.name, bytes };
};
