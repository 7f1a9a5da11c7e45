import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { updateMetadata } from '../../../app/envelopes/update-metadata.js';
import { callerOf, type App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { List, Ok, RequiredText, Strict, Text, errorResponses } from '../../schema-kit.js';
import { EnvelopeIdParams } from './envelope-id-params.js';
import { EnvelopeMetadata, METADATA_LIMITS, presentMetadata } from './retrieve-metadata.js';

const MetadataChange = Strict(
  {
    name: Type.Optional(RequiredText(255, 'ENVELOPE_NAME_REQUIRED')),
    description: Type.Optional(Text(2000)),
    tags: Type.Optional(List(Text(64, { minLength: 1 }), 50)),
    metadata: Type.Optional(
      Type.Record(Text(METADATA_LIMITS.keyLength, { minLength: 1 }), Text(METADATA_LIMITS.valueLength), {
        maxProperties: METADATA_LIMITS.keys,
        description: 'String values by key; replaces the stored metadata as a whole',
      }),
    ),
  },
  { minProperties: 1, 'x-invalid-code': 'NOTHING_TO_UPDATE' },
);

export const updateMetadataRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/:envelopeId/update_envelope_metadata',
    {
      schema: {
        operationId: 'updateEnvelopeMetadata',
        summary: "Change an envelope's name, description, tags or metadata",
        description:
          'Any non-empty subset of the fields; each given field replaces the stored value. Recorded in the ledger as METADATA_UPDATED.',
        tags: ['Envelopes'],
        params: EnvelopeIdParams,
        body: Example(MetadataChange, { tags: ['hr', 'contracts'], metadata: { employee_number: 'E-1042', department: 'Engineering' } }),
        response: {
          200: Example(Ok(EnvelopeMetadata), {
            message: 'Envelope metadata updated.',
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
      message: 'Envelope metadata updated.',
      data: presentMetadata(await updateMetadata(ctx, callerOf(request), request.params.envelopeId, request.body, originOf(request))),
    }),
  );
