import { PDF, rgb } from '@libpdf/core';
import { formatTimestamp } from '../../domain/date-format.js';
import { LANGUAGE_NAMES, type Language } from '../../domain/language.js';
import { translator, type Translate } from '../i18n/messages.js';
import { fontFor, lineExtent } from './fonts.js';
import { PageFlow, type FlowItem, type PageSize } from './page-flow.js';
import { drawQrCode } from './qr-code.js';

export interface CertificateRecipient {
  name: string;
  email: string;
  role: 'signer' | 'observer';
  /** Their block is worded in it (docs/concepts/recipients.md). */
  language: Language;
  sentAt: string | null;
  viewedAt: string | null;
  consentedAt: string | null;
  signedAt: string | null;
  declinedAt: string | null;
  declineReason?: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  location: { latitude: number; longitude: number } | null;
  /** The adopted signature as drawn, when the recipient signed with a drawing. */
  signaturePng: Uint8Array | null;
  /** The adopted signature as typed: drawn in the script font, as it is stamped into the documents. */
  signatureText?: string | null;
  /** How the signer proved who they were before signing (docs/concepts/recipients.md); absent: the e-mailed link alone. */
  authentication?: CertificateAuthentication | null;
}

export interface CertificateAuthentication {
  method: 'access_code' | 'sms';
  /** The number the code went to, masked (`+49…6789`); only for `sms`. */
  maskedPhone: string | null;
  /** When the signer authenticated; null if they never did. */
  at: string | null;
}

/** A file a signer attached through an attachment field (docs/concepts/recipients.md), embedded in the sealed document. */
export interface CertificateAttachment {
  name: string;
  uploadedBy: string;
  size: number;
  sha256: string;
}

export interface CertificateDocument {
  name: string;
  sha256Original: string;
  /** Unknown while the certificate is being built into the very file it describes. */
  sha256Sealed: string | null;
}

/** Everything the certificate of completion states (docs/concepts/signing.md). Times are ISO 8601 strings. */
export interface CertificateInput {
  envelopeId: string;
  envelopeName: string;
  createdAt: string;
  completedAt: string | null;
  recipients: CertificateRecipient[];
  documents: CertificateDocument[];
  attachments?: CertificateAttachment[];
  ledgerHeadHash: string;
  verificationUrl: string;
  /** When set, a QR code of this URL is printed under the verification URL. */
  qrCodeUrl?: string | null;
  /** The first document's first page, so the certificate prints like the pages it follows; A4 when absent. */
  pageSize?: PageSize;
  /** The wording outside the recipients' blocks: the account's default language. */
  language?: Language;
}

const MUTED = rgb(0.35, 0.35, 0.35);
const SIGNATURE_BOX = { width: 160, height: 50 };
const INDENT = 12;
const QR_SIZE = 96;

const orDash = (value: string | null | undefined): string => value || '—';

const time = (value: string | null | undefined, language: Language): string => (value ? formatTimestamp(new Date(value), language) : '—');

const formatLocation = (location: CertificateRecipient['location']): string =>
  location ? `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}` : '—';

/** "Label: value", written the way the language puts them together (French spaces its colon). */
const detail = (t: Translate, label: string, value: string): FlowItem => ({
  kind: 'text',
  text: t('certificate.detail', { label: t(`certificate.labels.${label}`), value }),
  style: { indent: INDENT },
});

const authenticationText = (authentication: CertificateAuthentication | null | undefined, t: Translate, language: Language): string => {
  if (!authentication) return t('certificate.authenticationEmailLink');
  const method = t(`certificate.authenticationMethods.${authentication.method}`, { phone: authentication.maskedPhone ?? '' });
  return authentication.at
    ? t('certificate.authenticatedAt', { method, time: time(authentication.at, language) })
    : t('certificate.notAuthenticated', { method });
};

/**
 * One recipient's details, in their language, as label and value, in the order they are printed.
 * Each kind of evidence is one entry.
 */
const recipientDetails = (recipient: CertificateRecipient, t: Translate): [label: string, value: string][] => {
  const { language } = recipient;
  return [
    ['role', t(`certificate.roles.${recipient.role}`)],
    ['language', LANGUAGE_NAMES[language]],
    ...(recipient.role === 'signer'
      ? [['authentication', authenticationText(recipient.authentication, t, language)] as [string, string]]
      : []),
    ['sent', time(recipient.sentAt, language)],
    ['viewed', time(recipient.viewedAt, language)],
    ['consented', time(recipient.consentedAt, language)],
    ...(recipient.declinedAt
      ? [
          ['declined', time(recipient.declinedAt, language)] as [string, string],
          ...(recipient.declineReason ? [['reason', recipient.declineReason] as [string, string]] : []),
        ]
      : recipient.role === 'signer'
        ? [['signed', time(recipient.signedAt, language)] as [string, string]]
        : []),
    ['ipAddress', orDash(recipient.ipAddress)],
    ['userAgent', orDash(recipient.userAgent)],
    ['location', formatLocation(recipient.location)],
  ];
};

/** The adopted signature as the documents show it: the drawn image, or the typed name in the script font. */
const signatureItems = (pdf: PDF, flow: PageFlow, recipient: CertificateRecipient, t: Translate): FlowItem[] => {
  const label: FlowItem = {
    kind: 'text',
    text: t('certificate.detail', { label: t('certificate.labels.adoptedSignature'), value: '' }).trim(),
    style: { indent: INDENT },
  };
  if (recipient.signaturePng) {
    const image = pdf.embedPng(recipient.signaturePng);
    const scale = Math.min(SIGNATURE_BOX.width / image.width, SIGNATURE_BOX.height / image.height);
    return [
      label,
      {
        kind: 'block',
        height: SIGNATURE_BOX.height,
        indent: 2 * INDENT,
        draw: (page, x, y) => page.drawImage(image, { x, y, width: image.width * scale, height: image.height * scale }),
      },
    ];
  }
  const text = recipient.signatureText?.replace(/\s+/g, ' ').trim();
  if (!text) return [];
  const font = flow.fonts.get(fontFor(text, 'handwriting'));
  const { ascent, descent } = lineExtent(font, 1);
  const size = Math.min(SIGNATURE_BOX.height / (ascent + descent), (2 * SIGNATURE_BOX.width) / Math.max(font.getTextWidth(text, 1), 1));
  return [
    label,
    {
      kind: 'block',
      height: SIGNATURE_BOX.height,
      indent: 2 * INDENT,
      draw: (page, x, y) =>
        page.drawText(text, { x, y: y + (SIGNATURE_BOX.height - (ascent + descent) * size) / 2 + descent * size, font, size }),
    },
  ];
};

const recipientItems = (pdf: PDF, flow: PageFlow, recipient: CertificateRecipient): FlowItem[] => {
  const t = translator(recipient.language);
  return [
    {
      kind: 'text',
      text: t('certificate.recipientHeading', { name: recipient.name, email: recipient.email }),
      style: { font: 'bold', size: 11 },
    },
    ...recipientDetails(recipient, t).map(([label, value]) => detail(t, label, value)),
    ...signatureItems(pdf, flow, recipient, t),
    { kind: 'space', points: 8 },
  ];
};

const documentItems = (t: Translate, document: CertificateDocument): FlowItem[] => [
  { kind: 'text', text: document.name, style: { font: 'bold', size: 11 } },
  detail(t, 'sha256Original', document.sha256Original),
  detail(t, 'sha256Sealed', document.sha256Sealed ?? t('certificate.sealedLater')),
  { kind: 'space', points: 6 },
];

const attachmentItems = (t: Translate, attachment: CertificateAttachment): FlowItem[] => [
  { kind: 'text', text: attachment.name, style: { font: 'bold', size: 11 } },
  detail(t, 'uploadedBy', attachment.uploadedBy),
  detail(t, 'size', t('certificate.sizeBytes', { count: attachment.size })),
  detail(t, 'sha256', attachment.sha256),
  { kind: 'space', points: 6 },
];

const heading = (flow: PageFlow, text: string): FlowItem[] => [{ kind: 'text', text, style: { font: 'bold', size: 14 } }, flow.ruleItem()];

/** A section: its heading kept on the page of its first entry, each entry kept whole. */
const section = (flow: PageFlow, title: string, entries: FlowItem[][]): void => {
  const [first = [], ...rest] = entries;
  flow.group([...heading(flow, title), ...first]);
  for (const entry of rest) flow.group(entry);
};

const verificationItems = (t: Translate, input: CertificateInput): FlowItem[] => {
  const qrCodeUrl = input.qrCodeUrl;
  return [
    { kind: 'space', points: 6 },
    { kind: 'text', text: t('certificate.verification'), style: { font: 'bold', size: 14 } },
    { kind: 'text', text: t('certificate.detail', { label: t('certificate.labels.ledgerHead'), value: input.ledgerHeadHash }) },
    { kind: 'text', text: t('certificate.detail', { label: t('certificate.labels.verifyAt'), value: input.verificationUrl }) },
    ...(qrCodeUrl
      ? [{ kind: 'block', height: QR_SIZE, draw: (page, x, y) => drawQrCode(page, qrCodeUrl, x, y, QR_SIZE) } satisfies FlowItem]
      : []),
    { kind: 'space', points: 6 },
    { kind: 'text', text: t('certificate.sealedNote'), style: { size: 8, color: MUTED } },
  ];
};

/** The certificate of completion as a standalone PDF of one or more pages. */
export const renderCertificate = async (input: CertificateInput): Promise<Uint8Array> => {
  const language = input.language ?? 'en';
  const t = translator(language);
  const pdf = PDF.create();
  pdf.setTitle(t('certificate.documentTitle', { envelope: input.envelopeName }));
  const flow = new PageFlow(pdf, input.pageSize ?? 'a4');
  flow.group([
    { kind: 'text', text: t('certificate.title'), style: { font: 'bold', size: 20 } },
    { kind: 'space', points: 6 },
    { kind: 'text', text: t('certificate.envelope', { name: input.envelopeName }), style: { font: 'bold', size: 12 } },
    { kind: 'text', text: t('certificate.detail', { label: t('certificate.labels.envelopeId'), value: input.envelopeId }) },
    { kind: 'text', text: t('certificate.detail', { label: t('certificate.labels.created'), value: time(input.createdAt, language) }) },
    { kind: 'text', text: t('certificate.detail', { label: t('certificate.labels.completed'), value: time(input.completedAt, language) }) },
    { kind: 'space', points: 8 },
  ]);
  section(
    flow,
    t('certificate.recipients'),
    input.recipients.map((recipient) => recipientItems(pdf, flow, recipient)),
  );
  section(
    flow,
    t('certificate.documents'),
    input.documents.map((document) => documentItems(t, document)),
  );
  const attachments = input.attachments ?? [];
  if (attachments.length) {
    section(
      flow,
      t('certificate.attachments'),
      attachments.map((attachment) => attachmentItems(t, attachment)),
    );
    flow.group([{ kind: 'text', text: t('certificate.attachmentsNote'), style: { size: 8, color: MUTED } }]);
  }
  flow.group(verificationItems(t, input));
  return pdf.save({ subsetFonts: true });
};
