import { effectiveStatus, type EnvelopeStatus } from '../../../domain/envelope-state.js';
import type { SignProcessFlow } from '../../../domain/signing-order.js';
import type { Db } from '../database.js';
import type { PendingInsert } from '../insert-at-once.js';
import { lockForUpdate } from '../lock-for-update.js';
import { bool, json, oneOf, rowCodec } from '../row-codec.js';
import type { EnvelopesTable } from '../schema.js';

export interface Envelope {
  id: string;
  accountId: string;
  createdByUserId: string;
  templateId: string | null;
  name: string;
  description: string | null;
  tags: string[];
  metadata: Record<string, string>;
  message: string | null;
  /** As stored; `readEnvelope` answers the effective status (an open envelope past its due instant reads Expired). */
  status: EnvelopeStatus;
  signProcessFlow: SignProcessFlow;
  expirationDays: number;
  emailReminders: boolean;
  reminderPeriod: number | null;
  appendVerificationQrCode: boolean;
  removeSignedEnvelope: boolean;
  enforceSignersLocation: boolean;
  sendEmailToRecipients: boolean;
  createdAt: string;
  signingDueDate: string;
  completedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  declinedAt: string | null;
  expiredAt: string | null;
  documentsRemovedAt: string | null;
  deletedAt: string | null;
  ledgerHeadHash: string | null;
  sealedLedgerHeadHash: string | null;
  /** Signers may hand their step to another person (docs/api/workflows.md). */
  allowReassign: boolean;
  /** Set while a signer's send-back is being corrected (status Correcting), kept afterwards in the history. */
  returnedAt: string | null;
  returnComment: string | null;
  /** The recipient who sent it back. */
  returnedBy: string | null;
  /** The bulk send whose row created it (docs/api/bulk-sending.md); null otherwise. */
  bulkSendId: string | null;
  /** When the retention purge deleted its document bytes (docs/operations/retention-and-erasure.md); null until then. */
  documentsPurgedAt: string | null;
}

export const envelopeCodec = rowCodec<Envelope, EnvelopesTable>({
  id: 'id',
  accountId: 'account_id',
  createdByUserId: 'created_by_user_id',
  templateId: 'template_id',
  name: 'name',
  description: 'description',
  tags: ['tags', json<string[]>()],
  metadata: ['metadata', json<Record<string, string>>()],
  message: 'message',
  status: ['status', oneOf<EnvelopeStatus>()],
  signProcessFlow: ['sign_process_flow', oneOf<SignProcessFlow>()],
  expirationDays: 'expiration_days',
  emailReminders: ['email_reminders', bool],
  reminderPeriod: 'reminder_period',
  appendVerificationQrCode: ['append_verification_qr_code', bool],
  removeSignedEnvelope: ['remove_signed_envelope', bool],
  enforceSignersLocation: ['enforce_signers_location', bool],
  sendEmailToRecipients: ['send_email_to_recipients', bool],
  createdAt: 'created_at',
  signingDueDate: 'signing_due_date',
  completedAt: 'completed_at',
  cancelledAt: 'cancelled_at',
  cancelReason: 'cancel_reason',
  declinedAt: 'declined_at',
  expiredAt: 'expired_at',
  documentsRemovedAt: 'documents_removed_at',
  deletedAt: 'deleted_at',
  ledgerHeadHash: 'ledger_head_hash',
  sealedLedgerHeadHash: 'sealed_ledger_head_hash',
  allowReassign: ['allow_reassign', bool],
  returnedAt: 'returned_at',
  returnComment: 'return_comment',
  returnedBy: 'returned_by',
  bulkSendId: 'bulk_send_id',
  documentsPurgedAt: 'documents_purged_at',
});

export interface ReadEnvelopeOptions {
  /** Only an envelope of this account (another account's envelope reads as missing). */
  accountId?: string;
  /** Lock the row until the transaction ends. */
  lock?: boolean;
  /** Answer the status as of this instant (effective status) instead of the stored one. */
  asOf?: Date;
}

/** A live (not deleted) envelope, or undefined. */
export const readEnvelope = async (db: Db, envelopeId: string, options: ReadEnvelopeOptions = {}): Promise<Envelope | undefined> => {
  let query = db.selectFrom('envelopes').selectAll().where('id', '=', envelopeId).where('deleted_at', 'is', null);
  if (options.accountId) query = query.where('account_id', '=', options.accountId);
  if (options.lock) query = lockForUpdate(db, query);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const envelope = envelopeCodec.fromRow(row);
  return options.asOf
    ? { ...envelope, status: effectiveStatus({ status: envelope.status, signingDueDate: new Date(envelope.signingDueDate) }, options.asOf) }
    : envelope;
};

/** The insert of this envelope, not run yet (see insertAtOnce). */
export const envelopeInsert = (db: Db, envelope: Envelope): PendingInsert =>
  db.insertInto('envelopes').values(envelopeCodec.toRow(envelope));

export const insertEnvelope = async (db: Db, envelope: Envelope): Promise<void> => {
  await envelopeInsert(db, envelope).execute();
};

export const updateEnvelope = async (db: Db, envelopeId: string, changes: Partial<Envelope>): Promise<void> => {
  await db.updateTable('envelopes').set(envelopeCodec.toColumns(changes)).where('id', '=', envelopeId).execute();
};

/** An envelope whether deleted or not, with its stored status: for notices owed about what happened before a deletion. */
export const readEnvelopeEvenIfDeleted = async (db: Db, envelopeId: string): Promise<Envelope | undefined> => {
  const row = await db.selectFrom('envelopes').selectAll().where('id', '=', envelopeId).executeTakeFirst();
  return row && envelopeCodec.fromRow(row);
};
