import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from '../../config.js';
import { readOrCreateKeyFile } from '../key-file.js';
import { secretBox, type SecretBox } from './secret-box.js';

export const webhookSecretsKeyPath = (dataDir: string): string => join(dataDir, 'keys', 'webhook-secrets.key');

/** The key that encrypts webhook secrets in this data directory, generated on first use (see readOrCreateKeyFile). */
export const loadWebhookSecretsKey = async (dataDir: string): Promise<Buffer> => {
  const path = webhookSecretsKeyPath(dataDir);
  const key = Buffer.from((await readOrCreateKeyFile(path, () => `${randomBytes(32).toString('base64')}\n`)).trim(), 'base64');
  if (key.byteLength !== 32) throw new Error(`${path} does not hold a base64 32-byte key.`);
  return key;
};

/** WEBHOOK_SECRETS_KEY when set (how several processes with their own DATA_DIR share one key), else the generated one. */
export const loadWebhookSecretBox = async (config: Pick<Config, 'dataDir' | 'webhookSecretsKey'>): Promise<SecretBox> =>
  secretBox(config.webhookSecretsKey ?? (await loadWebhookSecretsKey(config.dataDir)));
