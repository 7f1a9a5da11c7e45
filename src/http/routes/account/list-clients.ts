import { Type } from 'typebox';
import { listAccountClients, MAX_LISTED_ACCOUNT_CLIENTS } from '../../../app/accounts/list-clients.js';
import type { AppContext } from '../../../app/context.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
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
          200: Example(Ok(Type.Object({ clients: List(ClientData, MAX_LISTED_ACCOUNT_CLIENTS) })), {
            message: 'API clients.',
            data: {
              clients: [
                {
                  client_id: 'cli_msjBTPkWcpwcK55ZuAMM-w',
                  description: 'CRM integration',
                  created_at: '2026-03-02T09:15:27.000Z',
                  revoked_at: null,
                },
                {
                  client_id: 'cli_4nQv7cXyR2mB8sLk1pZt0w',
                  description: null,
                  created_at: '2026-01-12T08:30:00.000Z',
                  revoked_at: '2026-02-20T17:04:11.000Z',
                },
              ],
            },
          }),
          ...errorResponses(401, 429),
          ...errorExample('ROLE_FORBIDDEN', "Only an account's admins may do this; this token is a sender's."),
        },
      },
    },
    async (request) => ({
      message: 'API clients.',
      data: { clients: (await listAccountClients(ctx, callerOf(request).accountId)).map(presentClient) },
    }),
  );
