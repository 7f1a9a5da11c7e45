import type { Actor } from '../ledger/append-ledger-entry.js';
import { readLedger } from '../ledger/append-ledger-entry.js';
import type { AppContext } from '../context.js';
import { loadEnvelope } from './load-envelope.js';

/** The contract's person shape: the first word of the actor's name, then the rest. */
const performedBy = (actor: Actor) => {
  const name = actor.name.trim();
  const space = name.indexOf(' ');
  return {
    first_name: space < 0 ? name : name.slice(0, space),
    last_name: space < 0 ? '' : name.slice(space + 1).trim(),
    email: actor.email,
  };
};

/** The envelope's activity, oldest first, read from its ledger so history and audit log never disagree. */
export const getEnvelopeHistory = async (ctx: AppContext, accountId: string, envelopeId: string) => {
  const envelope = await loadEnvelope(ctx, ctx.db, accountId, envelopeId);
  const entries = await readLedger(ctx.db, envelopeId);
  return {
    envelope_id: envelope.id,
    name: envelope.name,
    history: entries.map((entry) => ({
      performed_by: performedBy(entry.actor),
      performed_at: entry.occurred_at,
      activity_type: entry.activity_type,
      description: entry.description,
    })),
  };
};
