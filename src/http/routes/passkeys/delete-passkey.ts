import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { removePasskey } from '../../../app/passkeys/remove-passkey.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Id, Ok, errorResponses } from '../../schema-kit.js';
import { originOf } from '../../request-origin.js';
import { PasskeyIdParams } from './passkeys.schema.js';

export const deletePasskeyRoute = (app: App, ctx: AppContext) =>
  app.delete(
    '/console/passkeys/:passkeyId',
    {
      schema: {
        operationId: 'deletePasskey',
        summary: 'Remove one of the signed-in person’s passkeys',
        description:
          "With a console user's access token. The passkey signs in no more, at once; sessions it opened go on until they end " +
          "(sign out to end this one). Another person's passkey or an unknown id: 404 PASSKEY_NOT_FOUND. Recorded in the " +
          'security log (`passkey_removed`).',
        tags: ['Passkeys'],
        params: PasskeyIdParams,
        response: {
          200: Example(Ok(Type.Object({ passkey_id: Id('pky') }), 'Passkey removed'), {
            message: 'Passkey removed.',
            data: { passkey_id: 'pky_4TnWq8ZbR1xYc5LmK2vJ9e' },
          }),
          ...errorResponses(401, 403, 404, 429),
          ...errorExample('PASSKEY_NOT_FOUND', 'You have no passkey pky_4TnWq8ZbR1xYc5LmK2vJ9e.'),
        },
      },
    },
    async (request) => {
      await removePasskey(ctx, callerOf(request), originOf(request), request.params.passkeyId);
      return { message: 'Passkey removed.', data: { passkey_id: request.params.passkeyId } };
    },
  );
