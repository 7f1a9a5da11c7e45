import { Type } from 'typebox';
import { listAccountClients, MAX_LISTED_ACCOUNT_CLIENTS } from '../../../app/accounts/list-clients.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { List, Ok, errorResponses } from '../../schema-kit.js';
import { ClientData, presentClient } from './clients.schema.js';

export const listClientsRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/account/clients',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'listApiClients',
        summary: "The account's API clients",
        description:
          'Active clients first (at most 50), then revoked ones, newest first within each; at most 200 in all. ' +
          'Secrets are never listed: they are shown once, on creation, and stored only as hashes.',
        tags: ['API clients'],
        response: {
          200: Ok(Type.Object({ clients: List(ClientData, MAX_LISTED_ACCOUNT_CLIENTS) })),
          ...errorResponses(401, 429),
        },
      },
    },
    async (request) => ({
      message: 'API clients.',
      data: { clients: (await listAccountClients(ctx, callerOf(request).accountId)).map(presentClient) },
    }),
  );
