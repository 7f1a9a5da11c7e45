import { Type } from 'typebox';
import { revokeClient } from '../../../app/accounts/revoke-client.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, Text, Timestamp, errorResponses } from '../../schema-kit.js';
import { ClientIdParams } from './clients.schema.js';

export const revokeClientRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/account/clients/:clientId/revoke',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'revokeApiClient',
        summary: 'Revoke an API client',
        description:
          'Its credentials stop logging in and every access and refresh token issued through it stops working at once. ' +
          'Revoking cannot be undone: issue another client. An unknown, already revoked or other account’s client is ' +
          '404 CLIENT_NOT_FOUND. Revoking the client of the calling token is allowed, and ends that token too.',
        tags: ['API clients'],
        params: ClientIdParams,
        response: {
          200: Example(Ok(Type.Object({ client_id: Text(64), revoked_at: Timestamp() }), 'API client revoked'), {
            message: 'API client revoked.',
            data: { client_id: 'cli_msjBTPkWcpwcK55ZuAMM-w', revoked_at: '2026-03-04T11:20:05.000Z' },
          }),
          ...errorResponses(401, 404, 429),
          ...errorExample('CLIENT_NOT_FOUND', 'No active API client cli_msjBTPkWcpwcK55ZuAMM-w.'),
        },
      },
    },
    async (request) => {
      const revoked = await revokeClient(ctx, request.params.clientId, callerOf(request).accountId);
      return { message: 'API client revoked.', data: { client_id: revoked.clientId, revoked_at: revoked.revokedAt } };
    },
  );
