import type { AppContext } from '../../../app/context.js';
import { currentTreeHead } from '../../../app/ledger/tree-head.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { LedgerHeadBody } from './ledger.schema.js';

/** `GET /ledger/head`: the signed tree head of the service-wide ledger (docs/concepts/ledger.md). */
export const ledgerHeadRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/ledger/head',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getLedgerHead',
        summary: 'Signed tree head of the service-wide ledger',
        description: 'Public. Anyone can check the signature with `public_key` and recompute `root_hash` from the entries they hold.',
        tags: ['Ledger'],
        security: [],
        response: {
          200: Example(LedgerHeadBody, {
            message: 'Ledger head retrieved.',
            data: {
              tree_size: 5812,
              root_hash: 'd0e92edf481760dca6d03672816b7e4344974d3ab8a21f1a2a118541d4470a5e',
              timestamp: '2026-03-03T10:07:02.000Z',
              signature: 'HQ+WELeQ0MzQjPOmni21NKtO9Cqibqr209ypDr+5f7ZBbLWVv93sy6aaybq0DNUE6ATTyinpGPk5bCUQqSHNDA==',
              public_key: '7DAKIg9nLI/6QeSm8GzOSQLDNZ3fULUPJeDSz5a8aVU=',
            },
          }),
          ...errorResponses(429),
          ...errorExample('RATE_LIMITED', 'Too many requests: at most 60 a minute. Retry in 42 seconds.'),
        },
      },
    },
    async (_request, reply) => reply.send({ message: 'Ledger head retrieved.', data: await currentTreeHead(ctx) }),
  );
