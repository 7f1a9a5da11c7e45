import { DEFAULT_LANGUAGE, type Language } from '../../domain/language.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import { completionMail } from '../../infra/mail/completion-mail.js';
import type { MailAttachment } from '../../infra/mail/mailer.js';
import type { AppContext } from '../context.js';
import { senderOf } from '../envelopes/sender.js';
import { sendEnvelopeMail } from '../jobs/envelope-mail.js';
import { verificationUrl } from './certificate-input.js';
import type { EnvelopeRecord } from './envelope-record.js';
import type { SealedEnvelope } from './seal-documents.js';

const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

const attachmentsOf = (record: EnvelopeRecord, sealed: SealedEnvelope): MailAttachment[] => [
  ...record.documents.map((d, i) => ({ filename: d.name, content: sealed.documents[i]!.bytes, contentType: 'application/pdf' })),
  { filename: 'Certificate of Completion.pdf', content: sealed.certificate.bytes, contentType: 'application/pdf' },
];

interface Reader {
  name: string;
  email: string;
  language: Language;
}

/**
 * Everyone told of the completion, once each: every recipient who took part (signers, approvers,
 * viewers, witnesses, in-person signers, the group members who signed) and the observers, then the
 * sender (in the account's default language). Group members who did not sign (not needed, or
 * declined while the group went on) get no copy, nor
 * does a recipient without an address (a witness never named, an in-person signer without e-mail);
 * a step reassigned away names its new person only, so the people it left get none either.
 */
const audience = (record: EnvelopeRecord, sender: Reader): Reader[] => {
  const people = [...record.recipients.filter((r) => r.groupId === null || r.status === 'Signed'), sender].filter(
    (person) => person.email.trim() !== '',
  );
  return people.filter((person, index) => people.findIndex((other) => other.email.toLowerCase() === person.email.toLowerCase()) === index);
};

/**
 * E-mails the sealed copies. Above 10 MB in total nothing is attached and the mail links to the
 * public verification page instead: there is no public download route, and the sender downloads
 * through the API. A failed delivery throws, so the delivering job is retried.
 */
export const sendCompletionMails = async (
  ctx: AppContext,
  record: EnvelopeRecord,
  sealed: SealedEnvelope,
  completedAt: Date,
): Promise<void> => {
  const attachments = attachmentsOf(record, sealed);
  const fits = attachments.reduce((sum, a) => sum + a.content.byteLength, 0) <= MAX_ATTACHMENT_BYTES;
  const url = verificationUrl(ctx.config.publicUrl, record.envelope.id);
  const sender = await senderOf(ctx.db, record.envelope);
  const senderLanguage = (await readAccount(ctx.db, record.envelope.accountId))?.defaultLanguage ?? DEFAULT_LANGUAGE;
  for (const person of audience(record, { ...sender, language: senderLanguage })) {
    const mail = completionMail({
      recipientName: person.name,
      senderName: sender.name,
      envelopeName: record.envelope.name,
      completedAt,
      verificationUrl: url,
      language: person.language,
      ...(fits ? {} : { downloadUrl: url }),
    });
    await sendEnvelopeMail(ctx, record.envelope.id, 'The completed copy', person, { ...mail, ...(fits ? { attachments } : {}) });
  }
};
