import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { getEnvelopeHistory, type EnvelopeHistory as History } from '../../../app/envelopes/get-envelope-history.js';
import type { Actor } from '../../../app/ledger/append-ledger-entry.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
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
        description:
          'Read from the envelope ledger; `performed_by` splits the actor name at its first space. ' +
          'A mail about the envelope that the mail server did not take is a `MAIL_DELAYED` entry by the service, one per attempt; the mail is retried with back-off until it leaves (docs/concepts/envelopes.md).',
        tags: ['Envelopes'],
        params: EnvelopeIdParams,
        response: {
          200: Example(Ok(EnvelopeHistory), {
            message: 'Envelope history.',
            data: {
              envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng',
              name: 'Employment contract – Grace Hopper',
              history: [
                {
                  performed_by: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
                  performed_at: '2026-03-03T09:15:27.000Z',
                  activity_type: 'ENVELOPE_CREATED',
                  description:
                    'Envelope "Employment contract – Grace Hopper" created with 1 document(s), 2 signer(s) and 1 observer(s); Sequential signing.',
                },
                {
                  performed_by: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' },
                  performed_at: '2026-03-03T10:02:11.000Z',
                  activity_type: 'DOCUMENT_VIEWED',
                  description: 'Grace Hopper opened the envelope for signing.',
                },
                {
                  performed_by: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' },
                  performed_at: '2026-03-03T10:05:40.000Z',
                  activity_type: 'DOCUMENT_SIGNED',
                  description: 'Grace Hopper accepted the electronic records disclosure and signed with a drawn signature.',
                },
              ],
            },
          }),
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('ENVELOPE_NOT_FOUND', 'No envelope env_zgqQWvT72rpxEKoy8-nlng.'),
        },
      },
    },
    async (request) => ({
      message: 'Envelope history.',
      data: presentHistory(await getEnvelopeHistory(ctx, callerOf(request).accountId, request.params.envelopeId)),
    }),
  );
