import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config.js';
import { findLedgerPublicKey, ledgerKeyFrom } from '../infra/ledger/ledger-key.js';
import { ledgerClient } from '../infra/ledger/ledger-client.js';
import { findGeneratedIdentity } from '../infra/pdf/sealing-identity-file.js';
import { UsageError } from './command.js';

/** What `countersign verify` trusts, and where it came from. */
export interface VerifyTrust {
  /** DER root certificates a seal must chain to. */
  roots: Uint8Array[];
  /** Base64 of the ledger's raw Ed25519 public key, when known: tree heads must be signed by it. */
  ledgerKey: string | undefined;
  source: string;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\s]*)-----END \1-----/g;

const rawEd25519 = (spkiPem: string): string => {
  const key = createPublicKey(spkiPem);
  const { x } = key.export({ format: 'jwk' });
  if (key.asymmetricKeyType !== 'ed25519' || !x) throw new Error('not an Ed25519 public key');
  return Buffer.from(x, 'base64url').toString('base64');
};

/**
 * `--trust <file>`: PEM certificates (the root published at /ledger/trust; several are all trusted)
 * and, optionally, the ledger key as a PUBLIC KEY block.
 */
const readTrustFile = async (path: string): Promise<VerifyTrust> => {
  let pem: string;
  try {
    pem = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read --trust ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  const roots: Uint8Array[] = [];
  let ledgerKey: string | undefined;
  for (const [block, label] of pem.matchAll(PEM_BLOCK)) {
    try {
      if (label === 'CERTIFICATE') roots.push(new Uint8Array(new X509Certificate(block).raw));
      else if (label === 'PUBLIC KEY') ledgerKey = rawEd25519(block);
    } catch (error) {
      throw new UsageError(`--trust ${path}: a ${label} block is unreadable (${(error as Error).message})`);
    }
  }
  if (!roots.length) throw new UsageError(`--trust ${path} holds no PEM certificate`);
  return { roots, ledgerKey, source: path };
};

const rootOfPem = (pem: string): Uint8Array => new Uint8Array(new X509Certificate(pem).raw);

/**
 * This installation's own keys, only read: SIGNING_CERT_P12 or the identity and ledger key
 * generated in DATA_DIR, if the service ever ran there. Undefined when there are none.
 */
const installationTrust = async (): Promise<VerifyTrust | undefined> => {
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

/**
 * Where the trust comes from, in order: --trust, then the service named by --online, then this
 * installation's keys. Without any, verifying would only prove the file was sealed by someone.
 */
export const resolveVerifyTrust = async (options: { trust?: string; online?: string }): Promise<VerifyTrust> => {
  if (options.trust) {
    const fromFile = await readTrustFile(options.trust);
    if (!options.online || fromFile.ledgerKey) return fromFile;
    return { ...fromFile, ledgerKey: (await publishedTrust(options.online)).ledger_public_key };
  }
  if (options.online) {
    const published = await publishedTrust(options.online);
    return {
      roots: [rootOfPem(published.root_certificate_pem)],
      ledgerKey: published.ledger_public_key,
      source: `${options.online}/api/v2.0/ledger/trust`,
    };
  }
  const installation = await installationTrust();
  if (installation) return installation;
  throw new UsageError('no trust anchor: pass --trust <root.pem> (the root published at /api/v2.0/ledger/trust) or --online <base_url>');
};

const publishedTrust = async (baseUrl: string) => {
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl))
    throw new UsageError(`--online takes the service's base URL, such as https://sign.example.com (got ${baseUrl})`);
  try {
    return await ledgerClient(baseUrl).trust();
  } catch (error) {
    throw new UsageError(`cannot read the trust anchors of --online ${baseUrl}: ${(error as Error).message}`);
  }
};
