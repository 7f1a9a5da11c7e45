import { hkdfSync } from 'node:crypto';
import { secretBox, type SecretBox } from './webhooks/secret-box.js';

/** What a key derived from SECRETS_KEY encrypts; each purpose has its own key, so one's ciphertext never opens as another's. */
export type SecretsPurpose = 'service identity';

/** AES-256-GCM under the key that HKDF-SHA256 derives from SECRETS_KEY for `purpose`. */
export const derivedSecretBox = (secretsKey: Uint8Array, purpose: SecretsPurpose): SecretBox =>
  secretBox(new Uint8Array(hkdfSync('sha256', secretsKey, new Uint8Array(0), `countersign ${purpose}`, 32)));
