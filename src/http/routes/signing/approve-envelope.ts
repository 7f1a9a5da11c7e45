import { Type, type Static } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { approveEnvelope, type Approval } from '../../../app/signing/approve-envelope.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { originOf } from '../../request-origin.js';
import { Id, Ok, Strict, Text, Timestamp, errorResponses } from '../../schema-kit.js';
import { SIGNING_SESSION_NOTE, SigningSessionHeaders, requireSigningSession } from './signing-session.js';
import { SigningTokenParams } from './signing.schema.js';

const ApproveBody = Strict({
  consent: Type.Boolean({
    'x-missing-code': 'CONSENT_REQUIRED',
    description: 'true: the approver accepts the electronic records disclosure',
  }),
});

const ApprovedResult = Type.Object({
  envelope_id: Id('env'),
  status: Text(16, { description: 'InProgress: also after the last step, until the sealed file exists' }),
  approved_at: Timestamp(),
});

const presentApproval = (approval: Approval): Static<typeof ApprovedResult> => ({
  envelope_id: approval.envelopeId,
  status: 'InProgress',
  approved_at: approval.approvedAt,
});

export const approveEnvelopeRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/signing/:signingCode/approve',
    {
      config: { access: 'public' },
      preHandler: requireSigningSession(ctx),
      schema: {
        operationId: 'approveEnvelope',
        summary: 'Approve as the approver of this token',
        description:
          "An approver's step (docs/concepts/signing.md): records the consent (with the SHA-256 of the disclosure), the IP address and user agent, sets the approver Approved and invites whoever's turn comes next; an approval that completes the last step starts sealing. No marks, no fields. `consent` other than true is 400 `CONSENT_REQUIRED`; a recipient who is not an approver is 409 `NOT_AN_APPROVER`; an approver who already approved is 409 `ALREADY_SIGNED`. To refuse, an approver declines (POST /signing/{token}/decline)." +
          ' ' +
          SIGNING_SESSION_NOTE,
        tags: ['Signing'],
        headers: SigningSessionHeaders,
        params: SigningTokenParams,
        body: Example(ApproveBody, { consent: true }),
        response: {
          200: Example(Ok(ApprovedResult), {
            message: 'Envelope approved.',
            data: { envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng', status: 'InProgress', approved_at: '2026-03-03T10:05:40.000Z' },
          }),
          ...errorResponses(400, 401, 404, 409, 429),
          ...errorExample('CONSENT_REQUIRED', 'The approver must accept the electronic records disclosure (consent: true).', {
            field: 'consent',
          }),
          ...errorExample('NOT_AN_APPROVER', 'Only an approver approves; this recipient signs, reads or observes the envelope.'),
        },
      },
    },
    async (request) => ({
      message: 'Envelope approved.',
      data: presentApproval(await approveEnvelope(ctx, request.params.signingCode, request.body, originOf(request))),
    }),
  );
