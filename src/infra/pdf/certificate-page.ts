import { PDF, rgb } from '@libpdf/core';
import { formatTimestamp } from '../../domain/date-format.js';
import { LANGUAGE_NAMES, type Language } from '../../domain/language.js';
import type { RecipientStatus } from '../../domain/recipient-state.js';
import type { SignerRole } from '../../domain/signer-role.js';
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
  /** What their step asked of a signer (docs/api/workflows.md); absent: to sign. */
  signerRole?: SignerRole;
  /** Absent: the recipient did what their role asks. */
  status?: RecipientStatus;
  approvedAt?: string | null;
  /** When their signing group had the signatures it needed without theirs. */
  notNeededAt?: string | null;
  /** The account user who hosted an in-person signing. */
  host?: CertificatePerson | null;
  /** The signer a witness witnessed. */
  witnessOf?: CertificatePerson | null;
  /** The witnesses of a signer. */
  witnessedBy?: CertificatePerson[];
  /** The signing group the recipient was a member of (its id in `groups`). */
  groupId?: string | null;
  /** The hand-overs of their step before them, oldest first. */
  delegations?: CertificateDelegation[];
}

export interface CertificatePerson {
  name: string;
  email: string;
}

/** One reassignment of a step (docs/api/corrections.md): from one person to the next. */
export interface CertificateDelegation {
  from: CertificatePerson;
  to: CertificatePerson;
  reason: string | null;
  at: string;
}

/** A signing group (docs/api/workflows.md): k of its n members had to sign. */
export interface CertificateGroup {
  id: string;
  name: string;
  required: number;
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
  /** The signing groups the recipients' `groupId`s name. */
  groups?: CertificateGroup[];
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

/**
 * "Label: value", written the way the language puts them together (French spaces its colon); a
 * `workflow.` key is a label of the workflow_certificate catalog.
 */
const detail = (t: Translate, key: string, value: string): FlowItem => ({
  kind: 'text',
  text: t('certificate.detail', { label: label(t, key), value }),
  style: { indent: INDENT },
});

const authenticationText = (authentication: CertificateAuthentication | null | undefined, t: Translate, language: Language): string => {
  if (!authentication) return t('certificate.authenticationEmailLink');
  const method = t(`certificate.authenticationMethods.${authentication.method}`, { phone: authentication.maskedPhone ?? '' });
  return authentication.at
    ? t('certificate.authenticatedAt', { method, time: time(authentication.at, language) })
    : t('certificate.notAuthenticated', { method });
};

const label = (t: Translate, key: string): string =>
  key.startsWith('workflow.') ? t(`workflow_certificate.labels.${key.slice('workflow.'.length)}`) : t(`certificate.labels.${key}`);

const roleText = (recipient: CertificateRecipient, t: Translate): string =>
  recipient.role === 'observer' || !recipient.signerRole || recipient.signerRole === 'signer'
    ? t(`certificate.roles.${recipient.role}`)
    : t(`workflow_certificate.roles.${recipient.signerRole}`);

/**
 * What the recipient's step came to, as label and value: declined, approved, viewed every document,
 * let off by their group, or signed (an observer has no step).
 */
const outcome = (recipient: CertificateRecipient, t: Translate): [label: string, value: string][] => {
  const { language } = recipient;
  if (recipient.declinedAt) {
    return [
      ['declined', time(recipient.declinedAt, language)],
      ...(recipient.declineReason ? [['reason', recipient.declineReason] as [string, string]] : []),
    ];
  }
  if (recipient.role !== 'signer') return [];
  if (recipient.status === 'NotNeeded') {
    return [['workflow.notNeeded', t('workflow_certificate.notNeededAt', { time: time(recipient.notNeededAt, language) })]];
  }
  if (recipient.signerRole === 'approver') return [['workflow.approved', time(recipient.approvedAt, language)]];
  if (recipient.signerRole === 'viewer') return [['workflow.viewedEveryDocument', time(recipient.viewedAt, language)]];
  return [['signed', time(recipient.signedAt, language)]];
};

const statement = (text: string): FlowItem => ({ kind: 'text', text, style: { indent: INDENT } });

/**
 * The sentences that tie the recipient to others: who hosted their in-person signing, whom they
 * witnessed or who witnessed them, and the chain of hand-overs that brought the step to them.
 */
const workflowStatements = (recipient: CertificateRecipient, t: Translate): FlowItem[] => {
  const { language } = recipient;
  return [
    ...(recipient.signerRole === 'in_person' && recipient.host
      ? [statement(t('workflow_certificate.signedInPerson', { name: recipient.host.name, email: recipient.host.email }))]
      : []),
    ...(recipient.witnessOf ? [statement(t('workflow_certificate.witnessed', { ...recipient.witnessOf }))] : []),
    ...(recipient.witnessedBy ?? []).map((witness) => statement(t('workflow_certificate.witnessedBy', { ...witness }))),
    ...(recipient.delegations ?? []).map((delegation) =>
      statement(
        t(delegation.reason ? 'workflow_certificate.reassignedWithReason' : 'workflow_certificate.reassigned', {
          fromName: delegation.from.name,
          fromEmail: delegation.from.email,
          toName: delegation.to.name,
          toEmail: delegation.to.email,
          time: time(delegation.at, language),
          reason: delegation.reason ?? '',
        }),
      ),
    ),
  ];
};

/**
 * One recipient's details, in their language, in the order they are printed: each kind of evidence
 * one "label: value" line, what their step came to followed by the sentences tying them to others,
 * then where they acted from.
 */
const recipientDetails = (recipient: CertificateRecipient, t: Translate, group: CertificateGroup | undefined): FlowItem[] => {
  const { language } = recipient;
  const lines = (entries: [label: string, value: string][]) => entries.map(([key, value]) => detail(t, key, value));
  return [
    ...lines([
      ['role', roleText(recipient, t)],
      ...(group ? [['workflow.signingGroup', group.name] as [string, string]] : []),
      ['language', LANGUAGE_NAMES[language]],
      ...(recipient.role === 'signer'
        ? [['authentication', authenticationText(recipient.authentication, t, language)] as [string, string]]
        : []),
      ['sent', time(recipient.sentAt, language)],
      ['viewed', time(recipient.viewedAt, language)],
      ['consented', time(recipient.consentedAt, language)],
      ...outcome(recipient, t),
    ]),
    ...workflowStatements(recipient, t),
    ...lines([
      ['ipAddress', orDash(recipient.ipAddress)],
      ['userAgent', orDash(recipient.userAgent)],
      ['location', formatLocation(recipient.location)],
    ]),
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

const recipientItems = (pdf: PDF, flow: PageFlow, recipient: CertificateRecipient, group: CertificateGroup | undefined): FlowItem[] => {
  const t = translator(recipient.language);
  return [
    {
      kind: 'text',
      // An in-person signer may have no address of their own.
      text: recipient.email ? t('certificate.recipientHeading', { name: recipient.name, email: recipient.email }) : recipient.name,
      style: { font: 'bold', size: 11 },
    },
    ...recipientDetails(recipient, t, group),
    ...signatureItems(pdf, flow, recipient, t),
    { kind: 'space', points: 8 },
  ];
};

/**
 * A signing group's block, in the account's language: "<name>: k of n required", then who signed
 * for it and who was not needed.
 */
const groupItems = (t: Translate, group: CertificateGroup, members: readonly CertificateRecipient[], language: Language): FlowItem[] => [
  {
    kind: 'text',
    text: t('workflow_certificate.groupHeading', { name: group.name, required: group.required, count: members.length }),
    style: { font: 'bold', size: 11 },
  },
  ...members
    .filter((member) => member.status === undefined || member.status === 'Signed')
    .map((member) =>
      statement(t('workflow_certificate.groupSigned', { name: member.name, email: member.email, time: time(member.signedAt, language) })),
    ),
  ...members
    .filter((member) => member.status === 'NotNeeded')
    .map((member) => statement(t('workflow_certificate.groupNotNeeded', { name: member.name, email: member.email }))),
  ...members
    .filter((member) => member.status === 'Declined')
    .map((member) => statement(t('workflow_certificate.groupDeclined', { name: member.name, email: member.email }))),
  { kind: 'space', points: 4 },
];

/** Each recipient's block; a signing group's block leads its first member's, so the two stay on one page. */
const recipientEntries = (pdf: PDF, flow: PageFlow, input: CertificateInput, t: Translate, language: Language): FlowItem[][] => {
  const groups = new Map((input.groups ?? []).map((group) => [group.id, group]));
  const introduced = new Set<string>();
  return input.recipients.map((recipient) => {
    const group = recipient.groupId ? groups.get(recipient.groupId) : undefined;
    const items = recipientItems(pdf, flow, recipient, group);
    if (!group || introduced.has(group.id)) return items;
    introduced.add(group.id);
    const members = input.recipients.filter((other) => other.groupId === group.id);
    return [...groupItems(t, group, members, language), ...items];
  });
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
  section(flow, t('certificate.recipients'), recipientEntries(pdf, flow, input, t, language));
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
