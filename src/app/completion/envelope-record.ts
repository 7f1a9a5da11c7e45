import type { Db } from '../../infra/db/database.js';
import type { DocumentsTable, EnvelopesTable, FieldsTable, RecipientsTable } from '../../infra/db/schema.js';
import type { StoredSignature } from '../signing/sign-envelope.js';

/** Everything sealing needs to know about an envelope, read once. */
export interface EnvelopeRecord {
  envelope: EnvelopesTable;
  documents: DocumentsTable[];
  recipients: RecipientsTable[];
  fields: FieldsTable[];
  /** The adopted marks of every signer who signed, by recipient id. */
  signatures: Map<string, StoredSignature>;
}

export const readEnvelopeRecord = async (db: Db, envelopeId: string): Promise<EnvelopeRecord | undefined> => {
  const envelope = await db.selectFrom('envelopes').selectAll().where('id', '=', envelopeId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!envelope) return undefined;
  const documents = await db.selectFrom('documents').selectAll().where('envelope_id', '=', envelopeId).where('position', '>=', 1).orderBy('position').execute();
  const recipients = await db.selectFrom('recipients').selectAll().where('envelope_id', '=', envelopeId).orderBy('role', 'desc').orderBy('position').execute();
  const fields = await db.selectFrom('fields').selectAll().where('envelope_id', '=', envelopeId).orderBy('recipient_id').orderBy('position').execute();
  const signatures = new Map(recipients.flatMap((r) => (r.signature ? [[r.id, JSON.parse(r.signature) as StoredSignature] as const] : [])));
  return { envelope, documents, recipients, fields, signatures };
};

export const allSignersSigned = ({ recipients }: EnvelopeRecord): boolean =>
  recipients.filter((r) => r.role === 'signer').every((r) => r.status === 'Signed');
