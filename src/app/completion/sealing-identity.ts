import { loadSigningIdentity, type SigningIdentity } from '../../infra/pdf/signing-identity.js';
import type { AppContext } from '../context.js';

const identities = new Map<string, Promise<SigningIdentity>>();

/** The sealing identity of this configuration, loaded (or generated) once per process. */
export const sealingIdentity = (ctx: AppContext): Promise<SigningIdentity> => {
  const { dataDir, signingCert } = ctx.config;
  const key = `${dataDir}\0${signingCert?.p12Path ?? ''}`;
  let identity = identities.get(key);
  if (!identity) {
    identity = loadSigningIdentity({ dataDir, ...(signingCert ? { p12Path: signingCert.p12Path, p12Password: signingCert.password } : {}) });
    // A failed load (unreadable key file) must not stick: the next completion tries again.
    identity.catch(() => identities.delete(key));
    identities.set(key, identity);
  }
  return identity;
};
