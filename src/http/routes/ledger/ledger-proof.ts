import type { AppContext } from '../../../app/context.js';
import { getInclusionProof } from '../../../app/ledger/inclusion-proof.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { BlockNumberParams, InclusionProofBody, InclusionProofQuery } from './ledger.schema.js';

/** `GET /ledger/proof/{block_number}`: an entry's inclusion in the service-wide log (docs/concepts/ledger.md). */
export const ledgerProofRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/ledger/proof/:block_number',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getLedgerInclusionProof',
        summary: 'Inclusion proof of a ledger entry (RFC 9162)',
        description:
          'Public. Proves that block `block_number` is a leaf of the tree of the first `tree_size` blocks, whose root a signed head (`GET /ledger/head`) states. ' +
          "Leaf data are the 32 raw bytes of the entry's `entry_hash`. Unknown block: 404 `LEDGER_BLOCK_NOT_FOUND`; a `tree_size` below the block or above the current head: 400 `INVALID_TREE_SIZE`.",
        tags: ['Ledger'],
        security: [],
        params: BlockNumberParams,
        querystring: InclusionProofQuery,
        response: {
          200: Example(InclusionProofBody, {
            message: 'Inclusion proof retrieved.',
            data: {
              block_number: 5812,
              tree_size: 5812,
              leaf_hash: 'ee839950d18288f132481848f1cf3b66ba031004d1036fc764c3f1babfeecf44',
              audit_path: [
                '8a355fa79a8e98dfa7f656a702a6c98628cf34ce5e15bbdd565eb3f59a8ed489',
                'eebae474c82832b8ddcf73ff58cd6ac004eaa594cc3464683dbd9b14ac046276',
                '7d4009bd8eea99ee18983ef8bad6265276edffe28e83d2bfe6bdaecbc64ad94c',
              ],
            },
          }),
          ...errorResponses(400, 404, 429),
          ...errorExample('LEDGER_BLOCK_NOT_FOUND', 'The ledger has 5812 block(s); there is no block 6000.'),
        },
      },
    },
    async (request) => {
      const proof = await getInclusionProof(ctx, { blockNumber: request.params.block_number, treeSize: request.query.tree_size });
      return {
        message: 'Inclusion proof retrieved.',
        data: { block_number: proof.blockNumber, tree_size: proof.treeSize, leaf_hash: proof.leafHash, audit_path: proof.auditPath },
      };
    },
  );
