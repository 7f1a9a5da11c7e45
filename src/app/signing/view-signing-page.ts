import { addSeconds } from '../../domain/clock.js';
import { statusAfterView, type RecipientStatus } from '../../domain/recipient-state.js';
import type { Db } from '../../infra/db/database.js';
import { readEnvelopeDocuments, type Document } from '../../infra/db/tables/documents-table.js';
import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import { readFields, type Field } from '../../infra/db/tables/fields-table.js';
import { readRecipients, updateRecipient, type Recipient } from '../../infra/db/tables/recipients-table.js';
import { readSignerAttachments } from '../../infra/db/tables/signer-attachments-table.js';
import { readSigningGroups } from '../../infra/db/tables/signing-groups-table.js';
import type { AppContext } from '../context.js';
import { userOrOwner } from '../envelopes/sender.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { eventEnvelope, eventRecipient } from '../webhooks/event-subjects.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';
import { consentText } from './consent-text.js';
import type { AdoptedMark } from './adopted-signature.js';
import type { StoredSignature } from './sign-envelope.js';
import { conditionValue, otherNamedFields } from './condition-context.js';
import { claimSigningToken, isSingleUse, openSigningAccess, type SigningAccess } from './signing-access.js';
import { issueSigningToken } from './signing-tokens.js';

const SESSION_SECONDS = 60 * 60;

/** What the signing page shows (docs/concepts/signing.md). */
export interface SigningPageView {
  envelope: Envelope;
  /** The signer, with the status this visit left them in. */
  signer: Recipient;
  documents: Document[];
  /** This signer's fields. */
  fields: Field[];
  consentText: string;
  /** What the other signers who have signed put on the documents, shown in place and read-only. */
  signedByOthers: OtherSignature[];
  /** Only when an embedded or in-person token was exchanged. */
  sessionToken?: string;
  /** Where the signer's step stands among the others (docs/concepts/signing.md). */
  workflow: WorkflowView;
}

/** The signer's place in the envelope's workflow, as the signing page words it. */
export interface WorkflowView {
  /** A member's signing group, with how many of its members have signed. */
  group: { name: string; required: number; signed: number } | null;
  /** A witness's witnessed signer. */
  witnessFor: { name: string } | null;
  /** This signer names their witness when signing. */
  namesWitness: boolean;
  /** An in-person signer's host. */
  host: { name: string } | null;
  /** Other recipients' named fields this signer's conditions read, with their values. */
  otherFields: { name: string; value: string | null }[];
}

/** Another signer's completed part of the envelope: their fields with the values they left, and their marks. */
export interface OtherSignature {
  name: string;
  signedAt: string;
  signature: AdoptedMark;
  initials: AdoptedMark | null;
  fields: Field[];
}

/**
 * Only signers who have signed: a signer still on turn (or waiting, or who declined) has left
 * nothing final, and nothing of theirs is shown — not even their name.
 */
const othersWhoSigned = async (trx: Db, envelopeId: string, recipientId: string): Promise<OtherSignature[]> => {
  const signed = (await readRecipients(trx, envelopeId, 'signer')).filter(
    (r) => r.id !== recipientId && r.status === 'Signed' && r.signature !== null && r.signedAt !== null,
  );
  if (signed.length === 0) return [];
  const fields = await readFields(trx, envelopeId);
  // An attachment field holds an upload's id; a later signer is shown the file's name instead.
  const attachmentNames = new Map((await readSignerAttachments(trx, envelopeId)).map((upload) => [upload.id, upload.name]));
  const shown = (field: (typeof fields)[number]) =>
    field.type === 'attachment' && field.value !== null ? { ...field, value: attachmentNames.get(field.value) ?? null } : field;
  return signed.map((r) => {
    const stored = r.signature as StoredSignature;
    return {
      name: r.name,
      signedAt: r.signedAt!,
      signature: stored.signature,
      initials: stored.initials,
      fields: fields.filter((field) => field.recipientId === r.id).map(shown),
    };
  });
};

/**
 * An embedded or in-person URL's token is single use: its first view (spent by claimSigningToken)
 * hands out a session token (one hour) for the rest of the signing, so a leaked iFrame URL, or an
 * in-person URL left in the host's browser history, cannot be replayed.
 */
const exchangeSingleUseToken = (ctx: AppContext, trx: Db, { recipient }: SigningAccess): Promise<string> =>
  issueSigningToken(
    ctx,
    trx,
    { id: recipient.id, envelopeId: recipient.envelopeId },
    'session',
    addSeconds(ctx.clock.now(), SESSION_SECONDS),
  );

/**
 * The first visit of a signer whose turn it is marks them Viewed, with its ledger entry. A viewer's
 * Viewed means their step is done: only fetching every document sets it (signing-document.ts).
 */
const markViewed = async (
  ctx: AppContext,
  trx: Db,
  { recipient, envelope }: SigningAccess,
  origin: RequestOrigin,
): Promise<{ status: RecipientStatus; eventQueued: boolean }> => {
  const next = statusAfterView(recipient.status);
  if (recipient.role !== 'signer' || recipient.signerRole === 'viewer' || next === recipient.status) {
    return { status: recipient.status, eventQueued: false };
  }
  const viewedAt = ctx.clock.now().toISOString();
  await updateRecipient(trx, recipient.id, { status: next, viewedAt });
  const eventQueued = await recordWebhookEvent(ctx, trx, {
    accountId: envelope.accountId,
    type: 'recipient.viewed',
    data: { ...eventEnvelope(envelope, envelope.status), recipient: eventRecipient(recipient), viewed_at: viewedAt },
  });
  await appendLedgerEntry(ctx, trx, {
    envelopeId: recipient.envelopeId,
    activityType: 'DOCUMENT_VIEWED',
    actor: { name: recipient.name, email: recipient.email },
    description: `${recipient.name} opened the envelope for signing.`,
    ipAddress: origin.ipAddress,
    userAgent: origin.userAgent,
  });
  return { status: next, eventQueued };
};

/** The group, the witnessing, the host and the other recipients' fields that this signer's page words. */
const workflowOf = async (trx: Db, envelope: Envelope, recipient: Recipient): Promise<WorkflowView> => {
  const recipients = await readRecipients(trx, envelope.id, 'signer');
  const fields = await readFields(trx, envelope.id);
  const group = recipient.groupId ? (await readSigningGroups(trx, envelope.id)).find((g) => g.id === recipient.groupId) : undefined;
  const witnessed = recipient.signerRole === 'witness' ? recipients.find((other) => other.id === recipient.witnessFor) : undefined;
  const own = fields.filter((field) => field.recipientId === recipient.id);
  const ownNames = new Set(own.flatMap((field) => (field.name ? [field.name] : [])));
  const read = new Set(own.flatMap((field) => (field.showIf && !ownNames.has(field.showIf.field) ? [field.showIf.field] : [])));
  return {
    group: group
      ? {
          name: group.name,
          required: group.required,
          signed: recipients.filter((member) => member.groupId === group.id && member.status === 'Signed').length,
        }
      : null,
    witnessFor: witnessed ? { name: witnessed.name } : null,
    namesWitness: recipients.some((other) => other.signerRole === 'witness' && other.witnessFor === recipient.id && other.email === ''),
    host: recipient.signerRole === 'in_person' ? { name: (await userOrOwner(trx, envelope.accountId, recipient.hostUserId)).name } : null,
    otherFields: otherNamedFields(recipient, recipients, fields)
      .filter((field) => read.has(field.name!))
      .map((field) => ({ name: field.name!, value: conditionValue(field) })),
  };
};

/** Opens the signing page: the envelope, this signer, the documents, their fields and the disclosure. */
export const viewSigningPage = async (ctx: AppContext, rawToken: string, origin: RequestOrigin): Promise<SigningPageView> => {
  const token = await claimSigningToken(ctx, rawToken);
  const { view, eventQueued } = await ledgerTransaction(ctx, async (trx) => {
    const access = await openSigningAccess(ctx, trx, token, { lock: true, purpose: 'read' });
    const sessionToken = isSingleUse(access.token) ? await exchangeSingleUseToken(ctx, trx, access) : undefined;
    const viewed = await markViewed(ctx, trx, access, origin);
    const { envelope, recipient } = access;
    const page: SigningPageView = {
      envelope,
      signer: { ...recipient, status: viewed.status },
      documents: await readEnvelopeDocuments(trx, envelope.id),
      fields: await readFields(trx, envelope.id, recipient.id),
      consentText: consentText(recipient.language),
      signedByOthers: recipient.role === 'signer' ? await othersWhoSigned(trx, envelope.id, recipient.id) : [],
      ...(sessionToken ? { sessionToken } : {}),
      workflow: await workflowOf(trx, envelope, recipient),
    };
    return { view: page, eventQueued: viewed.eventQueued };
  });
  if (eventQueued) ctx.jobs.poke();
  return view;
};
