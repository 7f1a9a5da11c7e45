import type { Config } from '../../config.js';
import { loadSigningIdentity } from '../../infra/pdf/signing-identity.js';

const anchors = new Map<string, Promise<Uint8Array>>();

const loadRoot = async (config: Pick<Config, 'dataDir' | 'signingCert'>): Promise<Uint8Array> => {
  const identity = await loadSigningIdentity({ dataDir: config.dataDir, p12Path: config.signingCert?.p12Path, p12Password: config.signingCert?.password });
  const root = identity.certificateChain.at(-1);
  if (!root) throw new Error('The signing identity has no certificate.');
  return root;
};

/**
 * The root certificate of this service's sealing identity (DER): a seal counts as ours only when it
 * chains to it. Loaded once per identity, since reading a PKCS#12 file or generating the local chain is slow.
 */
export const serviceTrustAnchor = (config: Pick<Config, 'dataDir' | 'signingCert'>): Promise<Uint8Array> => {
  const key = `${config.signingCert?.p12Path ?? ''}|${config.dataDir}`;
  let anchor = anchors.get(key);
  if (!anchor) {
    anchor = loadRoot(config);
    anchor.catch(() => anchors.delete(key));
    anchors.set(key, anchor);
  }
  return anchor;
};
