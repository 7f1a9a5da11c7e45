import { Type } from 'typebox';
import { deleteEnvelope, type DeletedEnvelope as Deleted } from '../../../app/envelopes/delete-envelope.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Id, Ok, Timestamp, errorResponses } from '../../schema-kit.js';
import { EnvelopeIdParams } from './envelope-id-params.js';

const DeletedEnvelope = Type.Object({ envelope_id: Id('env'), deleted_at: Timestamp() });

const presentDeleted = (deleted: Deleted) => ({ envelope_id: deleted.envelopeId, deleted_at: deleted.deletedAt });

export const deleteEnvelopeRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/:envelopeId/delete',
    {
      schema: {
        operationId: 'deleteEnvelope',
        summary: 'Delete a Completed envelope and its documents',
        description: "The envelope answers 404 afterwards; its ledger entries (with the documents' hashes) are kept.",
        tags: ['Envelopes'],
        params: EnvelopeIdParams,
        response: {
          200: Example(Ok(DeletedEnvelope, 'Envelope deleted'), {
            message: 'Envelope deleted successfully.',
            data: { envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng', deleted_at: '2026-06-01T08:00:00.000Z' },
          }),
          ...errorResponses(401, 404, 409, 429),
          ...errorExample('ENVELOPE_NOT_COMPLETED', 'Only a Completed envelope can be deleted; this one is InProgress.'),
        },
      },
    },
    async (request) => {
      const deleted = await deleteEnvelope(ctx, {
        accountId: callerOf(request).accountId,
        userId: callerOf(request).userId,
        envelopeId: request.params.envelopeId,
        origin: originOf(request),
      });
      return { message: 'Envelope deleted successfully.', data: presentDeleted(deleted) };
    },
  );
