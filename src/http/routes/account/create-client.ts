import { Type } from 'typebox';
import { createAccountClient } from '../../../app/accounts/create-client.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, Strict, errorResponses } from '../../schema-kit.js';
import { ClientDescription, IssuedClientData, presentIssuedClient } from './clients.schema.js';

const CreateBody = Strict({ description: Type.Optional(ClientDescription) });

export const createClientRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/account/clients',
    {
      config: { role: 'admin', idempotent: true, idempotentResponseIsSecret: true },
      schema: {
        operationId: 'createApiClient',
        summary: 'Issue an API client',
        description:
          'Answers the new client with its `client_secret` and `credentials` (base64 of `client_id:client_secret`, what ' +
          '`POST /authorization/token` takes), shown this once: only a hash is stored. At most 50 active clients per account ' +
          '(403 CLIENT_LIMIT_REACHED): revoke one first. With an Idempotency-Key a replay answers the same client and secret: ' +
          'that response is kept encrypted (AES-256-GCM) for the 24 h.',
        tags: ['API clients'],
        body: Example(CreateBody, { description: 'CRM integration' }),
        response: {
          201: Example(Ok(IssuedClientData, 'API client created'), {
            message: 'API client created.',
            data: {
              client_id: 'cli_4nQv7cXyR2mB8sLk1pZt0w',
              client_secret: 'cs_sk_Yb3kT9qLm2Vx7RcN1pWz5sHd8FgJ4aUe6oKi0tBnQyE',
              credentials: 'Y2xpXzRuUXY3Y1h5UjJtQjhzTGsxcFp0MHc6Y3Nfc2tfWWIza1Q5cUxtMlZ4N1JjTjFwV3o1c0hkOEZnSjRhVWU2b0tpMHRCblF5RQ==',
              description: 'CRM integration',
              created_at: '2026-03-02T09:15:27.000Z',
            },
          }),
          ...errorResponses(400, 401, 403, 409, 422, 429),
          ...errorExample('CLIENT_LIMIT_REACHED', 'An account has at most 50 active API clients: revoke one first.'),
        },
      },
    },
    async (request, reply) => {
      const client = await createAccountClient(ctx, callerOf(request).accountId, request.body.description?.trim() || null);
      return reply.status(201).send({ message: 'API client created.', data: presentIssuedClient(client) });
    },
  );
