import type { SignedTreeHead } from './tree-head.js';
import type { OnlineLedgerState } from './check-ledger-proof.js';

/** What `GET /ledger/trust` publishes. */
export interface PublishedTrust {
  root_certificate_pem: string;
  ledger_public_key: string;
}

/** Time given to each request to a service being checked. */
const TIMEOUT_MS = 15_000;

/** Reads a service's public ledger routes, as any third party can. */
export const ledgerClient = (baseUrl: string) => {
  const base = baseUrl.replace(/\/+$/, '');
  const data = async <T>(path: string): Promise<T | undefined> => {
    const response = await fetch(`${base}/api/v2.0${path}`, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    if (!response.ok) return undefined;
    return ((await response.json()) as { data: T }).data;
  };
  return {
    /** Throws when the service cannot be reached or does not publish its trust anchors. */
    trust: async (): Promise<PublishedTrust> => {
      const trust = await data<PublishedTrust>('/ledger/trust');
      if (typeof trust?.root_certificate_pem !== 'string' || typeof trust.ledger_public_key !== 'string') {
        throw new Error(`${base} does not publish /api/v2.0/ledger/trust`);
      }
      return trust;
    },
    /** The current head, and the proofs of the block and of the sealed tree size against it. */
    stateFor: async (blockNumber: number, sealedTreeSize: number): Promise<OnlineLedgerState> => {
      const head = await data<SignedTreeHead>('/ledger/head');
      if (!head) throw new Error(`${base} does not publish its ledger head`);
      const [inclusion, consistency] = await Promise.all([
        data<OnlineLedgerState['inclusion']>(`/ledger/proof/${blockNumber}?tree_size=${head.tree_size}`),
        data<OnlineLedgerState['consistency']>(`/ledger/consistency?from=${sealedTreeSize}&to=${head.tree_size}`),
      ]);
      return { head, inclusion, consistency };
    },
  };
};
