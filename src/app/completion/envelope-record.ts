import type { Db } from '../../infra/db/database.js';
import { readEnvelopeDocuments, type Document } from '../../infra/db/tables/documents-table.js';
import { readEnvelope, type Envelope } from '../../infra/db/tables/envelopes-table.js';
import { readFields, type Field } from '../../infra/db/tables/fields-table.js';
import { readEnvelopeAuthentications, type RecipientAuthentication } from '../../infra/db/tables/recipient-authentications-table.js';
import { readRecipients, type Recipient } from '../../infra/db/tables/recipients-table.js';
import type { StoredSignature } from '../signing/sign-envelope.js';
import { readFieldAttachments, type FieldAttachment } from './field-attachments.js';

/** Everything sealing needs to know about an envelope, read once. */
export interface EnvelopeRecord {
  /** With its stored status: sealing acts on what the signatures made it, not on the clock. */
  envelope: Envelope;
  documents: Document[];
  recipients: Recipient[];
  fields: Field[];
  /** The adopted marks of every signer who signed, by recipient id. */
  signatures: Map<string, StoredSignature>;
  /** The files signers gave their attachment fields. */
  attachments: FieldAttachment[];
  /** The signers' authentication methods (docs/concepts/recipients.md), by recipient id. */
  authentications: Map<string, RecipientAuthentication>;
}

export const readEnvelopeRecord = async (db: Db, envelopeId: string): Promise<EnvelopeRecord | undefined> => {
  const envelope = await readEnvelope(db, envelopeId);
  if (!envelope) return undefined;
  const recipients = await readRecipients(db, envelopeId);
  const fields = await readFields(db, envelopeId);
  return {
    envelope,
    documents: await readEnvelopeDocuments(db, envelopeId),
    recipients,
    fields,
    attachments: await readFieldAttachments(db, envelopeId, fields, recipients),
    // Only the signing use case writes `signature`, always as a StoredSignature.
    signatures: new Map(recipients.flatMap((r) => (r.signature ? [[r.id, r.signature as StoredSignature] as const] : []))),
    authentications: new Map((await readEnvelopeAuthentications(db, envelopeId)).map((a) => [a.recipientId, a])),
  };
};

export const allSignersSigned = ({ recipients }: EnvelopeRecord): boolean =>
  recipients.filter((r) => r.role === 'signer').every((r) => r.status === 'Signed');
