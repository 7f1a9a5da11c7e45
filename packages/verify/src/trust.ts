import { X509Certificate, createPublicKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { rawEd25519PublicKeyBase64 } from './ledger/ed25519-key.js';
import { ledgerClient, type PublishedTrust } from './ledger/ledger-client.js';
import { VerifyUsageError } from './usage-error.js';

/** What a verification trusts, and where it came from. */
export interface VerifyTrust {
  /** DER root certificates a seal must chain to. */
  roots: Uint8Array[];
  /** Base64 of the ledger's raw Ed25519 public key, when known: tree heads must be signed by it. */
  ledgerKey: string | undefined;
  source: string;
}

/** Far more than a root certificate and a key take: a larger --trust file is not one. */
const MAX_TRUST_FILE_BYTES = 1024 * 1024;

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\s]*)-----END \1-----/g;

const reason = (error: unknown): string => ((error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message);

/**
 * `--trust <file>`: PEM certificates (the root published at /api/v2.0/ledger/trust; several are all
 * trusted) and, optionally, the ledger key as a PUBLIC KEY block.
 */
export const readTrustFile = async (path: string): Promise<VerifyTrust> => {
  let pem: string;
  try {
    const bytes = await readFile(path);
    if (bytes.length > MAX_TRUST_FILE_BYTES) throw new Error(`larger than ${MAX_TRUST_FILE_BYTES / 1024} KiB`);
    pem = bytes.toString('utf8');
  } catch (error) {
    throw new VerifyUsageError(`cannot read --trust ${path}: ${reason(error)}`);
  }
  const roots: Uint8Array[] = [];
  let ledgerKey: string | undefined;
  for (const [block, label] of pem.matchAll(PEM_BLOCK)) {
    try {
      if (label === 'CERTIFICATE') roots.push(new Uint8Array(new X509Certificate(block).raw));
      else if (label === 'PUBLIC KEY') ledgerKey = rawEd25519PublicKeyBase64(createPublicKey(block));
    } catch (error) {
      throw new VerifyUsageError(`--trust ${path}: a ${label} block is unreadable (${(error as Error).message})`);
    }
  }
  if (!roots.length) throw new VerifyUsageError(`--trust ${path} holds no PEM certificate`);
  return { roots, ledgerKey, source: path };
};

const publishedTrust = async (baseUrl: string): Promise<PublishedTrust> => {
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl))
    throw new VerifyUsageError(`--online takes the service's base URL, such as https://sign.example.com (got ${baseUrl})`);
  try {
    return await ledgerClient(baseUrl).trust();
  } catch (error) {
    throw new VerifyUsageError(`cannot read the trust anchors of --online ${baseUrl}: ${(error as Error).message}`);
  }
};

const rootOfPem = (pem: string, baseUrl: string): Uint8Array => {
  try {
    return new Uint8Array(new X509Certificate(pem).raw);
  } catch {
    throw new VerifyUsageError(`--online ${baseUrl} publishes an unreadable root certificate`);
  }
};

export interface TrustOptions {
  trust?: string | undefined;
  online?: string | undefined;
  /** Trust to use when neither is given (`countersign verify`: the installation's own keys). */
  fallback?: () => Promise<VerifyTrust | undefined>;
}

/**
 * Where the trust comes from, in order: --trust, then the service named by --online, then the
 * fallback. Without any, verifying would only prove the file was sealed by someone.
 */
export const resolveTrust = async ({ trust, online, fallback }: TrustOptions): Promise<VerifyTrust> => {
  if (trust) {
    const fromFile = await readTrustFile(trust);
    if (!online || fromFile.ledgerKey) return fromFile;
    return { ...fromFile, ledgerKey: (await publishedTrust(online)).ledger_public_key };
  }
  if (online) {
    const published = await publishedTrust(online);
    return {
      roots: [rootOfPem(published.root_certificate_pem, online)],
      ledgerKey: published.ledger_public_key,
      source: `${online}/api/v2.0/ledger/trust`,
    };
  }
  const fromFallback = await fallback?.();
  if (fromFallback) return fromFallback;
  throw new VerifyUsageError(
    'no trust anchor: pass --trust <root.pem> (the root published at /api/v2.0/ledger/trust) or --online <base_url>',
  );
};
