import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.js';
import { secretBox, type SecretBox } from './secret-box.js';

export const webhookSecretsKeyPath = (dataDir: string): string => join(dataDir, 'keys', 'webhook-secrets.key');

const readKey = async (path: string): Promise<Buffer | undefined> => {
  try {
    const key = Buffer.from((await readFile(path, 'utf8')).trim(), 'base64');
    if (key.byteLength !== 32) throw new Error(`${path} does not hold a base64 32-byte key.`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

/**
 * The key that encrypts webhook secrets in this data directory, generated on first use. As with the
 * ledger key (ledger-key.ts), it is written to a temporary file and hard-linked into place, so that
 * processes starting together on a shared directory all end up with the same key.
 */
export const loadWebhookSecretsKey = async (dataDir: string): Promise<Buffer> => {
  const path = webhookSecretsKeyPath(dataDir);
  const existing = await readKey(path);
  if (existing) return existing;
  await mkdir(join(dataDir, 'keys'), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${randomBytes(8).toString('hex')}.tmp`;
  await writeFile(temporary, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary);
  }
  const key = await readKey(path);
  if (!key) throw new Error(`${path} vanished while it was created.`);
  return key;
};

/** WEBHOOK_SECRETS_KEY when set (how several processes with their own DATA_DIR share one key), else the generated one. */
export const loadWebhookSecretBox = async (config: Pick<Config, 'dataDir' | 'webhookSecretsKey'>): Promise<SecretBox> =>
  secretBox(config.webhookSecretsKey ?? (await loadWebhookSecretsKey(config.dataDir)));
