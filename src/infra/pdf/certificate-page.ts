import { PDF, rgb } from '@libpdf/core';
import { PageFlow, type PageSize } from './page-flow.js';
import { drawQrCode } from './qr-code.js';

export interface CertificateRecipient {
  name: string;
  email: string;
  role: 'signer' | 'observer';
  sentAt: string | null;
  viewedAt: string | null;
  consentedAt: string | null;
  signedAt: string | null;
  declinedAt: string | null;
  declineReason?: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  location: { latitude: number; longitude: number } | null;
  /** The adopted signature as drawn or rendered, when the recipient signed. */
  signaturePng: Uint8Array | null;
  /** How the signer authenticated before signing, and when (API.md §12); absent when they did not need to. */
  authentication?: string | null;
}

export interface CertificateDocument {
  name: string;
  sha256Original: string;
  /** Unknown while the certificate is being built into the very file it describes. */
  sha256Sealed: string | null;
}

/** A file a signer gave an attachment field; the sealed documents carry it as an embedded file. */
export interface CertificateAttachment {
  name: string;
  uploadedBy: string;
  size: number;
  sha256: string;
}

/** Everything the certificate of completion states (API.md §7). Times are ISO 8601 strings. */
export interface CertificateInput {
  envelopeId: string;
  envelopeName: string;
  createdAt: string;
  completedAt: string | null;
  recipients: CertificateRecipient[];
  documents: CertificateDocument[];
  /** The signers' attachments (API.md §12); the section is left out when there are none. */
  attachments?: CertificateAttachment[];
  ledgerHeadHash: string;
  verificationUrl: string;
  /** When set, a QR code of this URL is printed under the verification URL. */
  qrCodeUrl?: string | null;
  pageSize?: PageSize;
}

const MUTED = rgb(0.35, 0.35, 0.35);
const SIGNATURE_BOX = { width: 160, height: 50 };
const QR_SIZE = 96;

const orDash = (value: string | null | undefined): string => value || '—';

const formatLocation = (location: CertificateRecipient['location']): string =>
  location ? `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}` : '—';

const field = (flow: PageFlow, label: string, value: string): void => {
  flow.text(`${label}: ${value}`, { indent: 12 });
};

const writeHeader = (flow: PageFlow, input: CertificateInput): void => {
  flow.text('Certificate of Completion', { font: 'bold', size: 20 });
  flow.space(6);
  flow.text(`Envelope: ${input.envelopeName}`, { font: 'bold', size: 12 });
  flow.text(`Envelope ID: ${input.envelopeId}`);
  flow.text(`Created: ${input.createdAt}`);
  flow.text(`Completed: ${orDash(input.completedAt)}`);
  flow.space(8);
};

const writeSignatureImage = (pdf: PDF, flow: PageFlow, png: Uint8Array): void => {
  const image = pdf.embedPng(png);
  const scale = Math.min(SIGNATURE_BOX.width / image.width, SIGNATURE_BOX.height / image.height);
  flow.text('Adopted signature:', { indent: 12 });
  flow.block(
    SIGNATURE_BOX.height,
    (page, x, y) => {
      page.drawImage(image, { x, y, width: image.width * scale, height: image.height * scale });
    },
    24,
  );
};

const writeRecipient = (pdf: PDF, flow: PageFlow, recipient: CertificateRecipient): void => {
  flow.reserve(120);
  flow.text(`${recipient.name} <${recipient.email}>`, { font: 'bold', size: 11 });
  field(flow, 'Role', recipient.role);
  field(flow, 'Sent', orDash(recipient.sentAt));
  field(flow, 'Viewed', orDash(recipient.viewedAt));
  field(flow, 'Consented to electronic records', orDash(recipient.consentedAt));
  if (recipient.declinedAt) {
    field(flow, 'Declined', recipient.declinedAt);
    if (recipient.declineReason) field(flow, 'Reason', recipient.declineReason);
  } else if (recipient.role === 'signer') {
    field(flow, 'Signed', orDash(recipient.signedAt));
  }
  field(flow, 'IP address', orDash(recipient.ipAddress));
  field(flow, 'User agent', orDash(recipient.userAgent));
  field(flow, 'Location', formatLocation(recipient.location));
  if (recipient.authentication) field(flow, 'Authentication', recipient.authentication);
  if (recipient.signaturePng) writeSignatureImage(pdf, flow, recipient.signaturePng);
  flow.space(8);
};

const writeDocument = (flow: PageFlow, document: CertificateDocument): void => {
  flow.text(document.name, { font: 'bold', size: 11 });
  field(flow, 'SHA-256 of the original', document.sha256Original);
  field(flow, 'SHA-256 of the sealed file', document.sha256Sealed ?? 'computed after sealing; see the verification page');
  flow.space(6);
};

const writeAttachments = (flow: PageFlow, attachments: readonly CertificateAttachment[]): void => {
  flow.text('Attachments', { font: 'bold', size: 14 });
  flow.rule();
  for (const attachment of attachments) {
    flow.text(attachment.name, { font: 'bold', size: 11 });
    field(flow, 'Uploaded by', attachment.uploadedBy);
    field(flow, 'Size', `${attachment.size} bytes`);
    field(flow, 'SHA-256', attachment.sha256);
    flow.space(6);
  }
  flow.text('Each attachment is embedded in the sealed document as a file attachment.', { size: 8, color: MUTED });
  flow.space(6);
};

const writeVerification = (flow: PageFlow, input: CertificateInput): void => {
  flow.text('Verification', { font: 'bold', size: 14 });
  flow.text(`Ledger head hash: ${input.ledgerHeadHash}`);
  flow.text(`Verify at: ${input.verificationUrl}`);
  const qrCodeUrl = input.qrCodeUrl;
  if (qrCodeUrl) flow.block(QR_SIZE, (page, x, y) => drawQrCode(page, qrCodeUrl, x, y, QR_SIZE));
  flow.space(6);
  flow.text('This certificate is part of the sealed document; the seal protects it from change.', { size: 8, color: MUTED });
};

/** The certificate of completion as a standalone PDF of one or more pages. */
export const renderCertificate = async (input: CertificateInput): Promise<Uint8Array> => {
  const pdf = PDF.create();
  pdf.setTitle(`Certificate of Completion — ${input.envelopeName}`);
  const flow = new PageFlow(pdf, input.pageSize ?? 'a4');
  writeHeader(flow, input);
  flow.text('Recipients', { font: 'bold', size: 14 });
  flow.rule();
  for (const recipient of input.recipients) writeRecipient(pdf, flow, recipient);
  flow.text('Documents', { font: 'bold', size: 14 });
  flow.rule();
  for (const document of input.documents) writeDocument(flow, document);
  flow.space(6);
  if (input.attachments?.length) writeAttachments(flow, input.attachments);
  writeVerification(flow, input);
  return pdf.save({ subsetFonts: true });
};
