import { Type } from 'typebox';
import { cancelEnvelope, type CancelledEnvelope as Cancelled } from '../../../app/envelopes/cancel-envelope.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Id, Num, Ok, RequiredText, Strict, Text, Timestamp, errorResponses } from '../../schema-kit.js';
import { EnvelopeIdParams } from './envelope-id-params.js';

export const CancelBody = Strict({
  cancel_reason: RequiredText(1000, 'CANCEL_REASON_REQUIRED'),
  longitude: Type.Optional(Num(-180, 180)),
  latitude: Type.Optional(Num(-90, 90)),
  user_agent: Type.Optional(Text(500, { description: "The sender's user agent, recorded in the ledger instead of the request's" })),
  ip_address: Type.Optional(
    Text(45, { pattern: '^[0-9A-Fa-f.:]+$', description: "The sender's IP address, recorded in the ledger instead of the request's" }),
  ),
  mac_address: Type.Optional(Text(17, { pattern: '^[0-9A-Fa-f:-]+$', description: 'Accepted for compatibility; not recorded' })),
});

const CancelledEnvelope = Type.Object({ envelope_id: Id('env'), status: Text(16), cancelled_at: Timestamp(), cancel_reason: Text(1000) });

const presentCancelled = (cancelled: Cancelled) => ({
  envelope_id: cancelled.envelopeId,
  status: cancelled.status,
  cancelled_at: cancelled.cancelledAt,
  cancel_reason: cancelled.cancelReason,
});

export const cancelEnvelopeRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/:envelopeId/cancel',
    {
      schema: {
        operationId: 'cancelEnvelope',
        summary: 'Cancel an envelope that is out for signature or expired',
        description: 'Allowed while the envelope is Sent, InProgress or Expired; the recipients are told by e-mail.',
        tags: ['Envelopes'],
        params: EnvelopeIdParams,
        body: Example(CancelBody, { cancel_reason: 'The offer was withdrawn.' }),
        response: {
          200: Example(Ok(CancelledEnvelope, 'Envelope cancelled'), {
            message: 'Envelope cancelled successfully.',
            data: {
              envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng',
              status: 'Cancelled',
              cancelled_at: '2026-03-05T16:40:00.000Z',
              cancel_reason: 'The offer was withdrawn.',
            },
          }),
          ...errorResponses(400, 401, 404, 409, 429),
          ...errorExample('ENVELOPE_NOT_CANCELLABLE', 'A Completed envelope cannot be cancelled.'),
        },
      },
    },
    async (request) => {
      const { cancel_reason, latitude, longitude, ip_address, user_agent } = request.body;
      const origin = originOf(request);
      const cancelled = await cancelEnvelope(ctx, {
        accountId: callerOf(request).accountId,
        userId: callerOf(request).userId,
        envelopeId: request.params.envelopeId,
        reason: cancel_reason,
        origin: { ipAddress: ip_address ?? origin.ipAddress, userAgent: user_agent ?? origin.userAgent },
        location: { latitude, longitude },
      });
      return { message: 'Envelope cancelled successfully.', data: presentCancelled(cancelled) };
    },
  );
