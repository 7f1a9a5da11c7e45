import type { AppContext } from '../../../app/context.js';
import { getConsistencyProof } from '../../../app/ledger/consistency-proof.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
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
        response: {
          200: Example(ConsistencyProofBody, {
            message: 'Consistency proof retrieved.',
            data: {
              from: 5800,
              to: 5812,
              proof: [
                '71ce25b46b6b4741b0b977ba4c1d690cd10a2f224ea193892716265b01893531',
                'd0e92edf481760dca6d03672816b7e4344974d3ab8a21f1a2a118541d4470a5e',
              ],
            },
          }),
          ...errorResponses(400, 429),
          ...errorExample('INVALID_TREE_SIZE', "to must be at most 5812, the current head's tree size.", { field: 'querystring.to' }),
        },
      },
    },
    async (request) => ({
      message: 'Consistency proof retrieved.',
      data: await getConsistencyProof(ctx, { from: request.query.from, to: request.query.to }),
    }),
  );
