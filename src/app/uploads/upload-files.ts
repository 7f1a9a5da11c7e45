import { AppError } from '../../domain/app-error.js';
import { originalColumns, originalOf, type DocumentOriginal } from '../../infra/db/tables/document-original.js';
import { insertUploads, readPendingUploadUsage, type Upload, type UploadScope } from '../../infra/db/tables/uploads-table.js';
import { newId } from '../../infra/ids.js';
import type { AppContext, Caller } from '../context.js';
import { checkDocument, storeCheckedDocument, type CheckedDocument, type DocumentFile } from '../documents/stored-document.js';
import { assertEnvelopeQuotaLeft } from '../envelopes/envelope-creation.js';

export type { UploadScope };

export interface RecordedUpload {
  fileId: string;
  name: string;
  size: number;
  pageCount: number;
  sha256: string;
  /** The file it was converted from (docs/api/conversion.md); null for a PDF. */
  original: DocumentOriginal | null;
}

/**
 * What one account may keep in uploads no envelope or template has used yet (they are purged after
 * 24 h, docs/concepts/envelopes.md): enough for many creations at once, not enough to fill the disk.
 */
export const PENDING_UPLOAD_LIMITS = { maxFiles: 100, maxBytes: 1024 * 1024 * 1024 };

const assertPendingRoom = async (ctx: AppContext, accountId: string, files: readonly CheckedDocument[]) => {
  const pending = await readPendingUploadUsage(ctx.db, accountId);
  const bytes = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  if (pending.files + files.length > PENDING_UPLOAD_LIMITS.maxFiles || pending.bytes + bytes > PENDING_UPLOAD_LIMITS.maxBytes) {
    throw new AppError(
      'UPLOAD_QUOTA_EXCEEDED',
      `An account may hold at most ${PENDING_UPLOAD_LIMITS.maxFiles} unused uploads (${PENDING_UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB); ` +
        'use or let expire the ones it has.',
    );
  }
};

/**
 * Checks every file as a PDF and the account's room for them before storing any (an account over
 * its quota, or a request with one bad file, writes no bytes), then remembers them until an envelope
 * or a template uses them (docs/concepts/envelopes.md). The files are read only once the account may upload at all.
 */
export const uploadFiles = async (
  ctx: AppContext,
  caller: Caller,
  scope: UploadScope,
  readFiles: () => Promise<readonly DocumentFile[]>,
): Promise<RecordedUpload[]> => {
  // Envelope uploads serve only envelope creations, which the monthly quota would refuse.
  if (scope === 'envelope') await assertEnvelopeQuotaLeft(ctx, ctx.db, caller.accountId);
  const checked: CheckedDocument[] = [];
  for (const file of await readFiles()) checked.push(await checkDocument(ctx, file.name, file.bytes));
  await assertPendingRoom(ctx, caller.accountId, checked);

  const createdAt = ctx.clock.now().toISOString();
  const uploads: Upload[] = [];
  for (const document of checked) {
    const { original, ...stored } = await storeCheckedDocument(ctx, document);
    uploads.push({
      id: newId('file'),
      accountId: caller.accountId,
      scope,
      ...stored,
      ...originalColumns(original),
      createdAt,
      usedAt: null,
    });
  }
  await insertUploads(ctx.db, uploads);
  return uploads.map((upload) => ({
    fileId: upload.id,
    name: upload.name,
    size: upload.size,
    pageCount: upload.pages.length,
    sha256: upload.sha256,
    original: originalOf(upload),
  }));
};
