import type { CertificateDocument, CertificateInput, CertificateRecipient } from '../../infra/pdf/certificate-page.js';
import type { RecipientsTable } from '../../infra/db/schema.js';
import { pngOf } from '../signing/adopted-signature.js';
import type { StoredSignature } from '../signing/sign-envelope.js';
import type { EnvelopeRecord } from './envelope-record.js';

const certificateRecipient = (recipient: RecipientsTable, signature: StoredSignature | undefined): CertificateRecipient => ({
  name: recipient.name,
  email: recipient.email,
  role: recipient.role,
  sentAt: recipient.sent_at,
  viewedAt: recipient.viewed_at,
  consentedAt: recipient.consented_at,
  signedAt: recipient.signed_at,
  declinedAt: recipient.declined_at,
  declineReason: recipient.decline_reason,
  ipAddress: recipient.ip_address,
  userAgent: recipient.user_agent,
  location: recipient.location ? (JSON.parse(recipient.location) as CertificateRecipient['location']) : null,
  signaturePng: signature ? pngOf(signature.signature) : null,
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
    createdAt: record.envelope.created_at,
    completedAt: options.completedAt.toISOString(),
    recipients: record.recipients.map((r) => certificateRecipient(r, record.signatures.get(r.id))),
    documents: options.documents,
    ledgerHeadHash: options.ledgerHeadHash,
    verificationUrl: url,
    qrCodeUrl: record.envelope.append_verification_qr_code === 1 ? url : null,
  };
};
