import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * An AES-256 (V 5, R 6, ISO 32000-2 §7.6.4) encrypted PDF as qpdf and Acrobat write them: the
 * catalog, page tree and page sit in an encrypted object stream found through an xref stream, so
 * nothing of the document can be read without the password.
 */

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** ISO 32000-2 Algorithm 2.B: the hash of a password with a salt (and the U string for the owner). */
const hash2B = (password: Buffer, salt: Buffer, userKey: Buffer): Buffer => {
  let k = createHash('sha256')
    .update(Buffer.concat([password, salt, userKey]))
    .digest();
  for (let round = 0; ; round += 1) {
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => Buffer.concat([password, k, userKey])));
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    const e = Buffer.concat([cipher.update(k1), cipher.final()]);
    const sum = e.subarray(0, 16).reduce((total, byte) => total + byte, 0) % 3;
    k = createHash(['sha256', 'sha384', 'sha512'][sum]!).update(e).digest();
    if (round >= 63 && e[e.length - 1]! <= round + 1 - 32) break;
  }
  return k.subarray(0, 32);
};

const aes256NoPadding = (key: Buffer, data: Buffer, mode: 'aes-256-cbc' | 'aes-256-ecb'): Buffer => {
  const cipher = createCipheriv(mode, key, mode === 'aes-256-cbc' ? Buffer.alloc(16) : null).setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
};

/** Stream data under /AESV3: a random IV, then AES-256-CBC with PKCS#5 padding. */
const encryptStream = (fileKey: Buffer, data: Buffer): Buffer => {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', fileKey, iv);
  return Buffer.concat([iv, cipher.update(data), cipher.final()]);
};

const encryptionDictionary = (fileKey: Buffer, userPassword: string, ownerPassword: string, permissions: number): string => {
  const user = latin1(userPassword);
  const owner = latin1(ownerPassword);
  const [userValidation, userKeySalt, ownerValidation, ownerKeySalt] = [8, 8, 8, 8].map((n) => randomBytes(n)) as [
    Buffer,
    Buffer,
    Buffer,
    Buffer,
  ];
  const u = Buffer.concat([hash2B(user, userValidation, Buffer.alloc(0)), userValidation, userKeySalt]);
  const ue = aes256NoPadding(hash2B(user, userKeySalt, Buffer.alloc(0)), fileKey, 'aes-256-cbc');
  const o = Buffer.concat([hash2B(owner, ownerValidation, u), ownerValidation, ownerKeySalt]);
  const oe = aes256NoPadding(hash2B(owner, ownerKeySalt, u), fileKey, 'aes-256-cbc');
  const perms = Buffer.alloc(16);
  perms.writeInt32LE(permissions, 0);
  perms.fill(0xff, 4, 8);
  perms.write('Tadb', 8, 'latin1');
  randomBytes(4).copy(perms, 12);
  const hex = (bytes: Buffer) => `<${bytes.toString('hex')}>`;
  return (
    `<< /Filter /Standard /V 5 /R 6 /Length 256 /CF << /StdCF << /AuthEvent /DocOpen /CFM /AESV3 /Length 32 >> >> ` +
    `/StmF /StdCF /StrF /StdCF /O ${hex(o)} /U ${hex(u)} /OE ${hex(oe)} /UE ${hex(ue)} ` +
    `/Perms ${hex(aes256NoPadding(fileKey, perms, 'aes-256-ecb'))} /P ${permissions} >>`
  );
};

export const makeAes256R6Pdf = (userPassword = 'secret', ownerPassword = 'owner-secret'): Uint8Array => {
  const fileKey = randomBytes(32);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let offset = 0;
  const pairs = objects.map((object, index) => {
    const pair = `${index + 1} ${offset}`;
    offset += object.length + 1;
    return pair;
  });
  const header = `${pairs.join(' ')} `;
  const objectStream = encryptStream(fileKey, deflateSync(latin1(header + objects.join('\n') + '\n')));
  const id = randomBytes(16).toString('hex');

  const head = latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const streamObject = Buffer.concat([
    latin1(`4 0 obj\n<< /Type /ObjStm /N 3 /First ${header.length} /Filter /FlateDecode /Length ${objectStream.length} >>\nstream\n`),
    objectStream,
    latin1('\nendstream\nendobj\n'),
  ]);
  const encryptObject = latin1(`5 0 obj\n${encryptionDictionary(fileKey, userPassword, ownerPassword, -3904)}\nendobj\n`);
  const xrefOffset = head.length + streamObject.length + encryptObject.length;
  const row = (type: number, field2: number, field3: number) => {
    const bytes = Buffer.alloc(7);
    bytes.writeUInt8(type, 0);
    bytes.writeUInt32BE(field2, 1);
    bytes.writeUInt16BE(field3, 5);
    return bytes;
  };
  const rows = Buffer.concat([
    row(0, 0, 65535),
    row(2, 4, 0),
    row(2, 4, 1),
    row(2, 4, 2),
    row(1, head.length, 0),
    row(1, head.length + streamObject.length, 0),
    row(1, xrefOffset, 0),
  ]);
  const xref = Buffer.concat([
    latin1(
      `6 0 obj\n<< /Type /XRef /Size 7 /W [1 4 2] /Root 1 0 R /Encrypt 5 0 R /ID [<${id}> <${id}>] /Length ${rows.length} >>\nstream\n`,
    ),
    rows,
    latin1('\nendstream\nendobj\n'),
  ]);
  return Buffer.concat([head, streamObject, encryptObject, xref, latin1(`startxref\n${xrefOffset}\n%%EOF\n`)]);
};
