import { AppError } from '../../domain/app-error.js';
import { assertActive, type EnvelopeStatus } from '../../domain/envelope-state.js';
import { statusAfterDeclining } from '../../domain/recipient-state.js';
import { activeRecipientIds } from '../../domain/signing-steps.js';
import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import { updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import { readRecipients, updateRecipient, type Recipient } from '../../infra/db/tables/recipients-table.js';
import { readSigningGroups, type SigningGroup } from '../../infra/db/tables/signing-groups-table.js';
import type { Db } from '../../infra/db/database.js';
import { walletAddress } from '../../infra/ledger/wallet-address.js';
import type { AppContext } from '../context.js';
import { advanceSteps, stepRecipientOf } from '../corrections/advance-steps.js';
import { enqueueJob } from '../outbox.js';
import { appendLedgerEntry, readLedger, type LedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { blockNumberOf } from '../ledger/number-ledger-entries.js';
import { eventEnvelope, eventRecipient } from '../webhooks/event-subjects.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';
import { loadEnvelope } from './load-envelope.js';
import type { RequestOrigin } from './new-envelope.js';

export interface RecordDeclineRequest {
  accountId: string;
  envelopeId: string;
  /** The signing site knows the signer by id (from the signing token). */
  signerId?: string;
  /** The sender names the signer by e-mail, or leaves it out when exactly one signer can still act. */
  signerEmail?: string;
  reason: string;
  origin: RequestOrigin;
}

/** A recorded decline with the ledger proof of it (docs/concepts/templates.md, §7). */
export interface DeclineResult {
  envelopeId: string;
  /** Declined, or still InProgress when a group member declined and the group can still reach its signatures. */
  envelopeStatus: EnvelopeStatus;
  declinedAt: string;
  signer: { id: string; name: string; email: string };
  /** The entry's position in the service-wide log. */
  blockNumber: number;
  entryHash: string;
  /** Hex SHA-256 of the ledger's public key. */
  ledgerKeyFingerprint: string;
  /** A stable pseudonymous id of the declining signer. */
  walletAddress: string;
  /** The envelope's ledger entries exactly as audit_logs publishes them. */
  auditLogs: LedgerEntry[];
}

const signerNotFound = (what: string) => new AppError('SIGNER_NOT_FOUND', `No signer ${what} on this envelope.`);

const pickSigner = (signers: Recipient[], groups: SigningGroup[], envelope: Envelope, request: RecordDeclineRequest): Recipient => {
  if (request.signerId !== undefined) {
    const signer = signers.find((s) => s.id === request.signerId);
    if (!signer) throw signerNotFound(request.signerId);
    return signer;
  }
  if (request.signerEmail !== undefined) {
    const email = request.signerEmail.toLowerCase();
    const signer = signers.find((s) => s.email === email);
    if (!signer) throw signerNotFound(`with the e-mail ${request.signerEmail}`);
    return signer;
  }
  const active = activeRecipientIds(
    envelope.signProcessFlow,
    signers.map(stepRecipientOf),
    groups.map((group) => ({ id: group.id, required: group.required })),
  );
  const only = active.length === 1 ? signers.find((s) => s.id === active[0]) : undefined;
  if (!only)
    throw new AppError('SIGNER_EMAIL_REQUIRED', `${active.length} signers can act on this envelope: give signer_email.`, {
      field: 'signer_email',
    });
  return only;
};

const publishedEntries = async (trx: Db, envelopeId: string): Promise<LedgerEntry[]> =>
  (await readLedger(trx, envelopeId)).map(({ block_number: _blockNumber, ...entry }) => entry);

/**
 * A group member's decline leaves the envelope open while the members who have not declined can
 * still give the group its signatures (docs/concepts/signing.md); otherwise a decline ends it.
 */
const groupGoesOn = (declining: Recipient, signers: readonly Recipient[], groups: readonly SigningGroup[]): boolean => {
  const group = groups.find((candidate) => candidate.id === declining.groupId);
  if (!group) return false;
  const stillAble = signers.filter((member) => member.groupId === group.id && member.id !== declining.id && member.status !== 'Declined');
  return stillAble.length >= group.required;
};

/** A member's decline the group can bear: recorded, the envelope goes on, nobody else is told but the webhook's subscribers. */
const recordMemberDecline = async (
  ctx: AppContext,
  trx: Db,
  envelope: Envelope,
  member: Recipient,
  reason: string,
  origin: RequestOrigin,
) => {
  const entry = await appendLedgerEntry(ctx, trx, {
    envelopeId: envelope.id,
    activityType: 'RECIPIENT_DECLINED',
    actor: { name: member.name, email: member.email },
    description: `${member.name} declined to sign for their signing group: ${reason}. The group's other members can still sign for it.`,
    ipAddress: origin.ipAddress,
    userAgent: origin.userAgent,
  });
  await advanceSteps(ctx, trx, envelope);
  return entry;
};

/**
 * Records a signer's decline, whoever reports it (the sender through the API, the signer on the
 * signing site): the envelope becomes Declined and the sender and invited signers are told. A
 * signing group's member who declines while the group can still reach its signatures is only
 * Declined themselves.
 */
export const recordDecline = async (ctx: AppContext, request: RecordDeclineRequest): Promise<DeclineResult> => {
  const reason = request.reason.trim();
  if (!reason) throw new AppError('DECLINE_REASON_REQUIRED', 'Give the reason for declining.', { field: 'reason' });
  const declinedAt = ctx.clock.now().toISOString();

  const result = await ledgerTransaction(ctx, async (trx) => {
    const envelope = await loadEnvelope(ctx, trx, request.accountId, request.envelopeId, { lock: true });
    assertActive(envelope.status);
    const signers = await readRecipients(trx, envelope.id, 'signer');
    const groups = await readSigningGroups(trx, envelope.id);
    const signer = pickSigner(signers, groups, envelope, request);
    await updateRecipient(trx, signer.id, { status: statusAfterDeclining(signer.status), declinedAt, declineReason: reason });
    if (groupGoesOn(signer, signers, groups)) {
      const entry = await recordMemberDecline(ctx, trx, envelope, signer, reason, request.origin);
      await recordWebhookEvent(ctx, trx, {
        accountId: envelope.accountId,
        type: 'recipient.declined',
        data: { ...eventEnvelope(envelope, envelope.status), declined_at: declinedAt, reason, recipient: eventRecipient(signer) },
      });
      return { signer, entry, envelopeStatus: envelope.status, auditLogs: await publishedEntries(trx, envelope.id) };
    }
    await updateEnvelope(trx, envelope.id, { status: 'Declined', declinedAt });
    const entry = await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'ENVELOPE_DECLINED',
      actor: { name: signer.name, email: signer.email },
      description: `${signer.name} declined to sign: ${reason}`,
      ipAddress: request.origin.ipAddress,
      userAgent: request.origin.userAgent,
    });
    await enqueueJob(ctx, trx, 'send-decline-notice', { envelopeId: envelope.id });
    const declined = { ...eventEnvelope(envelope, 'Declined'), declined_at: declinedAt, reason };
    await recordWebhookEvent(ctx, trx, {
      accountId: envelope.accountId,
      type: 'recipient.declined',
      data: { ...declined, recipient: eventRecipient(signer) },
    });
    await recordWebhookEvent(ctx, trx, {
      accountId: envelope.accountId,
      type: 'envelope.declined',
      data: { ...declined, declined_by: eventRecipient(signer) },
    });
    return { signer, entry, envelopeStatus: 'Declined' as const, auditLogs: await publishedEntries(trx, envelope.id) };
  });
  ctx.jobs.poke();
  const blockNumber = await blockNumberOf(ctx, result.entry);

  return {
    envelopeId: request.envelopeId,
    envelopeStatus: result.envelopeStatus,
    declinedAt,
    signer: { id: result.signer.id, name: result.signer.name, email: result.signer.email },
    blockNumber,
    entryHash: result.entry.entry_hash,
    ledgerKeyFingerprint: ctx.keys.ledger.fingerprint,
    walletAddress: walletAddress(request.accountId, result.signer.email),
    auditLogs: result.auditLogs,
  };
};
