import type {
  CertificateAuthentication,
  CertificateDocument,
  CertificateInput,
  CertificateRecipient,
} from '../../infra/pdf/certificate-page.js';
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

const certificateRecipient = (
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
    recipients: record.recipients.map((r) => certificateRecipient(r, record.signatures.get(r.id), record.authentications.get(r.id))),
    documents: options.documents,
    attachments: record.attachments.map((a) => ({ name: a.name, uploadedBy: a.uploadedBy, size: a.size, sha256: a.sha256 })),
    ledgerHeadHash: options.ledgerHeadHash,
    verificationUrl: url,
    qrCodeUrl: record.envelope.appendVerificationQrCode ? url : null,
    pageSize: firstPageSize(record),
    language: options.language,
  };
};
