import { AppError } from '../../domain/app-error.js';
import { assertDownloadableSigned } from '../../domain/envelope-state.js';
import { readCertificateDocument, readEnvelopeDocument, type Document } from '../../infra/db/tables/documents-table.js';
import type { AppContext, Caller } from '../context.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { assertEnvelopeDocumentsRetained } from '../retention/documents-retained.js';
import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import { loadEnvelope } from './load-envelope.js';
import type { RequestOrigin } from './new-envelope.js';
import { actingPerson } from './sender.js';

/** The `documentId` that names the certificate of completion, stored as the envelope's position-0 document. */
export const CERTIFICATE_DOCUMENT_ID = 'certificate';

export interface DownloadRequest {
  envelopeId: string;
  documentId: string;
  signedOnly: boolean;
}

export interface DownloadedDocument {
  envelopeId: string;
  envelopeName: string;
  documentId: string;
  documentName: string;
  /** Whether these are the sealed bytes. */
  signed: boolean;
  bytes: Uint8Array;
}

const documentNotFound = (documentId: string) => new AppError('DOCUMENT_NOT_FOUND', `No document ${documentId} in this envelope.`);
const documentRemoved = () => new AppError('DOCUMENT_REMOVED', "The envelope's documents were removed after delivery.");

const findDocument = async (ctx: AppContext, envelope: Envelope, documentId: string): Promise<Document> => {
  if (documentId === CERTIFICATE_DOCUMENT_ID) {
    const certificate = await readCertificateDocument(ctx.db, envelope.id);
    if (!certificate) {
      assertDownloadableSigned(envelope.status);
      throw documentNotFound(documentId);
    }
    return certificate;
  }
  const document = await readEnvelopeDocument(ctx.db, envelope.id, documentId);
  if (!document) throw documentNotFound(documentId);
  return document;
};

/**
 * Which bytes a download serves: the sealed copy once it exists, the original only when the caller
 * accepts an unsigned file. The certificate exists only once the envelope is Completed.
 */
const chooseCopy = (envelope: Envelope, document: Document, request: DownloadRequest) => {
  if (request.signedOnly || request.documentId === CERTIFICATE_DOCUMENT_ID) assertDownloadableSigned(envelope.status);
  if (envelope.documentsRemovedAt) throw documentRemoved();
  return document.sealedSha256 ? { sha256: document.sealedSha256, signed: true } : { sha256: document.sha256, signed: false };
};

const describeCopy = (request: DownloadRequest, document: Document, signed: boolean) =>
  request.documentId === CERTIFICATE_DOCUMENT_ID
    ? 'Certificate of completion downloaded.'
    : `Document "${document.name}" downloaded (${signed ? 'signed copy' : 'original'}).`;

/**
 * A document of the envelope, its certificate of completion included; every download is recorded in the ledger. The
 * certificate is evidence and outlives the account's retention; the documents do not.
 */
export const downloadDocument = async (
  ctx: AppContext,
  caller: Caller,
  request: DownloadRequest,
  origin: RequestOrigin,
): Promise<DownloadedDocument> => {
  const envelope = await loadEnvelope(ctx, ctx.db, caller.accountId, request.envelopeId);
  const document = await findDocument(ctx, envelope, request.documentId);
  if (request.documentId !== CERTIFICATE_DOCUMENT_ID) await assertEnvelopeDocumentsRetained(ctx, ctx.db, envelope);
  const copy = chooseCopy(envelope, document, request);
  const bytes = await ctx.blobs.get(copy.sha256);
  if (!bytes) throw documentRemoved();

  await ledgerTransaction(ctx, async (trx) => {
    // The envelope row lock orders this entry after any other being appended to the same chain.
    await loadEnvelope(ctx, trx, caller.accountId, request.envelopeId, { lock: true });
    const actor = await actingPerson(trx, caller);
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'DOCUMENT_DOWNLOADED',
      actor: { name: actor.name, email: actor.email },
      description: describeCopy(request, document, copy.signed),
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
    });
  });
  return {
    envelopeId: envelope.id,
    envelopeName: envelope.name,
    documentId: document.id,
    documentName: document.name,
    signed: copy.signed,
    bytes,
  };
};
