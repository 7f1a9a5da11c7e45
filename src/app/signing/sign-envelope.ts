import { AppError, type Problem } from '../../domain/app-error.js';
import { statusAfterSignature } from '../../domain/envelope-state.js';
import { resolveSubmittedValues, type FieldType, type SignerField, type SubmittedValue } from '../../domain/field-rules.js';
import { assertCanAct, type RecipientStatus } from '../../domain/recipient-state.js';
import { newlyActiveAfterSignature, type OrderedSigner, type SignProcessFlow } from '../../domain/signing-order.js';
import type { Db } from '../../infra/db/database.js';
import type { FieldsTable, RecipientsTable } from '../../infra/db/schema.js';
import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { adoptMark, markProblems, type AdoptedMark, type SubmittedMark } from './adopted-signature.js';
import { CONSENT_TEXT_SHA256 } from './consent-text.js';
import { openSigningAccess, type SigningAccess } from './signing-access.js';

export interface Location {
  latitude: number;
  longitude: number;
}

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

const toSignerField = (row: FieldsTable): SignerField => ({
  id: row.id,
  type: row.type as FieldType,
  required: row.required === 1,
  editable: row.editable === 1,
  defaultValue: row.default_value,
  options: row.options ? (JSON.parse(row.options) as string[]) : null,
});

const submissionProblems = (submission: SignatureSubmission, enforceLocation: boolean): Problem[] => [
  ...(submission.consent === true ? [] : [{ code: 'CONSENT_REQUIRED' as const, message: 'The signer must accept the electronic records disclosure (consent: true).', field: 'consent' }]),
  ...(enforceLocation && !submission.location ? [{ code: 'LOCATION_REQUIRED' as const, message: 'This envelope records where each signer signs: give location.', field: 'location' }] : []),
  ...markProblems(submission.signature, 'signature'),
  ...(submission.initials ? markProblems(submission.initials, 'initials') : []),
];

/** Values of the fields that fill themselves; signature and initials are drawn from the stored marks. */
const selfFilledValue = (type: string, recipient: RecipientsTable, signedAt: Date): string | undefined => {
  switch (type) {
    case 'name': return recipient.name;
    case 'email': return recipient.email;
    case 'date_signed': return signedAt.toISOString().slice(0, 10);
    default: return undefined;
  }
};

/** Every field's value as checked against the signer's fields; throws every problem at once. */
const resolveFieldValues = async (trx: Db, access: SigningAccess, submission: SignatureSubmission, signedAt: Date) => {
  const rows = await trx.selectFrom('fields').selectAll().where('recipient_id', '=', access.recipient.id).orderBy('position').execute();
  const resolved = resolveSubmittedValues(rows.map(toSignerField), submission.fields ?? [], { hasSignature: true, hasInitials: Boolean(submission.initials) });
  const problems = [...submissionProblems(submission, access.envelope.enforceSignersLocation), ...(resolved.ok ? [] : resolved.problems)];
  if (problems.length > 0 || !resolved.ok) throw AppError.of(problems, 'The signature cannot be accepted.');
  return rows.map((row) => ({ id: row.id, value: resolved.values.get(row.id) ?? selfFilledValue(row.type, access.recipient, signedAt) ?? null }));
};

const recordSignature = async (ctx: AppContext, trx: Db, access: SigningAccess, submission: SignatureSubmission, origin: RequestOrigin) => {
  const now = ctx.clock.now();
  const values = await resolveFieldValues(trx, access, submission, now);
  for (const field of values) await trx.updateTable('fields').set({ value: field.value }).where('id', '=', field.id).execute();
  const stored: StoredSignature = { signature: adoptMark(submission.signature), initials: submission.initials ? adoptMark(submission.initials) : null };
  await trx
    .updateTable('recipients')
    .set({
      status: 'Signed', signed_at: now.toISOString(), consented_at: now.toISOString(), consent_text_sha256: CONSENT_TEXT_SHA256,
      signature: JSON.stringify(stored), ip_address: origin.ipAddress, user_agent: origin.userAgent,
      location: submission.location ? JSON.stringify(submission.location) : null,
    })
    .where('id', '=', access.recipient.id)
    .execute();
  await appendLedgerEntry(ctx, trx, {
    envelopeId: access.envelope.id,
    activityType: 'DOCUMENT_SIGNED',
    actor: { name: access.recipient.name, email: access.recipient.email },
    description: `${access.recipient.name} accepted the electronic records disclosure and signed with a ${submission.signature.type} signature.`,
    ipAddress: origin.ipAddress,
    userAgent: origin.userAgent,
  });
};

/** Invites the signers whose turn starts with this signature (Sequential and Hybrid flows). */
const startNextTurn = async (ctx: AppContext, trx: Db, access: SigningAccess, signersBefore: OrderedSigner[]) => {
  const next = newlyActiveAfterSignature(access.envelope.signProcessFlow as SignProcessFlow, signersBefore, access.recipient.id);
  for (const recipientId of next) {
    await trx.updateTable('recipients').set({ status: 'Sent', sent_at: ctx.clock.now().toISOString() }).where('id', '=', recipientId).execute();
    if (access.envelope.sendEmailToRecipients) await enqueueJob(ctx, trx, 'send-invitation', { recipientId });
  }
};

const signersOf = async (trx: Db, envelopeId: string): Promise<OrderedSigner[]> => {
  const rows = await trx.selectFrom('recipients').select(['id', 'signing_order', 'status']).where('envelope_id', '=', envelopeId).where('role', '=', 'signer').execute();
  return rows.map((r) => ({ id: r.id, signingOrder: Number(r.signing_order), status: r.status as RecipientStatus }));
};

/**
 * A signer signs (API.md §7): consent, marks and field values are recorded with the signer's IP,
 * user agent and location in one transaction with the ledger entry. The last signature enqueues
 * completion; the envelope stays InProgress until the sealed file exists.
 */
export const signEnvelope = async (ctx: AppContext, rawToken: string, submission: SignatureSubmission, origin: RequestOrigin) => {
  const signed = await ctx.db.transaction().execute(async (trx) => {
    const access = await openSigningAccess(ctx, trx, rawToken, { lock: true });
    if (access.recipient.role !== 'signer') throw new AppError('NOT_A_SIGNER', 'Observers receive the envelope but do not sign it.');
    assertCanAct(access.recipient.status as RecipientStatus);
    const signersBefore = await signersOf(trx, access.envelope.id);
    await recordSignature(ctx, trx, access, submission, origin);
    await startNextTurn(ctx, trx, access, signersBefore);
    await trx.updateTable('envelopes').set({ status: 'InProgress' }).where('id', '=', access.envelope.id).execute();
    if (statusAfterSignature(await signersOf(trx, access.envelope.id)) === 'AllSigned') {
      await enqueueJob(ctx, trx, 'complete-envelope', { envelopeId: access.envelope.id });
    }
    return { envelopeId: access.envelope.id, at: ctx.clock.now().toISOString(), signer: access.recipient };
  });
  ctx.jobs.poke();
  return {
    envelope_id: signed.envelopeId,
    status: 'InProgress',
    signer: { name: signed.signer.name, email: signed.signer.email, status: 'Signed', signed_at: signed.at },
  };
};
