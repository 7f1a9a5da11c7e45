import type { AppContext } from '../../../app/context.js';
import { currentTreeHead } from '../../../app/ledger/tree-head.js';
import type { App } from '../../app-type.js';
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
        response: { 200: LedgerHeadBody, ...errorResponses(429) },
      },
    },
    async (_request, reply) => reply.send({ message: 'Ledger head retrieved.', data: await currentTreeHead(ctx) }),
  );
