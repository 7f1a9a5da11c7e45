import { Type } from 'typebox';
import { createAccountClient } from '../../../app/accounts/create-client.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
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
        body: CreateBody,
        response: { 201: Ok(IssuedClientData, 'API client created'), ...errorResponses(400, 401, 403, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const client = await createAccountClient(ctx, callerOf(request).accountId, request.body.description?.trim() || null);
      return reply.status(201).send({ message: 'API client created.', data: presentIssuedClient(client) });
    },
  );
