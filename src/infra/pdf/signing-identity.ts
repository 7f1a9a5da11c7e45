import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CryptoKeySigner, P12Signer, parsePem, type Signer } from '@libpdf/core';
import * as x509 from '@peculiar/x509';

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

const SEALING_FILE = 'sealing-identity.pem';
const SEALING_SUBJECT = 'CN=Countersign Document Sealing, O=Countersign';
const ROOT_SUBJECT = 'CN=Countersign Local Root CA, O=Countersign';
const ROOT_VALIDITY_YEARS = 20;
const LEAF_VALIDITY_YEARS = 10;

const RSA_KEY: RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};

x509.cryptoProvider.set(globalThis.crypto);

const yearsFromNow = (years: number): Date => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date;
};

const serialNumber = (): string =>
  randomBytes(16)
    .toString('hex')
    .replace(/^[89a-f]/, '7');

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

/** A root CA whose key is discarded once it has issued the sealing certificate: it can issue nothing else. */
const generateIdentityPem = async (): Promise<string> => {
  const rootKeys = await crypto.subtle.generateKey(RSA_KEY, false, ['sign', 'verify']);
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serialNumber(),
    name: ROOT_SUBJECT,
    notBefore: new Date(),
    notAfter: yearsFromNow(ROOT_VALIDITY_YEARS),
    keys: rootKeys,
    signingAlgorithm: RSA_KEY,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const leafKeys = await crypto.subtle.generateKey(RSA_KEY, true, ['sign', 'verify']);
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    subject: SEALING_SUBJECT,
    issuer: root.subject,
    notBefore: new Date(),
    notAfter: yearsFromNow(LEAF_VALIDITY_YEARS),
    publicKey: leafKeys.publicKey,
    signingKey: rootKeys.privateKey,
    signingAlgorithm: RSA_KEY,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
      await x509.SubjectKeyIdentifierExtension.create(leafKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(root, false),
    ],
  });
  const privateKey = await crypto.subtle.exportKey('pkcs8', leafKeys.privateKey);
  return [x509.PemConverter.encode(privateKey, 'PRIVATE KEY'), leaf.toString('pem'), root.toString('pem')].join('\n');
};

/**
 * Writes the file only if it does not exist yet, atomically: two processes starting together on a
 * shared data directory both end up using whichever identity was linked first.
 */
const createExclusively = async (path: string, content: string): Promise<void> => {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temporary, { force: true });
  }
};

const parseIdentityPem = async (pem: string, path: string): Promise<SigningIdentity> => {
  const blocks = parsePem(pem);
  const key = blocks.find((block) => block.label === 'PRIVATE KEY');
  const certificateChain = blocks.filter((block) => block.label === 'CERTIFICATE').map((block) => block.der);
  const [certificate] = certificateChain;
  if (!key || !certificate) throw new Error(`${path} lacks the sealing key or certificate; delete it to generate a new one`);
  const privateKey = await crypto.subtle.importKey('pkcs8', new Uint8Array(key.der), RSA_KEY, false, ['sign']);
  const signer = new CryptoKeySigner(privateKey, certificate, 'RSA', 'RSASSA-PKCS1-v1_5', certificateChain.slice(1));
  return { signer, certificateChain };
};

const loadOrCreateGenerated = async (dataDir: string): Promise<SigningIdentity> => {
  const keysDir = join(dataDir, 'keys');
  await mkdir(keysDir, { recursive: true, mode: 0o700 });
  const path = join(keysDir, SEALING_FILE);
  const existing = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing !== undefined) return parseIdentityPem(existing, path);
  await createExclusively(path, await generateIdentityPem());
  await chmod(path, 0o600);
  return parseIdentityPem(await readFile(path, 'utf8'), path);
};

/**
 * The sealing identity: the operator's PKCS#12 file when SIGNING_CERT_P12 is set, otherwise a local
 * root → sealing certificate chain generated on the first start and kept in `<dataDir>/keys/`.
 */
export const loadSigningIdentity = (options: SigningIdentityOptions): Promise<SigningIdentity> =>
  options.p12Path ? loadP12(options.p12Path, options.p12Password ?? '') : loadOrCreateGenerated(options.dataDir);
