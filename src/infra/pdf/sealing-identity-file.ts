import { createPrivateKey, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The generated sealing identity: its key, its certificate and the root's, in one PEM file under `<dataDir>/keys`. */
export interface SealingIdentityPem {
  /** PKCS#8 DER of the sealing key. */
  privateKey: Uint8Array;
  /** DER certificates, the sealing certificate first and the root last. */
  certificateChain: Uint8Array[];
}

export const SEALING_KEY: RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};

const SEALING_FILE = 'sealing-identity.pem';
const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\s]*)-----END \1-----/g;

export const sealingIdentityPath = (dataDir: string): string => join(dataDir, 'keys', SEALING_FILE);

const pemBlocks = (pem: string) =>
  [...pem.matchAll(PEM_BLOCK)].map(([, label, body]) => ({ label, der: new Uint8Array(Buffer.from(body ?? '', 'base64')) }));

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

/** The identity in a PEM text (`source` names where it came from, for the error when it lacks a part). */
export const parseIdentityPem = (pem: string, source: string): SealingIdentityPem => {
  const blocks = pemBlocks(pem);
  const key = blocks.find((block) => block.label === 'PRIVATE KEY');
  const certificateChain = blocks.filter((block) => block.label === 'CERTIFICATE').map((block) => block.der);
  const lacking = () => new Error(`${source} lacks the sealing key or certificate; delete it to generate a new one`);
  if (!key || !certificateChain[0]) throw lacking();
  try {
    createPrivateKey({ key: Buffer.from(key.der), format: 'der', type: 'pkcs8' });
  } catch {
    throw lacking();
  }
  return { privateKey: key.der, certificateChain };
};

/** The generated identity of `dataDir` if there is one, read without creating or changing anything (`countersign verify`). */
export const findGeneratedIdentity = async (dataDir: string): Promise<SealingIdentityPem | undefined> => {
  const path = sealingIdentityPath(dataDir);
  const existing = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw error;
  });
  return existing === undefined ? undefined : parseIdentityPem(existing, path);
};

/**
 * The local root → sealing certificate chain of `dataDir` (SIGNING_CERT_P12 unset), generated on the
 * first start. Only generating needs the certificate library, so a process that finds the file never loads it.
 */
export const readGeneratedIdentity = async (dataDir: string): Promise<SealingIdentityPem> => {
  const keysDir = join(dataDir, 'keys');
  await mkdir(keysDir, { recursive: true, mode: 0o700 });
  const path = sealingIdentityPath(dataDir);
  const existing = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing !== undefined) return parseIdentityPem(existing, path);
  const { generateIdentityPem } = await import('./generate-sealing-identity.js');
  await createExclusively(path, await generateIdentityPem());
  await chmod(path, 0o600);
  return parseIdentityPem(await readFile(path, 'utf8'), path);
};
