import type { AppContext } from '../../../app/context.js';
import { createEnvelope } from '../../../app/envelopes/create-envelope.js';
import { callerOf, type App } from '../../app-type.js';
import { idempotentResponse } from '../../idempotency.js';
import { originOf } from '../../request-origin.js';
import { bodyValidation } from '../../validator.js';
import { invalidEnvelopeRequest } from './envelope-request-problems.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { List, Strict, errorResponses } from '../../schema-kit.js';
import {
  EnvelopeObject,
  IntakeDocument,
  RecipientsObject,
  toEnvelopeInput,
  toIntakeDocument,
  toObserverInput,
  toSignerInput,
} from './envelope.schema.js';
import { CreatedEnvelopeResponse, createdBody, envelopeExample, recipientsExample } from './created-envelope-body.js';

export const CreateEnvelopeBody = Strict({
  envelope: EnvelopeObject,
  documents: List(IntakeDocument, 10, { minItems: 1 }),
  recipients: RecipientsObject,
});

export const createEnvelopeRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/create',
    {
      config: { idempotent: true },
      // Schema problems are answered with those of the settings and recipients (docs/api/conventions.md: every problem at once).
      attachValidation: true,
      schema: {
        operationId: 'createEnvelope',
        summary: 'Create and send an envelope from base64 documents',
        description: 'Also answers at /v2.0/envelope/create. Accepts an Idempotency-Key header.',
        tags: ['Envelopes'],
        body: Example(CreateEnvelopeBody, {
          envelope: envelopeExample,
          documents: [
            {
              name: 'Employment contract.pdf',
              content_base64: 'JVBERi0xLjcKJeLjz9MKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCg==',
              form_fields: 'import',
              form_field_map: { 'employee.*': 1, 'employer.signature': 'ada@example.com' },
            },
          ],
          recipients: recipientsExample,
        }),
        response: {
          201: CreatedEnvelopeResponse,
          ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429),
          ...errorExample('INVALID_FIELD', '"recipients.signers[0].email" must be a valid email.', {
            field: 'recipients.signers[0].email',
            message: 'The request is invalid.',
          }),
        },
      },
    },
    async (request, reply) => {
      const failed = bodyValidation(request);
      if (failed)
        throw invalidEnvelopeRequest(failed.problems, { envelope: failed.usable('envelope'), recipients: failed.usable('recipients') });
      const { envelope, documents, recipients } = request.body;
      const created = await createEnvelope(
        ctx,
        callerOf(request),
        {
          envelope: toEnvelopeInput(envelope),
          documents: documents.map(toIntakeDocument),
          signers: recipients.signers.map(toSignerInput),
          observers: (recipients.observers ?? []).map(toObserverInput),
        },
        originOf(request),
        idempotentResponse(request, 201, createdBody),
      );
      return reply.status(201).send(createdBody(created));
    },
  );
