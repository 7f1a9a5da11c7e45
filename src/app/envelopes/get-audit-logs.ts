import { verifyChain } from '../../infra/ledger/entry-hash.js';
import { signChainHead } from '../../infra/ledger/head-signature.js';
import type { AppContext } from '../context.js';
import { readLedger, type LedgerEntry } from '../ledger/append-ledger-entry.js';
import { loadEnvelope } from './load-envelope.js';

export interface AuditLogs {
  envelopeId: string;
  entries: LedgerEntry[];
  headHash: string | null;
  /** The ledger key's signature of `{envelope_id, head_hash}` (base64), null for an empty chain. */
  headSignature: string | null;
  /** The ledger's public key (base64 of the 32 raw bytes), as `GET /ledger/trust` publishes it. */
  publicKey: string;
  /** Whether the whole chain recomputes from the genesis hash. */
  verified: boolean;
}

/**
 * The envelope's hash chain as stored: each entry is exactly the object that was hashed plus its
 * `entry_hash`, so anyone can recompute the chain (docs/concepts/ledger.md). The service-wide block number is
 * not part of the hashed object and is left out.
 */
export const getAuditLogs = async (ctx: AppContext, accountId: string, envelopeId: string): Promise<AuditLogs> => {
  const envelope = await loadEnvelope(ctx, ctx.db, accountId, envelopeId);
  const entries = (await readLedger(ctx.db, envelopeId)).map(({ block_number: _blockNumber, ...entry }) => entry);
  const headHash = entries.at(-1)?.entry_hash ?? null;
  return {
    envelopeId: envelope.id,
    entries,
    headHash,
    headSignature: headHash === null ? null : signChainHead(envelope.id, headHash, ctx.keys.ledger),
    publicKey: ctx.keys.ledger.publicKeyBase64,
    verified: verifyChain(entries).verified,
  };
};
