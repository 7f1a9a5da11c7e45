import type { AppContext } from '../../../app/context.js';
import { getConsistencyProof } from '../../../app/ledger/consistency-proof.js';
import type { App } from '../../app-type.js';
import { errorResponses } from '../../schema-kit.js';
import { ConsistencyProofBody, ConsistencyQuery } from './ledger.schema.js';

/** `GET /ledger/consistency`: the log of `to` blocks extends the log of `from` blocks (docs/concepts/ledger.md). */
export const ledgerConsistencyRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/ledger/consistency',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getLedgerConsistencyProof',
        summary: 'Consistency proof between two tree sizes (RFC 9162)',
        description:
          'Public. Proves that the tree of the first `from` blocks is a prefix of the tree of the first `to` blocks: nothing logged before was changed or removed. ' +
          "Check it against the `root_hash` of two signed heads of those sizes. Sizes outside 1 ≤ from ≤ to ≤ the current head's: 400 `INVALID_TREE_SIZE`.",
        tags: ['Ledger'],
        security: [],
        querystring: ConsistencyQuery,
        response: { 200: ConsistencyProofBody, ...errorResponses(400, 429) },
      },
    },
    async (request) => ({
      message: 'Consistency proof retrieved.',
      data: await getConsistencyProof(ctx, { from: request.query.from, to: request.query.to }),
    }),
  );
