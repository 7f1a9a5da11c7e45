import { createEnvelope } from '../../../app/envelopes/create-envelope.js';
import { decodeBase64Document, storeDocument } from '../../../app/documents/stored-document.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { List, Strict, errorResponses } from '../../schema-kit.js';
import { Base64Document, CreatedEnvelope, EnvelopeObject, RecipientsObject } from './envelope.schema.js';

const CreateEnvelopeBody = Strict({
  envelope: EnvelopeObject,
  documents: List(Base64Document, 10, { minItems: 1 }),
  recipients: RecipientsObject,
});

export const createEnvelopeRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/create',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createEnvelope',
        summary: 'Create and send an envelope from base64 documents',
        description: 'Also answers at /v2.0/envelope/create. Accepts an Idempotency-Key header.',
        tags: ['Envelopes'],
        body: CreateEnvelopeBody,
        response: { 201: CreatedEnvelope, ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const { envelope, documents, recipients } = request.body;
      const stored = [];
      for (const [i, doc] of documents.entries()) {
        stored.push(await storeDocument(ctx, doc.name, decodeBase64Document(doc.content_base64, `documents[${i}].content_base64`)));
      }
      const data = await createEnvelope(ctx, callerOf(request), { envelope, documents: stored, signers: recipients.signers, observers: recipients.observers ?? [] }, originOf(request));
      return reply.status(201).send({ message: 'Envelope created successfully.', data });
    },
  );
