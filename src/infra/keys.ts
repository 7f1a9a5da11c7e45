import { createPrivateKey } from 'node:crypto';
import type { Logger } from 'pino';
import { ConfigError, type Config } from '../config.js';
import type { Clock } from '../domain/clock.js';
import type { Db } from './db/database.js';
import { sha256Hex } from './hash.js';
import { readKeyFileIfPresent, readOrCreateKeyFile } from './key-file.js';
import { generateLedgerKeyPem, ledgerKeyFrom, ledgerKeyPath, loadLedgerKey, type LedgerKey } from './ledger/ledger-key.js';
import { parseIdentityPem, readGeneratedIdentity, sealingIdentityPath } from './pdf/sealing-identity-file.js';
import { sharedServiceIdentity, type SharedKeyKind, type SharedServiceIdentity } from './shared-service-identity.js';

/** The identity every process of one installation presents; loaded once, when the service starts. */
export interface ServiceKeys {
  /** The root certificate (DER) a seal must chain to for it to count as ours. */
  trustAnchor: Uint8Array;
  /** Signs the ledger's tree heads and names the ledger (its fingerprint). */
  ledger: LedgerKey;
}

type KeysConfig = Pick<Config, 'dataDir' | 'database' | 'signingCert' | 'ledgerKeyPem' | 'secretsKey'>;

const LEDGER: SharedKeyKind = { name: 'ledger', variable: 'LEDGER_KEY', noun: 'ledger key' };
const SEALING: SharedKeyKind = { name: 'sealing', variable: 'SIGNING_CERT_P12', noun: 'sealing certificate' };

const ledgerPublicId = (pem: string): string => ledgerKeyFrom(createPrivateKey(pem)).publicKeyBase64;

/** A sealing chain is known by its root: what a seal must chain to for it to count as ours. */
const rootFingerprint = (certificateChain: Uint8Array[]): string => {
  const root = certificateChain.at(-1);
  if (!root) throw new Error('The signing identity has no certificate.');
  return sha256Hex(root);
};

const sealingPublicId = (pem: string): string => rootFingerprint(parseIdentityPem(pem, 'the sealing identity').certificateChain);

/** The operator's PKCS#12 file; the PDF library is loaded here only to read it. */
const p12CertificateChain = async (dataDir: string, signingCert: NonNullable<Config['signingCert']>): Promise<Uint8Array[]> => {
  const { loadSigningIdentity } = await import('./pdf/signing-identity.js');
  const { p12Path, password } = signingCert;
  return (await loadSigningIdentity({ dataDir, p12Path, p12Password: password })).certificateChain;
};

/**
 * Puts the shared key where this process's PDF workers and `countersign verify` read it (DATA_DIR/keys).
 * A different key already there is refused rather than replaced: it may be the only copy of the key
 * of seals this process made before its installation shared one.
 */
const materialise = async (kind: SharedKeyKind, path: string, pem: string, publicIdOf: (pem: string) => string): Promise<void> => {
  const present = await readOrCreateKeyFile(path, () => pem);
  if (publicIdOf(present) !== publicIdOf(pem)) {
    throw new ConfigError(
      'DATA_DIR',
      `holds a ${kind.noun} (${path}) other than the one stored in the database, which every process uses: move that file away`,
    );
  }
};

/**
 * The database's key when it has one; otherwise this process's: the one DATA_DIR already holds (an
 * installation that ran before its processes shared keys keeps its identity), else a new one.
 */
const sharedGeneratedKey = async (
  shared: SharedServiceIdentity,
  kind: SharedKeyKind,
  path: string,
  generate: () => Promise<string>,
  publicIdOf: (pem: string) => string,
): Promise<string> => {
  const pem = await shared.generated(kind, async () => {
    const candidate = (await readKeyFileIfPresent(path)) ?? (await generate());
    return { pem: candidate, publicId: publicIdOf(candidate) };
  });
  await materialise(kind, path, pem, publicIdOf);
  return pem;
};

const ledgerKey = async (config: KeysConfig, shared: SharedServiceIdentity | undefined): Promise<LedgerKey> => {
  if (config.ledgerKeyPem) {
    const key = ledgerKeyFrom(createPrivateKey(config.ledgerKeyPem));
    await shared?.checkConfigured(LEDGER, key.publicKeyBase64);
    return key;
  }
  if (!shared) return loadLedgerKey(config.dataDir);
  const generate = async () => generateLedgerKeyPem();
  return ledgerKeyFrom(createPrivateKey(await sharedGeneratedKey(shared, LEDGER, ledgerKeyPath(config.dataDir), generate, ledgerPublicId)));
};

/**
 * The sealing certificate chain, loaded (or generated) here so a bad SIGNING_CERT_P12 or key file stops
 * the start. This process only checks seals against its root: the PDF workers load the key from the
 * same place (the PKCS#12 file, or DATA_DIR/keys) and seal.
 */
const sealingCertificateChain = async (config: KeysConfig, shared: SharedServiceIdentity | undefined): Promise<Uint8Array[]> => {
  if (config.signingCert) {
    const chain = await p12CertificateChain(config.dataDir, config.signingCert);
    await shared?.checkConfigured(SEALING, rootFingerprint(chain));
    return chain;
  }
  if (!shared) return (await readGeneratedIdentity(config.dataDir)).certificateChain;
  const path = sealingIdentityPath(config.dataDir);
  const generate = async () => (await import('./pdf/generate-sealing-identity.js')).generateIdentityPem();
  return parseIdentityPem(await sharedGeneratedKey(shared, SEALING, path, generate, sealingPublicId), path).certificateChain;
};

/**
 * From configuration (SIGNING_CERT_P12, LEDGER_KEY) when set; otherwise generated once: on PostgreSQL
 * in the database, which every process of the installation shares (docs/operations/scaling.md), on SQLite in
 * DATA_DIR/keys. On PostgreSQL a configured key is checked against the one the database started with.
 */
export const loadServiceKeys = async (
  config: KeysConfig,
  { db, clock, logger }: { db: Db; clock: Clock; logger: Logger },
): Promise<ServiceKeys> => {
  const shared =
    config.database.kind === 'postgres' ? sharedServiceIdentity({ db, clock, logger, secretsKey: config.secretsKey }) : undefined;
  const [certificateChain, ledger] = await Promise.all([sealingCertificateChain(config, shared), ledgerKey(config, shared)]);
  const trustAnchor = certificateChain.at(-1);
  if (!trustAnchor) throw new Error('The signing identity has no certificate.');
  return { trustAnchor, ledger };
};
