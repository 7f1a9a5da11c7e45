import { AppError } from '../../domain/app-error.js';
import { assertActive } from '../../domain/envelope-state.js';
import { statusAfterDeclining, type RecipientStatus } from '../../domain/recipient-state.js';
import { activeSignerIds, type SignProcessFlow } from '../../domain/signing-order.js';
import type { Db } from '../../infra/db/database.js';
import type { RecipientsTable } from '../../infra/db/schema.js';
import { walletAddress } from '../../infra/ledger/wallet-address.js';
import type { AppContext } from '../context.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { appendLedgerEntry, readLedger } from '../ledger/append-ledger-entry.js';
import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import { loadEnvelope } from './load-envelope.js';
import type { RequestOrigin } from './new-envelope.js';

/** The signature types a signer may adopt on the signing page (API.md §7). */
const SIGNATURE_TYPES = ['drawn', 'typed'] as const;

type Signer = RecipientsTable & { status: RecipientStatus };
type PickSigner = (signers: Signer[], envelope: Envelope) => Signer;

interface DeclineCommon {
  accountId: string;
  envelopeId: string;
  reason: string;
  origin: RequestOrigin;
}

const signerNotFound = (what: string) => new AppError('SIGNER_NOT_FOUND', `No signer ${what} on this envelope.`);

const byId = (signerId: string): PickSigner => (signers) => {
  const signer = signers.find((s) => s.id === signerId);
  if (!signer) throw signerNotFound(signerId);
  return signer;
};

/** The sender names the signer by e-mail, or leaves it out when exactly one signer can still act. */
const byEmailOrOnlyActive = (email: string | undefined): PickSigner => (signers, envelope) => {
  if (email !== undefined) {
    const signer = signers.find((s) => s.email === email.toLowerCase());
    if (!signer) throw signerNotFound(`with the e-mail ${email}`);
    return signer;
  }
  const active = activeSignerIds(
    envelope.signProcessFlow as SignProcessFlow,
    signers.map((s) => ({ id: s.id, signingOrder: s.signing_order, status: s.status })),
  );
  const only = active.length === 1 ? signers.find((s) => s.id === active[0]) : undefined;
  if (!only) throw new AppError('SIGNER_EMAIL_REQUIRED', `${active.length} signers can act on this envelope: give signer_email.`, { field: 'signer_email' });
  return only;
};

const signersOf = async (trx: Db, envelopeId: string): Promise<Signer[]> => {
  const rows = await trx.selectFrom('recipients').selectAll().where('envelope_id', '=', envelopeId).where('role', '=', 'signer').orderBy('position').execute();
  return rows.map((row) => ({ ...row, status: row.status as RecipientStatus }));
};

/** The entries exactly as audit_logs publishes them: what was hashed, plus the hash. */
const publishedEntries = async (trx: Db, envelopeId: string) =>
  (await readLedger(trx, envelopeId)).map(({ block_number: _blockNumber, ...entry }) => entry);

const decline = async (ctx: AppContext, request: DeclineCommon, pickSigner: PickSigner) => {
  const reason = request.reason.trim();
  if (!reason) throw new AppError('DECLINE_REASON_REQUIRED', 'Give the reason for declining.', { field: 'reason' });
  const key = ctx.keys.ledger;
  const declinedAt = ctx.clock.now().toISOString();

  const result = await ctx.db.transaction().execute(async (trx) => {
    const envelope = await loadEnvelope(ctx, trx, request.accountId, request.envelopeId, { lock: true });
    assertActive(envelope.status);
    const signer = pickSigner(await signersOf(trx, envelope.id), envelope);
    const status = statusAfterDeclining(signer.status);
    await trx.updateTable('recipients').set({ status, declined_at: declinedAt, decline_reason: reason }).where('id', '=', signer.id).execute();
    await trx.updateTable('envelopes').set({ status: 'Declined', declined_at: declinedAt }).where('id', '=', envelope.id).execute();
    const entry = await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'ENVELOPE_DECLINED',
      actor: { name: signer.name, email: signer.email },
      description: `${signer.name} declined to sign: ${reason}`,
      ipAddress: request.origin.ipAddress,
      userAgent: request.origin.userAgent,
    });
    await enqueueJob(ctx, trx, 'send-decline-notice', { envelopeId: envelope.id });
    return { signer, entry, auditLogs: await publishedEntries(trx, envelope.id) };
  });
  ctx.jobs.poke();

  return {
    envelope_id: request.envelopeId,
    activity_type: 'ENVELOPE_DECLINED' as const,
    declined_by: result.signer.name,
    final_block_hash: result.entry.entry_hash,
    block_number: result.entry.block_number,
    transaction_hash: result.entry.entry_hash,
    smart_contract_address: key.fingerprint,
    wallet_address: walletAddress(request.accountId, result.signer.email),
    available_signature_types: [...SIGNATURE_TYPES],
    audit_logs: result.auditLogs,
  };
};

export type DeclineResult = Awaited<ReturnType<typeof decline>>;

/** A signer declines (the signing site knows who from the signing token): the envelope becomes Declined. */
export const declineAsSigner = (ctx: AppContext, request: DeclineCommon & { signerId: string }): Promise<DeclineResult> =>
  decline(ctx, request, byId(request.signerId));

/** The sender records a signer's decline through the API, naming the signer by e-mail when several could act. */
export const declineForSigner = (ctx: AppContext, request: DeclineCommon & { signerEmail?: string }): Promise<DeclineResult> =>
  decline(ctx, request, byEmailOrOnlyActive(request.signerEmail));
