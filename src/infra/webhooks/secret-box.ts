import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Encrypts webhook secrets at rest (AES-256-GCM), each bound to its row by the associated data. */
export interface SecretBox {
  seal(plaintext: string, boundTo: string): string;
  open(sealed: string, boundTo: string): string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * `v1.<base64 of iv ‖ tag ‖ ciphertext>`. The associated data (the webhook id) makes a ciphertext
 * copied onto another row fail to open, so a database writer cannot swap secrets between webhooks.
 */
export const secretBox = (key: Uint8Array): SecretBox => {
  if (key.byteLength !== 32) throw new Error('A webhook secrets key is 32 bytes.');
  return {
    seal: (plaintext, boundTo) => {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
    },
    open: (sealed, boundTo) => {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || !payload) throw new Error('Not a sealed webhook secret.');
      const bytes = Buffer.from(payload, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
};
