import { hkdfSync, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { readOrCreateKeyFile } from './key-file.js';
import { secretBox, type SecretBox } from './webhooks/secret-box.js';

/** What a key derived from SECRETS_KEY encrypts; each purpose has its own key, so one's ciphertext never opens as another's. */
export type SecretsPurpose = 'service identity' | 'sso client secret';

/** AES-256-GCM under the key that HKDF-SHA256 derives from SECRETS_KEY for `purpose`. */
export const derivedSecretBox = (secretsKey: Uint8Array, purpose: SecretsPurpose): SecretBox =>
  secretBox(new Uint8Array(hkdfSync('sha256', secretsKey, new Uint8Array(0), `countersign ${purpose}`, 32)));

export const generatedSecretsKeyPath = (dataDir: string): string => join(dataDir, 'keys', 'secrets.key');

/**
 * A box for `purpose` under SECRETS_KEY, or when it is unset under a key generated once in
 * DATA_DIR/keys: processes that share a DATA_DIR share it; others must share SECRETS_KEY.
 */
export const loadSecretBox = async (config: Pick<Config, 'dataDir' | 'secretsKey'>, purpose: SecretsPurpose): Promise<SecretBox> => {
  if (config.secretsKey) return derivedSecretBox(config.secretsKey, purpose);
  const path = generatedSecretsKeyPath(config.dataDir);
  const key = Buffer.from((await readOrCreateKeyFile(path, () => `${randomBytes(32).toString('base64')}\n`)).trim(), 'base64');
  if (key.byteLength !== 32) throw new Error(`${path} does not hold a base64 32-byte key.`);
  return derivedSecretBox(key, purpose);
};
