import { Type } from 'typebox';
import { extendDueDate, type ExtendedEnvelope as Extended } from '../../../app/envelopes/extend-due-date.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Id, Int, Ok, Strict, Text, Timestamp, errorResponses } from '../../schema-kit.js';
import { EnvelopeIdParams } from './envelope-id-params.js';

const ExtendBody = Strict({
  signing_due_date: Type.Optional(
    Timestamp({ 'x-invalid-code': 'INVALID_DUE_DATE', description: 'The new due instant (ISO 8601, in the future)' }),
  ),
  extend_by_days: Type.Optional(
    Int(1, 365, { 'x-invalid-code': 'INVALID_EXTEND_BY_DAYS', description: 'New due date = now + this many days' }),
  ),
});

const ExtendedEnvelope = Type.Object({ envelope_id: Id('env'), status: Text(16), signing_due_date: Timestamp() });

const presentExtended = (extended: Extended) => ({
  envelope_id: extended.envelopeId,
  status: extended.status,
  signing_due_date: extended.signingDueDate,
});

export const extendDueDateRoute = (app: App, ctx: AppContext) =>
  app.put(
    '/envelopes/:envelopeId/extend_signing_due_date',
    {
      schema: {
        operationId: 'extendSigningDueDate',
        summary: 'Reopen an Expired envelope until a new due date',
        description:
          'Give exactly one of signing_due_date and extend_by_days. The envelope returns to Sent (or InProgress when someone signed) and the signing links work again.',
        tags: ['Envelopes'],
        params: EnvelopeIdParams,
        body: Example(ExtendBody, { extend_by_days: 14 }),
        response: {
          200: Example(Ok(ExtendedEnvelope, 'Due date extended'), {
            message: 'Signing due date extended successfully.',
            data: { envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng', status: 'InProgress', signing_due_date: '2026-04-16T09:00:00.000Z' },
          }),
          ...errorResponses(400, 401, 404, 409, 429),
          ...errorExample('ENVELOPE_NOT_EXPIRED', "Only an Expired envelope's due date can be extended; this one is InProgress."),
        },
      },
    },
    async (request) => {
      const { signing_due_date, extend_by_days } = request.body;
      const extended = await extendDueDate(ctx, {
        accountId: callerOf(request).accountId,
        userId: callerOf(request).userId,
        envelopeId: request.params.envelopeId,
        extension: {
          ...(signing_due_date === undefined ? {} : { signingDueDate: signing_due_date }),
          ...(extend_by_days === undefined ? {} : { extendByDays: extend_by_days }),
        },
        origin: originOf(request),
      });
      return { message: 'Signing due date extended successfully.', data: presentExtended(extended) };
    },
  );
