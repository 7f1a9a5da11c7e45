import type { AppContext } from '../../../app/context.js';
import { getInclusionProof } from '../../../app/ledger/inclusion-proof.js';
import type { App } from '../../app-type.js';
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
        response: { 200: InclusionProofBody, ...errorResponses(400, 404, 429) },
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
