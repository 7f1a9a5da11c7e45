import { readEntryOfHash } from '../../infra/db/tables/ledger-table.js';
import type { SealedLedgerProof } from '@countersign/verify';
import type { AppContext } from '../context.js';
import { inclusionProofIn } from '../ledger/inclusion-proof.js';
import { blockNumberOf } from '../ledger/number-ledger-entries.js';
import { currentTreeHead } from '../ledger/tree-head.js';

/**
 * The inclusion proof of the envelope's last entry before sealing (its chain's head, `ledgerHeadHash`)
 * under a tree head signed now, for the completion record: anyone holding the sealed file can then
 * check, offline, that the entry it names is in the service-wide log, and later, online, that the
 * log still holds it. On PostgreSQL the entry is numbered first if its run after commit failed; the
 * head is taken after that, so it covers the entry.
 */
export const sealedLedgerProof = async (ctx: AppContext, envelopeId: string, ledgerHeadHash: string): Promise<SealedLedgerProof> => {
  const entry = await readEntryOfHash(ctx.db, envelopeId, ledgerHeadHash);
  if (!entry) throw new Error(`Envelope ${envelopeId} has no ledger entry ${ledgerHeadHash}`);
  const blockNumber = entry.blockNumber ?? (await blockNumberOf(ctx, { envelope_id: envelopeId, sequence: entry.sequence }));
  const head = await currentTreeHead(ctx);
  const proof = await inclusionProofIn(ctx, blockNumber, head.tree_size);
  return {
    block_number: blockNumber,
    leaf_hash: proof.leafHash,
    tree_size: head.tree_size,
    audit_path: proof.auditPath,
    tree_head: head,
  };
};
