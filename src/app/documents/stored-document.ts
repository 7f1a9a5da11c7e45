import { AppError } from '../../domain/app-error.js';
import { ProblemCollector } from '../../domain/problem-collector.js';
import { originalColumns, type DocumentOriginal } from '../../infra/db/tables/document-original.js';
import type { Document, DocumentAnchors } from '../../infra/db/tables/documents-table.js';
import { newId } from '../../infra/ids.js';
import type { AppContext } from '../context.js';
import { convertDocument, type OriginalFile } from './convert-document.js';

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
  /** The file it was converted from (docs/api/conversion.md); absent for a document given as PDF. */
  original?: DocumentOriginal;
}

/** A file as a request carries it: a name and its bytes. */
export interface DocumentFile {
  name: string;
  bytes: Uint8Array;
}

/** A document as a JSON request carries it (docs/concepts/envelopes.md). */
export interface Base64DocumentInput {
  name: string;
  contentBase64: string;
}

export const DOCUMENT_LIMITS = { maxBytes: 25 * 1024 * 1024, maxDocuments: 10, maxEnvelopeBytes: 50 * 1024 * 1024, maxPages: 500 };

/** A document whose bytes passed every check but are not stored yet. */
export interface CheckedDocument {
  name: string;
  bytes: Uint8Array;
  size: number;
  pages: PageInfo[];
  /** The file it was converted from: its bytes, or (a stored upload's bytes read again) its blob already. */
  original?: OriginalFile | DocumentOriginal;
}

/**
 * Checks a document (docs/concepts/fields.md: parseable, not encrypted, ≤ 500 pages, ≤ 25 MB) without
 * storing anything; one in another format is converted to PDF first (docs/api/conversion.md), and the PDF
 * it becomes gets the same checks.
 */
export const checkDocument = async (ctx: AppContext, name: string, bytes: Uint8Array): Promise<CheckedDocument> => {
  if (bytes.byteLength > DOCUMENT_LIMITS.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `"${name}" is larger than ${DOCUMENT_LIMITS.maxBytes / 1024 / 1024} MB.`);
  }
  const pdf = await convertDocument(ctx, name, bytes);
  if (pdf.bytes.byteLength > DOCUMENT_LIMITS.maxBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The PDF converted from "${name}" is larger than ${DOCUMENT_LIMITS.maxBytes / 1024 / 1024} MB.`,
    );
  }
  const info = await ctx.pdf.inspect(pdf.bytes, { maxPages: DOCUMENT_LIMITS.maxPages });
  return {
    name: pdf.name,
    bytes: pdf.bytes,
    size: pdf.bytes.byteLength,
    pages: info.pages,
    ...(pdf.original ? { original: pdf.original } : {}),
  };
};

const storeOriginal = async (ctx: AppContext, original: OriginalFile | DocumentOriginal): Promise<DocumentOriginal> =>
  'bytes' in original ? { name: original.name, mediaType: original.mediaType, sha256: await ctx.blobs.put(original.bytes) } : original;

/** Stores the bytes of a checked document, and those of the file it was converted from. */
export const storeCheckedDocument = async (
  ctx: AppContext,
  { name, bytes, pages, original }: CheckedDocument,
): Promise<StoredDocument> => ({
  name,
  sha256: await ctx.blobs.put(bytes),
  size: bytes.byteLength,
  pages,
  ...(original ? { original: await storeOriginal(ctx, original) } : {}),
});

/** base64 text → bytes, refusing text that is not base64 at all. */
export const decodeBase64Document = (content: string, field: string): Uint8Array => {
  const compact = content.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact)) {
    throw new AppError('INVALID_BASE64', `${field} is not base64.`, { field });
  }
  const bytes = Buffer.from(compact, 'base64');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

/**
 * Decodes and checks each of a request's `documents`, in order, without storing anything: the
 * problems of every bad one at once (docs/api/conventions.md).
 */
export const checkBase64Documents = async (ctx: AppContext, documents: readonly Base64DocumentInput[]): Promise<CheckedDocument[]> => {
  const problems = new ProblemCollector();
  const checked: CheckedDocument[] = [];
  for (const [i, doc] of documents.entries()) {
    const document = await problems.check(() =>
      checkDocument(ctx, doc.name, decodeBase64Document(doc.contentBase64, `documents[${i}].content_base64`)),
    );
    if (document) checked.push(document);
  }
  problems.throwIfAny();
  return checked;
};

/** Stores checked documents, in order. */
export const storeCheckedDocuments = async (ctx: AppContext, documents: readonly CheckedDocument[]): Promise<StoredDocument[]> => {
  const stored: StoredDocument[] = [];
  for (const document of documents) stored.push(await storeCheckedDocument(ctx, document));
  return stored;
};

export const assertEnvelopeDocumentLimits = (documents: readonly { size: number }[]) => {
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

/**
 * The document rows of stored bytes, in request order, owned by one envelope or one template; a
 * template's keep where its roles' anchor texts occur, by document.
 */
export const documentsOf = (
  accountId: string,
  owner: { envelopeId: string; templateId: null } | { envelopeId: null; templateId: string },
  stored: readonly StoredDocument[],
  anchors: readonly (DocumentAnchors | undefined)[] = [],
): Document[] =>
  stored.map((doc, i) => ({
    id: newId('doc'),
    accountId,
    ...owner,
    position: i + 1,
    name: doc.name,
    pages: doc.pages,
    size: doc.size,
    sha256: doc.sha256,
    sealedSha256: null,
    anchors: anchors[i] ?? null,
    ...originalColumns(doc.original),
  }));
