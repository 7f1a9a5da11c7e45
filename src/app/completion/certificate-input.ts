import type { CertificateDocument, CertificateInput, CertificateRecipient } from '../../infra/pdf/certificate-page.js';
import { describeMethod } from '../../domain/recipient-authentication.js';
import type { RecipientAuthentication } from '../../infra/db/tables/recipient-authentications-table.js';
import type { Recipient } from '../../infra/db/tables/recipients-table.js';
import { pngOf } from '../signing/adopted-signature.js';
import type { StoredSignature } from '../signing/sign-envelope.js';
import type { EnvelopeRecord } from './envelope-record.js';

/** "access code, at <time>" or "SMS to +49…1234, at <time>" (API.md §12); the phone number masked. */
const authenticationLine = (recipient: Recipient, authentication: RecipientAuthentication | undefined): string | null => {
  if (!authentication) return null;
  const method = describeMethod(authentication.method, recipient);
  return authentication.authenticatedAt ? `${method}, at ${authentication.authenticatedAt}` : `${method} (not authenticated)`;
};

const certificateRecipient = (
  recipient: Recipient,
  signature: StoredSignature | undefined,
  authentication: RecipientAuthentication | undefined,
): CertificateRecipient => ({
  name: recipient.name,
  email: recipient.email,
  role: recipient.role,
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
  authentication: authenticationLine(recipient, authentication),
});

export const verificationUrl = (publicUrl: string, envelopeId: string): string => `${publicUrl}/verify/${envelopeId}`;

/**
 * The certificate of completion of an envelope being sealed. `ledgerHeadHash` is the envelope
 * chain's head when sealing starts: it covers every DOCUMENT_SIGNED entry, and it is the value
 * stored as sealed_ledger_head_hash (the ENVELOPE_COMPLETED entry comes after the seal, so no
 * document could print a head that includes it).
 */
export const certificateInput = (
  record: EnvelopeRecord,
  options: { publicUrl: string; ledgerHeadHash: string; completedAt: Date; documents: CertificateDocument[] },
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
  };
};
