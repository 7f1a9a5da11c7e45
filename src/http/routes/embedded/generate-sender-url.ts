import { generateSenderUrl } from '../../../app/builders/generate-sender-url.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { bodyValidation } from '../../validator.js';
import { CreateEnvelopeBody } from '../envelopes/create-envelope.js';
import { toEnvelopeInput, toObserverInput, toSignerInput } from '../envelopes/envelope.schema.js';
import { invalidEnvelopeRequest } from '../envelopes/envelope-request-problems.js';
import { BUILDER_EVENTS_NOTE, BUILDER_LIFETIME_NOTE, BuilderUrl, presentBuilderUrl } from './builder.schema.js';

export const generateSenderUrlRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/generate_sender_url',
    {
      // Schema problems are answered with those of the settings and recipients, exactly as createEnvelope answers them.
      attachValidation: true,
      schema: {
        operationId: 'generateSenderUrl',
        summary: 'Issue a single-use URL of a prefilled composer, for an iFrame',
        description: `The body is createEnvelope's, where signers' \`fields\` may be omitted, and gets exactly its checks and errors (documents, settings, recipients, the fields given). Nothing is created yet and the quota is not counted: the URL (\`/embed/compose/{token}\`, valid 10 minutes, single use, exchanged for a one-hour session) opens a composer prefilled with these documents, recipients and settings, where a person places the fields and presses Send — then the envelope is created (sendBuilderDraft), with createEnvelope's checks and quota. ${BUILDER_LIFETIME_NOTE} ${BUILDER_EVENTS_NOTE}`,
        tags: ['Embedded builders'],
        body: Example(CreateEnvelopeBody, {
          envelope: { name: 'Employment contract – Grace Hopper', message: 'Please sign your contract by Friday.' },
          documents: [
            {
              name: 'Employment contract.pdf',
              content_base64: 'JVBERi0xLjcKJeLjz9MKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCg==',
            },
          ],
          recipients: { signers: [{ name: 'Grace Hopper', email: 'grace@example.com' }] },
        }),
        response: {
          201: Example(BuilderUrl, {
            message: 'Composer URL generated.',
            data: {
              url: 'https://sign.example.com/embed/compose/cs_bt_9InJnga2clD1_W51b-T8SRvbNikpzoL7tE9XIQ4qyyM',
              expires_at: '2026-03-03T09:25:27.000Z',
            },
          }),
          ...errorResponses(400, 401, 413, 415, 429),
          ...errorExample('ENVELOPE_NAME_REQUIRED', '"envelope.name" is required.', {
            field: 'envelope.name',
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
      const issued = await generateSenderUrl(ctx, callerOf(request), {
        envelope: toEnvelopeInput(envelope),
        documents: documents.map((doc) => ({ name: doc.name, contentBase64: doc.content_base64 })),
        signers: recipients.signers.map(toSignerInput),
        observers: (recipients.observers ?? []).map(toObserverInput),
      });
      return reply.status(201).send({ message: 'Composer URL generated.', data: presentBuilderUrl(issued) });
    },
  );
