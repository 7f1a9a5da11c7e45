import { AppError } from '../../domain/app-error.js';
import { assertCanAct } from '../../domain/recipient-state.js';
import {
  insertSignerAttachment,
  readSignerAttachmentUsage,
  type SignerAttachment,
} from '../../infra/db/tables/signer-attachments-table.js';
import type { Db } from '../../infra/db/database.js';
import { newId } from '../../infra/ids.js';
import { MAX_ATTACHMENT_BYTES, type AttachmentFile } from '../attachments/add-attachments.js';
import { signerAttachmentContentType } from '../attachments/attachment-content-type.js';
import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { claimSigningToken, openSigningAccess, type SigningAccess } from './signing-access.js';

export type { SignerAttachment } from '../../infra/db/tables/signer-attachments-table.js';

/**
 * Bounds on what signers may store through a public route (docs/api/limits.md): files per signer (replacing
 * a file uploads another, so this leaves room for second thoughts) and bytes per envelope, which
 * also bounds what sealing embeds into every sealed document.
 */
export const SIGNER_ATTACHMENT_LIMITS = {
  maxFileBytes: MAX_ATTACHMENT_BYTES,
  maxFilesPerSigner: 20,
  maxBytesPerEnvelope: 50 * 1024 * 1024,
};

/** The signer may act now: a signer (not an observer) whose turn it is. */
const assertSignerOnTurn = (access: SigningAccess): void => {
  if (access.recipient.role !== 'signer') throw new AppError('NOT_A_SIGNER', 'Observers receive the envelope but do not sign it.');
  assertCanAct(access.recipient.status);
};

/** Read under the envelope's lock, so two uploads at once cannot both take the last place. */
const assertWithinLimits = async (db: Db, access: SigningAccess, size: number) => {
  const usage = await readSignerAttachmentUsage(db, access.envelope.id, access.recipient.id);
  if (usage.signerFiles >= SIGNER_ATTACHMENT_LIMITS.maxFilesPerSigner) {
    throw new AppError(
      'TOO_MANY_ATTACHMENTS',
      `A signer may upload at most ${SIGNER_ATTACHMENT_LIMITS.maxFilesPerSigner} files to an envelope.`,
      { field: 'file' },
    );
  }
  if (usage.envelopeBytes + size > SIGNER_ATTACHMENT_LIMITS.maxBytesPerEnvelope) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The signers' files of an envelope may hold at most ${SIGNER_ATTACHMENT_LIMITS.maxBytesPerEnvelope / 1024 / 1024} MB together.`,
      { field: 'file' },
    );
  }
};

/**
 * A signer uploads a file for an attachment field (docs/concepts/recipients.md) while it is their turn on an active
 * envelope: PDF, PNG or JPEG by its bytes, at most 10 MB. The answer's id is the field's value at
 * signing; until then the file is the signer's alone, and one no field names is forgotten once the
 * envelope ends (purge-unused-uploads.ts). The ledger records each upload with its SHA-256.
 */
export const uploadSignerAttachment = async (
  ctx: AppContext,
  rawToken: string,
  files: AttachmentFile[],
  origin: RequestOrigin,
): Promise<SignerAttachment> => {
  const token = await claimSigningToken(ctx, rawToken);
  assertSignerOnTurn(await openSigningAccess(ctx, ctx.db, token));
  const file = files[0];
  if (!file) throw new AppError('FILE_REQUIRED', 'Send the file as one multipart "file" part.', { field: 'file' });
  if (files.length > 1) throw new AppError('TOO_MANY_DOCUMENTS', 'Send one file per upload.', { field: 'file' });
  if (file.bytes.byteLength > SIGNER_ATTACHMENT_LIMITS.maxFileBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `"${file.name}" is larger than ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB.`, { field: 'file' });
  }
  const contentType = await signerAttachmentContentType(file.bytes, file.name);
  const sha256 = await ctx.blobs.put(file.bytes);
  return ledgerTransaction(ctx, async (trx) => {
    const access = await openSigningAccess(ctx, trx, token, { lock: true });
    assertSignerOnTurn(access);
    await assertWithinLimits(trx, access, file.bytes.byteLength);
    const attachment: SignerAttachment = {
      id: newId('att'),
      envelopeId: access.envelope.id,
      recipientId: access.recipient.id,
      name: file.name,
      contentType,
      size: file.bytes.byteLength,
      sha256,
      createdAt: ctx.clock.now().toISOString(),
    };
    await insertSignerAttachment(trx, attachment);
    await appendLedgerEntry(ctx, trx, {
      envelopeId: access.envelope.id,
      activityType: 'ATTACHMENT_ADDED',
      actor: { name: access.recipient.name, email: access.recipient.email },
      description: `${access.recipient.name} uploaded "${attachment.name}" (${contentType}, ${attachment.size} bytes, SHA-256 ${sha256}) for an attachment field.`,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
    });
    return attachment;
  });
};
