import { sendBuilderDraft } from '../../../app/builders/send-builder-draft.js';
import type { AppContext } from '../../../app/context.js';
import type { App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { CreatedEnvelopeResponse, createdBody } from '../envelopes/created-envelope-body.js';
import { BUILDER_LIFETIME_NOTE, BuilderTokenParams, SendDraftBody } from './builder.schema.js';

export const sendBuilderDraftRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/builder/:builderCode/send',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'sendBuilderDraft',
        summary: 'The composer’s Send: creates and sends the envelope of the draft',
        description:
          'With the `session_token` of openBuilder. Each entry names a signer of the draft by `index` or `email` (neither matching: 400 `BUILDER_SIGNER_NOT_FOUND`) and gives its fields. The envelope is created exactly as createEnvelope creates it — the same checks and errors (field problems point at `recipients.signers[index]`), 403 `ENVELOPE_QUOTA_EXCEEDED` counted now — and answers as createEnvelope does. A second Send is 409 `BUILDER_ALREADY_SENT`; a template editor’s session is 409 `BUILDER_KIND_MISMATCH`. The page then posts `countersign.envelope.sent {envelope_id}` to its parent. ' +
          BUILDER_LIFETIME_NOTE,
        tags: ['Embedded builders'],
        params: BuilderTokenParams,
        body: Example(SendDraftBody, {
          signers: [{ index: 0, fields: [{ type: 'signature', page: 4, x: 72, y: 640, width: 180, height: 40, required: true }] }],
        }),
        response: {
          201: CreatedEnvelopeResponse,
          ...errorResponses(400, 401, 403, 404, 409, 429),
          ...errorExample('BUILDER_ALREADY_SENT', 'This composer already sent its envelope.'),
        },
      },
    },
    async (request, reply) => {
      const created = await sendBuilderDraft(ctx, request.params.builderCode, request.body.signers, originOf(request));
      return reply.status(201).send(createdBody(created));
    },
  );
