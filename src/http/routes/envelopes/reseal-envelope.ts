import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { resealEnvelope } from '../../../app/completion/reseal-envelope.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Id, Ok, errorResponses } from '../../schema-kit.js';
import { Completion, presentCompletion } from './completion.schema.js';
import { EnvelopeIdParams } from './envelope-id-params.js';

const ResealedEnvelope = Type.Object({ envelope_id: Id('env'), completion: Completion });

const MESSAGES = {
  started: 'Resealing started: the first attempt is queued.',
  'under-way': 'Resealing is already under way.',
} as const;

export const resealEnvelopeRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/:envelopeId/reseal',
    {
      schema: {
        operationId: 'resealEnvelope',
        summary: 'Retry the sealing of an envelope whose seal failed',
        description:
          'An extension of the contract. Allowed while `completion.state` (envelope details) is `failed` or `retrying`: a new round of ' +
          'attempts starts at once, with the same back-off as the first (30 s, 2 min, 10 min, 1 h, 6 h), so a seal waiting ' +
          'hours for its next automatic attempt can be retried as soon as its cause is fixed. Answers 202: sealing runs in ' +
          'the background; follow it in the details. Idempotent: asked again while the round it started is queued or ' +
          'running, it answers 202 again and starts nothing. Otherwise (not every signer has signed, the first sealing is ' +
          'under way, or the envelope is sealed) 409 `ENVELOPE_NOT_RESEALABLE`.',
        tags: ['Envelopes'],
        params: EnvelopeIdParams,
        response: {
          202: Example(Ok(ResealedEnvelope, 'Resealing queued or already under way'), {
            message: 'Resealing started: the first attempt is queued.',
            data: {
              envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng',
              completion: {
                state: 'pending',
                attempts: 0,
                last_error: 'The timestamp authority did not answer.',
                next_attempt_at: '2026-03-04T12:00:00.000Z',
              },
            },
          }),
          ...errorResponses(400, 401, 404, 409, 429),
          ...errorExample(
            'ENVELOPE_NOT_RESEALABLE',
            'Only an envelope whose seal failed or is waiting to retry can be resealed; this one cannot: it is sealed already.',
          ),
        },
      },
    },
    async (request, reply) => {
      const reseal = await resealEnvelope(ctx, { accountId: callerOf(request).accountId, envelopeId: request.params.envelopeId });
      return reply.status(202).send({
        message: MESSAGES[reseal.outcome],
        data: { envelope_id: reseal.envelopeId, completion: presentCompletion(reseal.completion) },
      });
    },
  );
