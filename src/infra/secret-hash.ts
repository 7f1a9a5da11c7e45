import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Short secrets (access codes of 4 characters, 6-digit SMS codes) have too little entropy for a bare
 * SHA-256: a leaked table would be reversed at once. scrypt with a per-secret salt makes each guess
 * cost memory and time; N = 2^14 takes tens of milliseconds, off the event loop (libuv's pool).
 */
const PARAMS: ScryptOptions = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_BYTES = 32;
const PREFIX = 'scrypt1';

const derive = (secret: string, salt: Buffer): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(secret.normalize('NFC'), salt, KEY_BYTES, PARAMS, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** `scrypt1$<salt base64>$<key base64>` */
export const hashSecret = async (secret: string): Promise<string> => {
  const salt = randomBytes(16);
  return `${PREFIX}$${salt.toString('base64')}$${(await derive(secret, salt)).toString('base64')}`;
};

/** Whether the secret is the one hashed; false for anything that is not such a hash. */
export const verifySecret = async (secret: string, stored: string): Promise<boolean> => {
  const [prefix, salt, key] = stored.split('$');
  if (prefix !== PREFIX || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(secret, Buffer.from(salt, 'base64'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};
