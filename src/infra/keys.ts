import { createPrivateKey } from 'node:crypto';
import type { Config } from '../config.js';
import { ledgerKeyFrom, loadLedgerKey, type LedgerKey } from './ledger/ledger-key.js';
import { readGeneratedIdentity } from './pdf/sealing-identity-file.js';

/** The identity every process of one installation presents; loaded once, when the service starts. */
export interface ServiceKeys {
  /** The root certificate (DER) a seal must chain to for it to count as ours. */
  trustAnchor: Uint8Array;
  /** Signs the ledger's tree heads and names the ledger (its fingerprint). */
  ledger: LedgerKey;
}

/**
 * The sealing certificate chain, loaded (or generated) here so a bad SIGNING_CERT_P12 or key file stops
 * the start. This process only checks seals against its root: the PDF workers load the key and seal,
 * so the PDF library is loaded here only to read an operator's PKCS#12 file.
 */
const sealingCertificateChain = async (config: Pick<Config, 'dataDir' | 'signingCert'>): Promise<Uint8Array[]> => {
  if (!config.signingCert) return (await readGeneratedIdentity(config.dataDir)).certificateChain;
  const { loadSigningIdentity } = await import('./pdf/signing-identity.js');
  const { p12Path, password } = config.signingCert;
  return (await loadSigningIdentity({ dataDir: config.dataDir, p12Path, p12Password: password })).certificateChain;
};

/**
 * From configuration (SIGNING_CERT_P12, LEDGER_KEY) when set, which is how several processes with their
 * own DATA_DIR present one identity; otherwise generated once in DATA_DIR/keys.
 */
export const loadServiceKeys = async (config: Pick<Config, 'dataDir' | 'signingCert' | 'ledgerKeyPem'>): Promise<ServiceKeys> => {
  const [certificateChain, ledger] = await Promise.all([
    sealingCertificateChain(config),
    config.ledgerKeyPem ? ledgerKeyFrom(createPrivateKey(config.ledgerKeyPem)) : loadLedgerKey(config.dataDir),
  ]);
  const trustAnchor = certificateChain.at(-1);
  if (!trustAnchor) throw new Error('The signing identity has no certificate.');
  return { trustAnchor, ledger };
};
