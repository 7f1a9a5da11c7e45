import { createPrivateKey } from 'node:crypto';
import type { Config } from '../config.js';
import { ledgerKeyFrom, loadLedgerKey, type LedgerKey } from './ledger/ledger-key.js';
import { loadSigningIdentity, type SigningIdentity } from './pdf/signing-identity.js';

/** The identity every process of one installation presents; loaded once, when the service starts. */
export interface ServiceKeys {
  /** Seals completed documents. */
  sealing: SigningIdentity;
  /** The root certificate (DER) a seal must chain to for it to count as ours. */
  trustAnchor: Uint8Array;
  /** Signs the ledger's tree heads and names the ledger (its fingerprint). */
  ledger: LedgerKey;
}

/**
 * From configuration (SIGNING_CERT_P12, LEDGER_KEY) when set, which is how several processes with their
 * own DATA_DIR present one identity; otherwise generated once in DATA_DIR/keys.
 */
export const loadServiceKeys = async (config: Pick<Config, 'dataDir' | 'signingCert' | 'ledgerKeyPem'>): Promise<ServiceKeys> => {
  const [sealing, ledger] = await Promise.all([
    loadSigningIdentity({
      dataDir: config.dataDir,
      ...(config.signingCert ? { p12Path: config.signingCert.p12Path, p12Password: config.signingCert.password } : {}),
    }),
    config.ledgerKeyPem ? ledgerKeyFrom(createPrivateKey(config.ledgerKeyPem)) : loadLedgerKey(config.dataDir),
  ]);
  const trustAnchor = sealing.certificateChain.at(-1);
  if (!trustAnchor) throw new Error('The signing identity has no certificate.');
  return { sealing, trustAnchor, ledger };
};
