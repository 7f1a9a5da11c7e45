import type { AppContext } from '../context.js';
import { readLedger, type LedgerEntry } from '../ledger/append-ledger-entry.js';
import { loadEnvelope } from './load-envelope.js';

export interface EnvelopeHistory {
  envelopeId: string;
  name: string;
  /** Oldest first. */
  entries: LedgerEntry[];
}

/** The envelope's activity, read from its ledger so history and audit log never disagree. */
export const getEnvelopeHistory = async (ctx: AppContext, accountId: string, envelopeId: string): Promise<EnvelopeHistory> => {
  const envelope = await loadEnvelope(ctx, ctx.db, accountId, envelopeId);
  return { envelopeId: envelope.id, name: envelope.name, entries: await readLedger(ctx.db, envelopeId) };
};
