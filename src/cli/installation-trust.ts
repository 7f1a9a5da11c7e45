import { createPrivateKey } from 'node:crypto';
import type { VerifyTrust } from '@countersign/verify';
import { loadConfig } from '../config.js';
import { findLedgerPublicKey, ledgerKeyFrom } from '../infra/ledger/ledger-key.js';
import { findGeneratedIdentity } from '../infra/pdf/sealing-identity-file.js';

/**
 * `countersign verify` without --trust or --online: this installation's own keys, only read —
 * SIGNING_CERT_P12 or the identity and ledger key generated in DATA_DIR, if the service ever ran
 * there. Undefined when there are none.
 */
export const installationTrust = async (): Promise<VerifyTrust | undefined> => {
  const config = loadConfig();
  let chain: Uint8Array[] | undefined;
  if (config.signingCert) {
    const { loadSigningIdentity } = await import('../infra/pdf/signing-identity.js');
    chain = (
      await loadSigningIdentity({ dataDir: config.dataDir, p12Path: config.signingCert.p12Path, p12Password: config.signingCert.password })
    ).certificateChain;
  } else {
    chain = (await findGeneratedIdentity(config.dataDir))?.certificateChain;
  }
  const root = chain?.at(-1);
  if (!root) return undefined;
  const ledgerKey = config.ledgerKeyPem
    ? ledgerKeyFrom(createPrivateKey(config.ledgerKeyPem)).publicKeyBase64
    : await findLedgerPublicKey(config.dataDir);
  return { roots: [root], ledgerKey, source: config.signingCert ? 'SIGNING_CERT_P12' : `${config.dataDir}/keys` };
};
