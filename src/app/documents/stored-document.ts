import { AppError } from '../../domain/app-error.js';
import { inspectPdf } from '../../infra/pdf/intake.js';
import type { AppContext } from '../context.js';

export interface PageInfo {
  width: number;
  height: number;
  rotation: number;
}

/** A document whose bytes are in the blob store, as envelopes and templates reference it. */
export interface StoredDocument {
  name: string;
  sha256: string;
  size: number;
  pages: PageInfo[];
}

/** A file as a request carries it: a name and its bytes. */
export interface DocumentFile {
  name: string;
  bytes: Uint8Array;
}

/** A document as a JSON request carries it (API.md §3). */
export interface Base64DocumentInput {
  name: string;
  contentBase64: string;
}

export const DOCUMENT_LIMITS = { maxBytes: 25 * 1024 * 1024, maxDocuments: 10, maxEnvelopeBytes: 50 * 1024 * 1024, maxPages: 500 };

/** Checks a PDF (API.md §2: parseable, not encrypted, ≤ 500 pages, ≤ 25 MB) and stores its bytes. */
export const storeDocument = async (ctx: AppContext, name: string, bytes: Uint8Array): Promise<StoredDocument> => {
  if (bytes.byteLength > DOCUMENT_LIMITS.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `"${name}" is larger than ${DOCUMENT_LIMITS.maxBytes / 1024 / 1024} MB.`);
  }
  const info = await inspectPdf(bytes, { maxPages: DOCUMENT_LIMITS.maxPages });
  const sha256 = await ctx.blobs.put(bytes);
  return { name, sha256, size: bytes.byteLength, pages: info.pages };
};

/** base64 text → bytes, refusing text that is not base64 at all. */
export const decodeBase64Document = (content: string, field: string): Uint8Array => {
  const compact = content.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact)) {
    throw new AppError('INVALID_BASE64', `${field} is not base64.`, { field });
  }
  const bytes = Buffer.from(compact, 'base64');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

/** Decodes, checks and stores each of a request's `documents`, in order, stopping at the first bad one. */
export const storeBase64Documents = async (ctx: AppContext, documents: readonly Base64DocumentInput[]): Promise<StoredDocument[]> => {
  const stored: StoredDocument[] = [];
  for (const [i, doc] of documents.entries()) {
    stored.push(await storeDocument(ctx, doc.name, decodeBase64Document(doc.contentBase64, `documents[${i}].content_base64`)));
  }
  return stored;
};

export const assertEnvelopeDocumentLimits = (documents: readonly StoredDocument[]) => {
  if (documents.length === 0) throw new AppError('DOCUMENTS_REQUIRED', 'An envelope needs at least one document.', { field: 'documents' });
  if (documents.length > DOCUMENT_LIMITS.maxDocuments) {
    throw new AppError('TOO_MANY_DOCUMENTS', `An envelope holds at most ${DOCUMENT_LIMITS.maxDocuments} documents.`, {
      field: 'documents',
    });
  }
  const total = documents.reduce((sum, d) => sum + d.size, 0);
  if (total > DOCUMENT_LIMITS.maxEnvelopeBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The documents of an envelope may total at most ${DOCUMENT_LIMITS.maxEnvelopeBytes / 1024 / 1024} MB.`,
    );
  }
};
