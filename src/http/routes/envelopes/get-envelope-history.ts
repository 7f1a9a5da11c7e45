import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { getEnvelopeHistory, type EnvelopeHistory as History } from '../../../app/envelopes/get-envelope-history.js';
import type { Actor } from '../../../app/ledger/append-ledger-entry.js';
import { callerOf, type App } from '../../app-type.js';
import { Email, Id, List, Ok, Text, Timestamp, errorResponses } from '../../schema-kit.js';
import { EnvelopeIdParams } from './envelope-id-params.js';

const HistoryEntry = Type.Object({
  performed_by: Type.Object({
    first_name: Text(255),
    last_name: Text(255),
    email: Type.Union([Email(), Type.Null()], { description: 'null for the service itself (expiry, reminders)' }),
  }),
  performed_at: Timestamp(),
  activity_type: Text(40, { pattern: '^[A-Z_]+$' }),
  description: Text(5000),
});

const EnvelopeHistory = Type.Object({ envelope_id: Id('env'), name: Text(255), history: List(HistoryEntry, 100_000) });

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

const presentHistory = (history: History) => ({
  envelope_id: history.envelopeId,
  name: history.name,
  history: history.entries.map((entry) => ({
    performed_by: performedBy(entry.actor),
    performed_at: entry.occurred_at,
    activity_type: entry.activity_type,
    description: entry.description,
  })),
});

export const getEnvelopeHistoryRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/envelopes/:envelopeId/history',
    {
      schema: {
        operationId: 'getEnvelopeHistory',
        summary: "An envelope's activity, oldest first",
        description: 'Read from the envelope ledger; `performed_by` splits the actor name at its first space.',
        tags: ['Envelopes'],
        params: EnvelopeIdParams,
        response: { 200: Ok(EnvelopeHistory), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      message: 'Envelope history.',
      data: presentHistory(await getEnvelopeHistory(ctx, callerOf(request).accountId, request.params.envelopeId)),
    }),
  );
