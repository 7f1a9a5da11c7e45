import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { retrieveMetadata, type EnvelopeMetadata as EnvelopeMetadataModel } from '../../../app/envelopes/retrieve-metadata.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Id, List, Ok, Text, errorResponses } from '../../schema-kit.js';
import { EnvelopeIdParams } from './envelope-id-params.js';

export const METADATA_LIMITS = { keys: 50, keyLength: 100, valueLength: 2000 };

export const EnvelopeMetadata = Type.Object({
  envelope_id: Id('env'),
  name: Text(255),
  description: Type.Union([Text(2000), Type.Null()]),
  tags: List(Text(64), 50),
  metadata: Type.Record(Text(METADATA_LIMITS.keyLength), Text(METADATA_LIMITS.valueLength), { maxProperties: METADATA_LIMITS.keys }),
});

export const presentMetadata = (envelope: EnvelopeMetadataModel) => ({
  envelope_id: envelope.id,
  name: envelope.name,
  description: envelope.description,
  tags: envelope.tags,
  metadata: envelope.metadata,
});

export const retrieveMetadataRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/envelopes/:envelopeId/retrieve_metadata',
    {
      schema: {
        operationId: 'retrieveEnvelopeMetadata',
        summary: "An envelope's name, description, tags and metadata",
        tags: ['Envelopes'],
        params: EnvelopeIdParams,
        response: {
          200: Example(Ok(EnvelopeMetadata), {
            message: 'Envelope metadata.',
            data: {
              envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng',
              name: 'Employment contract – Grace Hopper',
              description: 'Permanent contract, engineering team',
              tags: ['hr', 'contracts'],
              metadata: { employee_number: 'E-1042', department: 'Engineering' },
            },
          }),
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('ENVELOPE_NOT_FOUND', 'No envelope env_zgqQWvT72rpxEKoy8-nlng.'),
        },
      },
    },
    async (request) => ({
      message: 'Envelope metadata.',
      data: presentMetadata(await retrieveMetadata(ctx, callerOf(request).accountId, request.params.envelopeId)),
    }),
  );
