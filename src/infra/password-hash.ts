import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * People's passwords, stored with scrypt (memory-hard; in node:crypto, so no native module). The
 * parameters are OWASP's "N=2^15, r=8, p=3": 32 MiB and about 0.1 s per hash on a current core, run on
 * libuv's pool off the event loop. They are written into every hash, so raising them later leaves
 * older hashes verifiable:
 *
 *     scrypt$ln=15,r=8,p=3$<salt, base64>$<64-byte key, base64>
 */
const CURRENT = { ln: 15, r: 8, p: 3 };
const KEY_BYTES = 64;
const SALT_BYTES = 16;
/** What a stored hash may ask for: the largest accepted parameters (more memory than this is refused, not tried). */
const MAX_LN = 20;
const MAX_MEMORY = 256 * 1024 * 1024;

interface Parameters {
  ln: number;
  r: number;
  p: number;
}

const derive = (password: string, salt: Buffer, { ln, r, p }: Parameters): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { N: 2 ** ln, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

const format = ({ ln, r, p }: Parameters, salt: Buffer, key: Buffer): string =>
  `scrypt$ln=${ln},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`;

const HASH = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

const parse = (stored: string): { parameters: Parameters; salt: Buffer; key: Buffer } | undefined => {
  const match = HASH.exec(stored);
  if (!match) return undefined;
  const [ln, r, p] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  if (ln < 1 || ln > MAX_LN || r < 1 || p < 1) return undefined;
  return { parameters: { ln, r, p }, salt: Buffer.from(match[4]!, 'base64'), key: Buffer.from(match[5]!, 'base64') };
};

/** A new hash of the password, under a fresh random salt and the current parameters. */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(SALT_BYTES);
  return format(CURRENT, salt, await derive(password, salt, CURRENT));
};

/** Whether the password is the one hashed (compared in constant time); false for anything that is not such a hash. */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.parameters);
  return actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
};
