import { AppError } from '../../domain/app-error.js';
import { insertAttachments, type Attachment } from '../../infra/db/tables/attachments-table.js';
import { newId } from '../../infra/ids.js';
import type { AppContext, Caller } from '../context.js';
import { loadEnvelope } from '../envelopes/load-envelope.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { actingPerson } from '../envelopes/sender.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { attachmentContentType } from './attachment-content-type.js';

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export interface AttachmentFile {
  name: string;
  bytes: Uint8Array;
}

const checkedFile = async (file: AttachmentFile) => {
  if (file.bytes.byteLength > MAX_ATTACHMENT_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `"${file.name}" is larger than ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB.`);
  }
  return { ...file, contentType: await attachmentContentType(file.bytes, file.name) };
};

/**
 * Attaches supporting documents to an envelope, whatever its status: they are reference material
 * outside the signed documents (never stamped or sealed), and the ledger records when each one was
 * added. Every file is checked before anything is written, so a bad file adds none.
 */
export const addAttachments = async (
  ctx: AppContext,
  caller: Caller,
  envelopeId: string,
  files: AttachmentFile[],
  origin: RequestOrigin,
): Promise<Attachment[]> => {
  await loadEnvelope(ctx, ctx.db, caller.accountId, envelopeId);
  if (files.length === 0) throw new AppError('DOCUMENTS_REQUIRED', 'Send at least one file.', { field: 'documents' });
  const checked = [];
  for (const file of files) checked.push(await checkedFile(file));

  const now = ctx.clock.now().toISOString();
  const attachments: Attachment[] = [];
  for (const file of checked) {
    const sha256 = await ctx.blobs.put(file.bytes);
    attachments.push({
      id: newId('att'),
      envelopeId,
      name: file.name,
      contentType: file.contentType,
      size: file.bytes.byteLength,
      sha256,
      createdAt: now,
      uploadedBy: 'sender',
    });
  }

  await ledgerTransaction(ctx, async (trx) => {
    await loadEnvelope(ctx, trx, caller.accountId, envelopeId, { lock: true });
    await insertAttachments(trx, attachments);
    const actor = await actingPerson(trx, caller);
    for (const attachment of attachments) {
      await appendLedgerEntry(ctx, trx, {
        envelopeId,
        activityType: 'ATTACHMENT_ADDED',
        actor: { name: actor.name, email: actor.email },
        description: `Supporting document "${attachment.name}" (${attachment.contentType}, ${attachment.size} bytes, SHA-256 ${attachment.sha256}) attached.`,
        ipAddress: origin.ipAddress,
        userAgent: origin.userAgent,
      });
    }
  });
  return attachments;
};
