import { AppError } from '../../domain/app-error.js';
import { isOnTurn } from '../../domain/recipient-state.js';
import { readCertificateDocument, readEnvelopeDocuments, type Document } from '../../infra/db/tables/documents-table.js';
import { updateEnvelope, type Envelope } from '../../infra/db/tables/envelopes-table.js';
import { updateRecipient } from '../../infra/db/tables/recipients-table.js';
import type { SigningToken } from '../../infra/db/tables/signing-tokens-table.js';
import type { AppContext } from '../context.js';
import { advanceSteps } from '../corrections/advance-steps.js';
import { CERTIFICATE_DOCUMENT_ID } from '../envelopes/download-document.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { assertEnvelopeDocumentsRetained } from '../retention/documents-retained.js';
import { eventEnvelope, eventRecipient } from '../webhooks/event-subjects.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';
import { claimSigningToken, openSigningAccess, type SigningAccess } from './signing-access.js';

const documentRemoved = (documentId: string) => new AppError('DOCUMENT_REMOVED', `The document ${documentId} was removed.`);

/**
 * Which document and which bytes: before completion the original, as the signer reviews it; once
 * the envelope is Completed the sealed copy, and the certificate of completion as `certificate`
 * (docs/api/workflows.md: a signer keeps their copy).
 */
const chooseDocument = async (ctx: AppContext, envelope: Envelope, documentId: string): Promise<{ document: Document; sha256: string }> => {
  const completed = envelope.status === 'Completed';
  if (documentId === CERTIFICATE_DOCUMENT_ID) {
    const certificate = completed ? await readCertificateDocument(ctx.db, envelope.id) : undefined;
    if (!certificate) {
      throw new AppError(
        'ENVELOPE_NOT_COMPLETED',
        `The certificate of completion exists once the envelope is Completed; it is ${envelope.status}.`,
      );
    }
    if (envelope.documentsRemovedAt) throw documentRemoved(documentId);
    return { document: certificate, sha256: certificate.sealedSha256 ?? certificate.sha256 };
  }
  const document = (await readEnvelopeDocuments(ctx.db, envelope.id)).find((d) => d.id === documentId);
  if (!document) throw new AppError('DOCUMENT_NOT_FOUND', `The envelope has no document ${documentId}.`);
  if (completed && envelope.documentsRemovedAt) throw documentRemoved(documentId);
  await assertEnvelopeDocumentsRetained(ctx, ctx.db, envelope);
  return { document, sha256: completed && document.sealedSha256 ? document.sealedSha256 : document.sha256 };
};

/**
 * A viewer's step (docs/concepts/signing.md): each document they fetch while it is their turn is
 * recorded; the fetch of the last one they had not fetched makes them Viewed, their step done, and
 * the step machine says what follows. The envelope row is locked so that two fetches at once
 * record both documents and complete the step once.
 */
const recordViewerFetch = async (ctx: AppContext, token: SigningToken, documentId: string, origin: RequestOrigin): Promise<boolean> =>
  ledgerTransaction(ctx, async (trx) => {
    const { envelope, recipient }: SigningAccess = await openSigningAccess(ctx, trx, token, { lock: true });
    if (!isOnTurn(recipient.status)) return false;
    const viewed = [...new Set([...(recipient.viewedDocuments ?? []), documentId])];
    await updateRecipient(trx, recipient.id, { viewedDocuments: viewed });
    const documents = await readEnvelopeDocuments(trx, envelope.id);
    if (!documents.every((document) => viewed.includes(document.id))) return false;
    const viewedAt = ctx.clock.now().toISOString();
    await updateRecipient(trx, recipient.id, { status: 'Viewed', viewedAt });
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'DOCUMENT_VIEWED',
      actor: { name: recipient.name, email: recipient.email },
      description: `${recipient.name} viewed every document of the envelope.`,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
    });
    await updateEnvelope(trx, envelope.id, { status: 'InProgress' });
    await advanceSteps(ctx, trx, envelope);
    await recordWebhookEvent(ctx, trx, {
      accountId: envelope.accountId,
      type: 'recipient.viewed',
      data: { ...eventEnvelope(envelope, 'InProgress'), recipient: eventRecipient(recipient), viewed_at: viewedAt },
    });
    return true;
  });

/** A viewer on turn fetching one of the envelope's own documents (not yet fetched): their step moves on. */
const movesViewerStep = ({ envelope, recipient }: SigningAccess, documentId: string): boolean =>
  recipient.role === 'signer' &&
  recipient.signerRole === 'viewer' &&
  isOnTurn(recipient.status) &&
  envelope.status !== 'Completed' &&
  documentId !== CERTIFICATE_DOCUMENT_ID &&
  !(recipient.viewedDocuments ?? []).includes(documentId);

/** One of the envelope's documents for the signer: the original to review, or their sealed copy after completion. */
export const readSigningDocument = async (
  ctx: AppContext,
  rawToken: string,
  documentId: string,
  origin: RequestOrigin,
): Promise<{ name: string; bytes: Uint8Array }> => {
  const token = await claimSigningToken(ctx, rawToken);
  const access = await openSigningAccess(ctx, ctx.db, token, { purpose: 'read' });
  const { document, sha256 } = await chooseDocument(ctx, access.envelope, documentId);
  const bytes = await ctx.blobs.get(sha256);
  if (!bytes) throw documentRemoved(documentId);
  if (movesViewerStep(access, document.id) && (await recordViewerFetch(ctx, token, document.id, origin))) ctx.jobs.poke();
  return { name: document.name, bytes };
};
