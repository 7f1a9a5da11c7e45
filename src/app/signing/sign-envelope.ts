import { AppError, type Problem } from '../../domain/app-error.js';
import { statusAfterSignature } from '../../domain/envelope-state.js';
import { resolveSubmittedValues, type SubmittedValue } from '../../domain/field-rules.js';
import { assertCanAct } from '../../domain/recipient-state.js';
import { newlyActiveAfterSignature, type OrderedSigner } from '../../domain/signing-order.js';
import type { Db } from '../../infra/db/database.js';
import { updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import { readFields, setFieldValue, type Field } from '../../infra/db/tables/fields-table.js';
import { readRecipients, updateRecipient, type Recipient } from '../../infra/db/tables/recipients-table.js';
import { readSignerAttachments } from '../../infra/db/tables/signer-attachments-table.js';
import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { enqueueJob } from '../outbox.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { adoptMark, type AdoptedMark, type MarkAdoption, type SubmittedMark } from './adopted-signature.js';
import { consentTextSha256 } from './consent-text.js';
import { claimSigningToken, openSigningAccess, type SigningAccess } from './signing-access.js';
import { eventEnvelope, eventRecipient } from '../webhooks/event-subjects.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';

export type Location = {
  latitude: number;
  longitude: number;
};

/** The body of `POST /signing/{token}/sign`. */
export interface SignatureSubmission {
  consent: boolean;
  signature: SubmittedMark;
  initials?: SubmittedMark;
  fields?: SubmittedValue[];
  location?: Location;
}

/** What a signature stores on the recipient, and what sealing stamps: the adopted marks. */
export interface StoredSignature {
  signature: AdoptedMark;
  initials: AdoptedMark | null;
}

/** A recorded signature. */
export interface SignatureReceipt {
  envelopeId: string;
  signer: { name: string; email: string };
  signedAt: string;
  /** This was the last signature: the envelope is now being sealed. */
  allSigned: boolean;
}

/** The marks as they will be stored; checking a drawn image is pure work, done before any row is locked. */
interface MarkAdoptions {
  signature: MarkAdoption;
  initials: MarkAdoption | null;
}

const adoptMarks = (submission: SignatureSubmission): MarkAdoptions => ({
  signature: adoptMark(submission.signature, 'signature'),
  initials: submission.initials ? adoptMark(submission.initials, 'initials') : null,
});

const adoptionProblems = (adoption: MarkAdoption | null): Problem[] => (adoption && !adoption.ok ? adoption.problems : []);

/** Only called once every problem was reported: a refused mark has thrown by then. */
const adoptedOf = (adoption: MarkAdoption): AdoptedMark => {
  if (!adoption.ok) throw AppError.of(adoption.problems, 'The signature cannot be accepted.');
  return adoption.mark;
};

const submissionProblems = (submission: SignatureSubmission, marks: MarkAdoptions, enforceLocation: boolean): Problem[] => [
  ...(submission.consent === true
    ? []
    : [
        {
          code: 'CONSENT_REQUIRED' as const,
          message: 'The signer must accept the electronic records disclosure (consent: true).',
          field: 'consent',
        },
      ]),
  ...(enforceLocation && !submission.location
    ? [{ code: 'LOCATION_REQUIRED' as const, message: 'This envelope records where each signer signs: give location.', field: 'location' }]
    : []),
  ...adoptionProblems(marks.signature),
  ...adoptionProblems(marks.initials),
];

/** Values of the fields that fill themselves; signature and initials are drawn from the stored marks. */
const selfFilledValue = (field: Field, recipient: Recipient, signedAt: Date): string | undefined => {
  switch (field.type) {
    case 'name':
      return recipient.name;
    case 'email':
      return recipient.email;
    case 'date_signed':
      return signedAt.toISOString().slice(0, 10);
    default:
      return undefined;
  }
};

/** Every field's value as checked against the signer's fields; throws every problem at once. */
const resolveFieldValues = async (
  trx: Db,
  access: SigningAccess,
  submission: SignatureSubmission,
  marks: MarkAdoptions,
  signedAt: Date,
) => {
  const fields = await readFields(trx, access.envelope.id, access.recipient.id);
  const uploaded = await readSignerAttachments(trx, access.envelope.id, access.recipient.id);
  const resolved = resolveSubmittedValues(fields, submission.fields ?? [], {
    hasSignature: true,
    hasInitials: Boolean(submission.initials),
    uploadedAttachments: new Set(uploaded.map((attachment) => attachment.id)),
  });
  const problems = [
    ...submissionProblems(submission, marks, access.envelope.enforceSignersLocation),
    ...(resolved.ok ? [] : resolved.problems),
  ];
  if (problems.length > 0 || !resolved.ok) throw AppError.of(problems, 'The signature cannot be accepted.');
  return fields.map((field) => ({
    id: field.id,
    value: resolved.values.get(field.id) ?? selfFilledValue(field, access.recipient, signedAt) ?? null,
  }));
};

/** Records the signature with its ledger entry; answers when it was made. */
const recordSignature = async (
  ctx: AppContext,
  trx: Db,
  access: SigningAccess,
  submission: SignatureSubmission,
  marks: MarkAdoptions,
  origin: RequestOrigin,
): Promise<string> => {
  const now = ctx.clock.now();
  const values = await resolveFieldValues(trx, access, submission, marks, now);
  for (const field of values) await setFieldValue(trx, field.id, field.value);
  const stored: StoredSignature = { signature: adoptedOf(marks.signature), initials: marks.initials && adoptedOf(marks.initials) };
  await updateRecipient(trx, access.recipient.id, {
    status: 'Signed',
    signedAt: now.toISOString(),
    consentedAt: now.toISOString(),
    consentTextSha256: consentTextSha256(access.recipient.language),
    signature: stored,
    ipAddress: origin.ipAddress,
    userAgent: origin.userAgent,
    location: submission.location ?? null,
  });
  await appendLedgerEntry(ctx, trx, {
    envelopeId: access.envelope.id,
    activityType: 'DOCUMENT_SIGNED',
    actor: { name: access.recipient.name, email: access.recipient.email },
    description: `${access.recipient.name} accepted the electronic records disclosure and signed with a ${submission.signature.type} signature.`,
    ipAddress: origin.ipAddress,
    userAgent: origin.userAgent,
  });
  return now.toISOString();
};

/** Invites the signers whose turn starts with this signature (Sequential and Hybrid flows). */
const startNextTurn = async (ctx: AppContext, trx: Db, access: SigningAccess, signersBefore: OrderedSigner[]) => {
  const next = newlyActiveAfterSignature(access.envelope.signProcessFlow, signersBefore, access.recipient.id);
  for (const recipientId of next) {
    await updateRecipient(trx, recipientId, { status: 'Sent', sentAt: ctx.clock.now().toISOString() });
    if (access.envelope.sendEmailToRecipients) await enqueueJob(ctx, trx, 'send-invitation', { recipientId });
  }
};

const signersOf = async (trx: Db, envelopeId: string): Promise<OrderedSigner[]> =>
  (await readRecipients(trx, envelopeId, 'signer')).map((r) => ({ id: r.id, signingOrder: r.signingOrder, status: r.status }));

/**
 * A signer signs (docs/concepts/signing.md): consent, marks and field values are recorded with the signer's IP,
 * user agent and location in one transaction with the ledger entry. The last signature enqueues
 * completion; the envelope stays InProgress until the sealed file exists.
 */
export const signEnvelope = async (
  ctx: AppContext,
  rawToken: string,
  submission: SignatureSubmission,
  origin: RequestOrigin,
): Promise<SignatureReceipt> => {
  const token = await claimSigningToken(ctx, rawToken);
  const marks = adoptMarks(submission);
  const receipt = await ledgerTransaction(ctx, async (trx) => {
    const access = await openSigningAccess(ctx, trx, token, { lock: true });
    if (access.recipient.role !== 'signer') throw new AppError('NOT_A_SIGNER', 'Observers receive the envelope but do not sign it.');
    assertCanAct(access.recipient.status);
    const signersBefore = await signersOf(trx, access.envelope.id);
    const signedAt = await recordSignature(ctx, trx, access, submission, marks, origin);
    await startNextTurn(ctx, trx, access, signersBefore);
    await updateEnvelope(trx, access.envelope.id, { status: 'InProgress' });
    const allSigned = statusAfterSignature(await signersOf(trx, access.envelope.id)) === 'AllSigned';
    if (allSigned) await enqueueJob(ctx, trx, 'complete-envelope', { envelopeId: access.envelope.id });
    await recordWebhookEvent(ctx, trx, {
      accountId: access.envelope.accountId,
      type: 'recipient.signed',
      data: {
        ...eventEnvelope(access.envelope, 'InProgress'),
        recipient: eventRecipient(access.recipient),
        signed_at: signedAt,
        all_signed: allSigned,
      },
    });
    return {
      envelopeId: access.envelope.id,
      signer: { name: access.recipient.name, email: access.recipient.email },
      signedAt,
      allSigned,
    };
  });
  ctx.jobs.poke();
  return receipt;
};
