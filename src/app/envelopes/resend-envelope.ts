import { AppError } from '../../domain/app-error.js';
import { anyoneActed } from '../../domain/signing-steps.js';
import { updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import { readRecipients } from '../../infra/db/tables/recipients-table.js';
import type { AppContext, Caller } from '../context.js';
import { advanceSteps } from '../corrections/advance-steps.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { loadEnvelope } from './load-envelope.js';
import type { RequestOrigin } from './new-envelope.js';
import { actingPerson } from './sender.js';

/**
 * The sender puts a sent-back envelope out for signature again (docs/api/corrections.md): Sent, or
 * InProgress once someone has acted; everyone whose turn it is gets a fresh invitation. The
 * send-back's comment is cleared from the envelope: the history and the ledger keep it.
 */
export const resendEnvelope = async (
  ctx: AppContext,
  request: Pick<Caller, 'accountId' | 'userId'> & { envelopeId: string; origin: RequestOrigin },
): Promise<void> => {
  await ledgerTransaction(ctx, async (trx) => {
    const envelope = await loadEnvelope(ctx, trx, request.accountId, request.envelopeId, { lock: true });
    if (envelope.status !== 'Correcting') {
      throw new AppError('ENVELOPE_NOT_CORRECTING', `The envelope is ${envelope.status}: only a Correcting envelope is resent.`);
    }
    const status = anyoneActed(await readRecipients(trx, envelope.id, 'signer')) ? 'InProgress' : 'Sent';
    await updateEnvelope(trx, envelope.id, { status, returnedAt: null, returnComment: null, returnedBy: null });
    const { invited, allDone } = await advanceSteps(ctx, trx, { ...envelope, status }, { reinviteOnTurn: true });
    const actor = await actingPerson(trx, request);
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'ENVELOPE_RESENT',
      actor: { name: actor.name, email: actor.email },
      description: allDone
        ? 'Envelope resent after correction: every remaining step is done, so it is being completed.'
        : `Envelope resent after correction; ${invited.length} recipient(s) invited again.`,
      ipAddress: request.origin.ipAddress,
      userAgent: request.origin.userAgent,
    });
  });
  ctx.jobs.poke();
};
