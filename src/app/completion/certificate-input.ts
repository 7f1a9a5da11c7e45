import type {
  CertificateAuthentication,
  CertificateDelegation,
  CertificateDocument,
  CertificateInput,
  CertificateRecipient,
} from '../../infra/pdf/certificate-page.js';
import type { RecipientDelegation } from '../../infra/db/tables/recipient-delegations-table.js';
import type { Language } from '../../domain/language.js';
import { maskedPhoneNumber } from '../../domain/recipient-authentication.js';
import type { RecipientAuthentication } from '../../infra/db/tables/recipient-authentications-table.js';
import type { PageSize } from '../../infra/pdf/page-flow.js';
import type { Recipient } from '../../infra/db/tables/recipients-table.js';
import { pngOf } from '../signing/adopted-signature.js';
import type { StoredSignature } from '../signing/sign-envelope.js';
import type { EnvelopeRecord } from './envelope-record.js';

/** The method and time of authentication (docs/concepts/recipients.md); an SMS number masked to its last four digits. */
const certificateAuthentication = (
  recipient: Recipient,
  authentication: RecipientAuthentication | undefined,
): CertificateAuthentication | null =>
  authentication
    ? {
        method: authentication.method,
        maskedPhone: authentication.method === 'sms' ? maskedPhoneNumber(recipient.countryCode, recipient.phoneNumber) : null,
        at: authentication.authenticatedAt,
      }
    : null;

const certificateDelegation = (delegation: RecipientDelegation): CertificateDelegation => ({
  from: { name: delegation.fromName, email: delegation.fromEmail },
  to: { name: delegation.toName, email: delegation.toEmail },
  reason: delegation.reason,
  at: delegation.at,
});

const person = (recipient: Recipient) => ({ name: recipient.name, email: recipient.email });

/** A recipient's block: their evidence, and how their step ties them to the others (docs/api/workflows.md). */
const certificateRecipient = (record: EnvelopeRecord, recipient: Recipient): CertificateRecipient => {
  const witnessed = recipient.witnessFor ? record.recipients.find((r) => r.id === recipient.witnessFor) : undefined;
  return {
    ...recipientEvidence(recipient, record.signatures.get(recipient.id), record.authentications.get(recipient.id)),
    signerRole: recipient.signerRole,
    status: recipient.status,
    approvedAt: recipient.approvedAt,
    notNeededAt: recipient.notNeededAt,
    host: record.hosts.get(recipient.id) ?? null,
    witnessOf: witnessed ? person(witnessed) : null,
    witnessedBy: record.recipients.filter((r) => r.witnessFor === recipient.id).map(person),
    groupId: recipient.groupId,
    delegations: (record.delegations.get(recipient.id) ?? []).map(certificateDelegation),
  };
};

/** The recipients in their order, each witness right after the signer they witnessed. */
const pairedWithWitnesses = (recipients: readonly Recipient[]): Recipient[] => {
  const ids = new Set(recipients.map((r) => r.id));
  const placed = new Set<string>();
  const withWitnesses = (recipient: Recipient): Recipient[] => {
    if (placed.has(recipient.id)) return [];
    placed.add(recipient.id);
    return [recipient, ...recipients.filter((r) => r.witnessFor === recipient.id).flatMap(withWitnesses)];
  };
  const ordered = recipients.filter((r) => r.witnessFor === null || !ids.has(r.witnessFor)).flatMap(withWitnesses);
  // A cycle of witnesses (never created) would have no start: its members keep their places.
  return [...ordered, ...recipients.filter((r) => !placed.has(r.id))];
};

const recipientEvidence = (
  recipient: Recipient,
  signature: StoredSignature | undefined,
  authentication: RecipientAuthentication | undefined,
): CertificateRecipient => ({
  name: recipient.name,
  email: recipient.email,
  role: recipient.role,
  language: recipient.language,
  sentAt: recipient.sentAt,
  viewedAt: recipient.viewedAt,
  consentedAt: recipient.consentedAt,
  signedAt: recipient.signedAt,
  declinedAt: recipient.declinedAt,
  declineReason: recipient.declineReason,
  ipAddress: recipient.ipAddress,
  userAgent: recipient.userAgent,
  location: recipient.location,
  signaturePng: signature ? pngOf(signature.signature) : null,
  signatureText: signature?.signature.type === 'typed' ? signature.signature.text : null,
  authentication: certificateAuthentication(recipient, authentication),
});

/** The size of the first document's first page as the signer saw it: the certificate follows it. */
const firstPageSize = (record: EnvelopeRecord): PageSize | undefined => {
  const page = record.documents[0]?.pages[0];
  return page && { width: page.width, height: page.height };
};

export const verificationUrl = (publicUrl: string, envelopeId: string): string => `${publicUrl}/verify/${envelopeId}`;

/**
 * The certificate of completion of an envelope being sealed. `ledgerHeadHash` is the envelope
 * chain's head when sealing starts: it covers every DOCUMENT_SIGNED entry, and it is the value
 * stored as sealed_ledger_head_hash (the ENVELOPE_COMPLETED entry comes after the seal, so no
 * document could print a head that includes it).
 */
export const certificateInput = (
  record: EnvelopeRecord,
  options: { publicUrl: string; ledgerHeadHash: string; completedAt: Date; documents: CertificateDocument[]; language: Language },
): CertificateInput => {
  const url = verificationUrl(options.publicUrl, record.envelope.id);
  return {
    envelopeId: record.envelope.id,
    envelopeName: record.envelope.name,
    createdAt: record.envelope.createdAt,
    completedAt: options.completedAt.toISOString(),
    recipients: pairedWithWitnesses(record.recipients).map((r) => certificateRecipient(record, r)),
    groups: record.groups.map((g) => ({ id: g.id, name: g.name, required: g.required })),
    documents: options.documents,
    attachments: record.attachments.map((a) => ({ name: a.name, uploadedBy: a.uploadedBy, size: a.size, sha256: a.sha256 })),
    ledgerHeadHash: options.ledgerHeadHash,
    verificationUrl: url,
    qrCodeUrl: record.envelope.appendVerificationQrCode ? url : null,
    pageSize: firstPageSize(record),
    language: options.language,
  };
};
