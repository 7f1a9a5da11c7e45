import { readFile } from 'node:fs/promises';
import { CryptoKeySigner, P12Signer, type Signer } from '@libpdf/core';
import { readGeneratedIdentity, SEALING_KEY } from './sealing-identity-file.js';

/** The service's sealing key and certificate chain. */
export interface SigningIdentity {
  signer: Signer;
  /** DER certificates, the sealing certificate first and the root last. */
  certificateChain: Uint8Array[];
}

export interface SigningIdentityOptions {
  dataDir: string;
  p12Path?: string;
  p12Password?: string;
}

const loadP12 = async (path: string, password: string): Promise<SigningIdentity> => {
  let signer: P12Signer;
  try {
    signer = await P12Signer.create(new Uint8Array(await readFile(path)), password);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `SIGNING_CERT_P12: cannot load the sealing certificate from ${path} (${reason}); check the file and SIGNING_CERT_PASSWORD`,
    );
  }
  return { signer, certificateChain: [signer.certificate, ...signer.certificateChain] };
};

const loadGenerated = async (dataDir: string): Promise<SigningIdentity> => {
  const { privateKey, certificateChain } = await readGeneratedIdentity(dataDir);
  const key = await crypto.subtle.importKey('pkcs8', new Uint8Array(privateKey), SEALING_KEY, false, ['sign']);
  const signer = new CryptoKeySigner(key, certificateChain[0]!, 'RSA', 'RSASSA-PKCS1-v1_5', certificateChain.slice(1));
  return { signer, certificateChain };
};

/**
 * The sealing identity: the operator's PKCS#12 file when SIGNING_CERT_P12 is set, otherwise a local
 * root → sealing certificate chain generated on the first start and kept in `<dataDir>/keys/`.
 */
export const loadSigningIdentity = (options: SigningIdentityOptions): Promise<SigningIdentity> =>
  options.p12Path ? loadP12(options.p12Path, options.p12Password ?? '') : loadGenerated(options.dataDir);
