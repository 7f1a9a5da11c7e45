import type { Language } from '../../../domain/language.js';
import type { RecipientStatus } from '../../../domain/recipient-state.js';
import type { SignerRole } from '../../../domain/signer-role.js';
import type { Db } from '../database.js';
import type { PendingInsert } from '../insert-at-once.js';
import { jsonOrNull, oneOf, rowCodec } from '../row-codec.js';
import type { RecipientsTable } from '../schema.js';

export type RecipientRole = 'signer' | 'observer';

export interface SignerLocation {
  latitude: number;
  longitude: number;
  [key: string]: unknown;
}

export interface Recipient {
  id: string;
  envelopeId: string;
  role: RecipientRole;
  position: number;
  name: string;
  email: string;
  title: string | null;
  signingOrder: number;
  status: RecipientStatus;
  countryCode: number | null;
  phoneNumber: string | null;
  privateNote: string | null;
  sentAt: string | null;
  viewedAt: string | null;
  consentedAt: string | null;
  consentTextSha256: string | null;
  /** Of their mails, signing page and certificate wording (docs/concepts/recipients.md). */
  language: Language;
  signedAt: string | null;
  declinedAt: string | null;
  declineReason: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  location: SignerLocation | null;
  /** The adopted marks, as the signing use case stored them. */
  signature: unknown;
  lastRemindedAt: string | null;
  autoRemindedAt: string | null;
  /** What a signer's step asks of them (docs/api/workflows.md); observers read 'signer'. */
  signerRole: SignerRole;
  /** An in-person signer's host: the account user on whose device they sign. */
  hostUserId: string | null;
  /** A witness's witnessed signer (a recipient id). */
  witnessFor: string | null;
  /** The signing group this recipient is a member of. */
  groupId: string | null;
  /** The documents a viewer has fetched; their step is done once every one was. */
  viewedDocuments: string[] | null;
  approvedAt: string | null;
  notNeededAt: string | null;
}

export const recipientCodec = rowCodec<Recipient, RecipientsTable>({
  id: 'id',
  envelopeId: 'envelope_id',
  role: 'role',
  position: 'position',
  name: 'name',
  email: 'email',
  title: 'title',
  signingOrder: 'signing_order',
  status: ['status', oneOf<RecipientStatus>()],
  countryCode: 'country_code',
  phoneNumber: 'phone_number',
  privateNote: 'private_note',
  sentAt: 'sent_at',
  viewedAt: 'viewed_at',
  consentedAt: 'consented_at',
  consentTextSha256: 'consent_text_sha256',
  language: ['language', oneOf<Language>()],
  signedAt: 'signed_at',
  declinedAt: 'declined_at',
  declineReason: 'decline_reason',
  ipAddress: 'ip_address',
  userAgent: 'user_agent',
  location: ['location', jsonOrNull<SignerLocation>()],
  signature: ['signature', jsonOrNull<unknown>()],
  lastRemindedAt: 'last_reminded_at',
  autoRemindedAt: 'auto_reminded_at',
  signerRole: ['signer_role', oneOf<SignerRole>()],
  hostUserId: 'host_user_id',
  witnessFor: 'witness_for',
  groupId: 'group_id',
  viewedDocuments: ['viewed_documents', jsonOrNull<string[]>()],
  approvedAt: 'approved_at',
  notNeededAt: 'not_needed_at',
});

/** An envelope's recipients: signers first, then observers, each in their request order. */
export const readRecipients = async (db: Db, envelopeId: string, role?: RecipientRole): Promise<Recipient[]> => {
  let query = db.selectFrom('recipients').selectAll().where('envelope_id', '=', envelopeId);
  if (role) query = query.where('role', '=', role);
  const rows = await query.orderBy('role', 'desc').orderBy('position').execute();
  return rows.map(recipientCodec.fromRow);
};

export const readRecipient = async (db: Db, recipientId: string): Promise<Recipient | undefined> => {
  const row = await db.selectFrom('recipients').selectAll().where('id', '=', recipientId).executeTakeFirst();
  return row && recipientCodec.fromRow(row);
};

/** Rows per INSERT, so that a statement stays under SQLite's bound-variable limit whatever the request. */
const INSERT_BATCH = 100;

/** The inserts of these recipients, not run yet (see insertAtOnce). */
export const recipientInserts = (db: Db, recipients: readonly Recipient[]): PendingInsert[] => {
  const inserts: PendingInsert[] = [];
  for (let i = 0; i < recipients.length; i += INSERT_BATCH) {
    inserts.push(db.insertInto('recipients').values(recipients.slice(i, i + INSERT_BATCH).map(recipientCodec.toRow)));
  }
  return inserts;
};

export const insertRecipients = async (db: Db, recipients: Recipient[]): Promise<void> => {
  for (const insert of recipientInserts(db, recipients)) await insert.execute();
};

export const updateRecipient = async (db: Db, recipientId: string, changes: Partial<Recipient>): Promise<void> => {
  await db.updateTable('recipients').set(recipientCodec.toColumns(changes)).where('id', '=', recipientId).execute();
};

/** The envelope's signer with this e-mail address (stored lowercase), if any. */
export const readSignerByEmail = async (db: Db, envelopeId: string, email: string): Promise<Recipient | undefined> => {
  const row = await db
    .selectFrom('recipients')
    .selectAll()
    .where('envelope_id', '=', envelopeId)
    .where('role', '=', 'signer')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row && recipientCodec.fromRow(row);
};

/** The same changes to every recipient of an envelope. */
export const updateEnvelopeRecipients = async (db: Db, envelopeId: string, changes: Partial<Recipient>): Promise<void> => {
  await db.updateTable('recipients').set(recipientCodec.toColumns(changes)).where('envelope_id', '=', envelopeId).execute();
};
