import { AppError, type Problem } from '../../domain/app-error.js';
import { normalizeValue, resolveSubmittedValues, submittedText, type SubmittedValue } from '../../domain/field-rules.js';
import { assertCanAct } from '../../domain/recipient-state.js';
import type { Db } from '../../infra/db/database.js';
import { updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import { readFields, setFieldValue, type Field } from '../../infra/db/tables/fields-table.js';
import { readRecipients, updateRecipient, type Recipient } from '../../infra/db/tables/recipients-table.js';
import { readSignerAttachments } from '../../infra/db/tables/signer-attachments-table.js';
import type { AppContext } from '../context.js';
import { advanceSteps } from '../corrections/advance-steps.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { adoptMark, type AdoptedMark, type MarkAdoption, type SubmittedMark } from './adopted-signature.js';
import { conditionValue, hiddenOwnFields, otherNamedFields } from './condition-context.js';
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
  /** The witness this signer names, when the sender left their witness to be named at signing. */
  witness?: { name: string; email: string };
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
  /** This signature completed the last step: the envelope is now being sealed. */
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

/**
 * What the signer's conditions read of their own field (docs/concepts/signing.md): the value
 * submitted, else the stored one or the default, exactly as the signing page evaluates it.
 */
const ownConditionValue =
  (submitted: readonly SubmittedValue[]) =>
  (field: Field): string | null => {
    const text = submittedText(submitted.find((entry) => entry.field_id === field.id)?.value);
    return text === undefined ? conditionValue(field) : normalizeValue(field.type, text);
  };

/**
 * Every field's value as checked against the signer's fields; throws every problem at once. A
 * field its conditions hide is neither required nor stored: its value is null, whatever was sent.
 */
const resolveFieldValues = async (
  trx: Db,
  access: SigningAccess,
  recipients: readonly Recipient[],
  submission: SignatureSubmission,
  marks: MarkAdoptions,
  signedAt: Date,
) => {
  const envelopeFields = await readFields(trx, access.envelope.id);
  const fields = envelopeFields.filter((field) => field.recipientId === access.recipient.id);
  const submitted = submission.fields ?? [];
  const hidden = hiddenOwnFields(fields, otherNamedFields(access.recipient, recipients, envelopeFields), ownConditionValue(submitted));
  const uploaded = await readSignerAttachments(trx, access.envelope.id, access.recipient.id);
  const resolved = resolveSubmittedValues(
    fields.filter((field) => !hidden.has(field.id)),
    submitted.filter((entry) => !hidden.has(entry.field_id)),
    {
      hasSignature: true,
      hasInitials: Boolean(submission.initials),
      uploadedAttachments: new Set(uploaded.map((attachment) => attachment.id)),
    },
  );
  const problems = [
    ...submissionProblems(submission, marks, access.envelope.enforceSignersLocation),
    ...(resolved.ok ? [] : resolved.problems),
  ];
  if (problems.length > 0 || !resolved.ok) throw AppError.of(problems, 'The signature cannot be accepted.');
  return fields.map((field) => ({
    id: field.id,
    value: hidden.has(field.id) ? null : (resolved.values.get(field.id) ?? selfFilledValue(field, access.recipient, signedAt) ?? null),
  }));
};

/** How the ledger words a signature: in person, as a witness, or plainly. */
const signatureDescription = (recipient: Recipient, recipients: readonly Recipient[], submission: SignatureSubmission): string => {
  const signed = `${recipient.name} accepted the electronic records disclosure and signed with a ${submission.signature.type} signature`;
  if (recipient.signerRole === 'in_person') return `${signed}, in person on their host's device.`;
  const witnessed = recipients.find((other) => other.id === recipient.witnessFor);
  if (recipient.signerRole === 'witness' && witnessed) return `${signed} as the witness of ${witnessed.name} <${witnessed.email}>.`;
  return `${signed}.`;
};

/** Records the signature with its ledger entry; answers when it was made. */
const recordSignature = async (
  ctx: AppContext,
  trx: Db,
  access: SigningAccess,
  recipients: readonly Recipient[],
  submission: SignatureSubmission,
  marks: MarkAdoptions,
  origin: RequestOrigin,
): Promise<string> => {
  const now = ctx.clock.now();
  const values = await resolveFieldValues(trx, access, recipients, submission, marks, now);
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
    description: signatureDescription(access.recipient, recipients, submission),
    ipAddress: origin.ipAddress,
    userAgent: origin.userAgent,
  });
  return now.toISOString();
};

/** Approvers approve and viewers read: only a step with fields and a signature signs. */
const assertSigns = (recipient: Recipient): void => {
  if (recipient.role !== 'signer') throw new AppError('NOT_A_SIGNER', 'Observers receive the envelope but do not sign it.');
  if (recipient.signerRole === 'approver') {
    throw new AppError('NOT_A_SIGNER', 'An approver approves the envelope (POST /signing/{token}/approve) and does not sign it.');
  }
  if (recipient.signerRole === 'viewer') {
    throw new AppError('NOT_A_SIGNER', 'A viewer reads every document of the envelope and does not sign it.');
  }
};

/**
 * The witness a signer names at signing (docs/concepts/signing.md): required exactly when the
 * sender left this signer's witness without an address. Answers the witness row's new name and
 * address, which it takes once the signature is recorded, before the step machine invites it.
 */
const witnessToName = (
  signer: Recipient,
  recipients: readonly Recipient[],
  named: SignatureSubmission['witness'],
): Pick<Recipient, 'id' | 'name' | 'email'> | undefined => {
  const open = recipients.find((other) => other.signerRole === 'witness' && other.witnessFor === signer.id && other.email === '');
  if (!open) {
    if (named) throw new AppError('INVALID_FIELD', 'This signer has no witness to name: leave witness out.', { field: 'witness' });
    return undefined;
  }
  if (!named) {
    throw new AppError('WITNESS_REQUIRED', 'Name the witness of this signature: witness {name, email}.', { field: 'witness' });
  }
  const name = named.name.trim();
  const email = named.email.trim().toLowerCase();
  if (!name) throw new AppError('WITNESS_REQUIRED', "Give the witness's name.", { field: 'witness.name' });
  if (recipients.some((other) => other.email === email)) {
    throw new AppError('DUPLICATE_SIGNER', `${email} is already a recipient of this envelope: a witness is someone else.`, {
      field: 'witness.email',
    });
  }
  return { id: open.id, name, email };
};

/**
 * A signer signs (docs/concepts/signing.md): consent, marks and field values are recorded with the signer's IP,
 * user agent and location in one transaction with the ledger entry; then the step machine says
 * what follows (the next turn invited, a done group's other members let off, completion queued
 * once every step is done). The envelope stays InProgress until the sealed file exists.
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
    // The envelope row stays locked to the end: two members racing for a group's last signature
    // are taken one after the other, and the second finds itself NotNeeded (GROUP_COMPLETE).
    const access = await openSigningAccess(ctx, trx, token, { lock: true });
    assertSigns(access.recipient);
    assertCanAct(access.recipient.status);
    const recipients = await readRecipients(trx, access.envelope.id);
    const witness = witnessToName(access.recipient, recipients, submission.witness);
    const signedAt = await recordSignature(ctx, trx, access, recipients, submission, marks, origin);
    if (witness) await updateRecipient(trx, witness.id, { name: witness.name, email: witness.email });
    await updateEnvelope(trx, access.envelope.id, { status: 'InProgress' });
    const { allDone } = await advanceSteps(ctx, trx, access.envelope);
    await recordWebhookEvent(ctx, trx, {
      accountId: access.envelope.accountId,
      type: 'recipient.signed',
      data: {
        ...eventEnvelope(access.envelope, 'InProgress'),
        recipient: eventRecipient(access.recipient),
        signed_at: signedAt,
        all_signed: allDone,
      },
    });
    return {
      envelopeId: access.envelope.id,
      signer: { name: access.recipient.name, email: access.recipient.email },
      signedAt,
      allSigned: allDone,
    };
  });
  ctx.jobs.poke();
  return receipt;
};
