import { allStepsDone } from '../../domain/signing-steps.js';
import type { Db } from '../../infra/db/database.js';
import { readEnvelopeDocuments, type Document } from '../../infra/db/tables/documents-table.js';
import { readEnvelope, type Envelope } from '../../infra/db/tables/envelopes-table.js';
import { readFields, type Field } from '../../infra/db/tables/fields-table.js';
import { readEnvelopeAuthentications, type RecipientAuthentication } from '../../infra/db/tables/recipient-authentications-table.js';
import { readDelegations, type RecipientDelegation } from '../../infra/db/tables/recipient-delegations-table.js';
import { readRecipients, type Recipient } from '../../infra/db/tables/recipients-table.js';
import { readSigningGroups, type SigningGroup } from '../../infra/db/tables/signing-groups-table.js';
import { readUser } from '../../infra/db/tables/users-table.js';
import type { StoredSignature } from '../signing/sign-envelope.js';
import { readFieldAttachments, type FieldAttachment } from './field-attachments.js';

/** The account user on whose device an in-person signer signed, as the certificate names them. */
export interface Host {
  name: string;
  email: string;
}

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
  groups: SigningGroup[];
  /** Each reassigned recipient's chain of hand-overs, oldest first, by recipient id. */
  delegations: Map<string, RecipientDelegation[]>;
  /** In-person signers' hosts, by recipient id (a host removed from the account since is absent). */
  hosts: Map<string, Host>;
}

const chains = (delegations: readonly RecipientDelegation[]): Map<string, RecipientDelegation[]> => {
  const byRecipient = new Map<string, RecipientDelegation[]>();
  for (const delegation of delegations)
    byRecipient.set(delegation.recipientId, [...(byRecipient.get(delegation.recipientId) ?? []), delegation]);
  for (const chain of byRecipient.values()) chain.sort((a, b) => a.position - b.position);
  return byRecipient;
};

const readHosts = async (db: Db, recipients: readonly Recipient[]): Promise<Map<string, Host>> => {
  const hosts = new Map<string, Host>();
  for (const recipient of recipients) {
    if (!recipient.hostUserId) continue;
    const user = await readUser(db, recipient.hostUserId);
    if (user) hosts.set(recipient.id, { name: user.name, email: user.email });
  }
  return hosts;
};

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
    groups: await readSigningGroups(db, envelopeId),
    delegations: chains(await readDelegations(db, envelopeId)),
    hosts: await readHosts(db, recipients),
  };
};

/** The step machine says every step is done (signed, approved, viewed, or the group complete): the envelope can be sealed. */
export const allStepsDoneIn = ({ recipients, groups }: EnvelopeRecord): boolean =>
  allStepsDone(
    recipients.filter((r) => r.role === 'signer'),
    groups,
  );
