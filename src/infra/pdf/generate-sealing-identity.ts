import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { SEALING_KEY } from './sealing-identity-file.js';

const SEALING_SUBJECT = 'CN=Countersign Document Sealing, O=Countersign';
const ROOT_SUBJECT = 'CN=Countersign Local Root CA, O=Countersign';
const ROOT_VALIDITY_YEARS = 20;
const LEAF_VALIDITY_YEARS = 10;

x509.cryptoProvider.set(globalThis.crypto);

const yearsFromNow = (years: number): Date => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date;
};

const serialNumber = (): string =>
  randomBytes(16)
    .toString('hex')
    .replace(/^[89a-f]/, '7');

/** A root CA whose key is discarded once it has issued the sealing certificate: it can issue nothing else. */
export const generateIdentityPem = async (): Promise<string> => {
  const rootKeys = await crypto.subtle.generateKey(SEALING_KEY, false, ['sign', 'verify']);
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serialNumber(),
    name: ROOT_SUBJECT,
    notBefore: new Date(),
    notAfter: yearsFromNow(ROOT_VALIDITY_YEARS),
    keys: rootKeys,
    signingAlgorithm: SEALING_KEY,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const leafKeys = await crypto.subtle.generateKey(SEALING_KEY, true, ['sign', 'verify']);
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    subject: SEALING_SUBJECT,
    issuer: root.subject,
    notBefore: new Date(),
    notAfter: yearsFromNow(LEAF_VALIDITY_YEARS),
    publicKey: leafKeys.publicKey,
    signingKey: rootKeys.privateKey,
    signingAlgorithm: SEALING_KEY,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
      await x509.SubjectKeyIdentifierExtension.create(leafKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(root, false),
    ],
  });
  const privateKey = await crypto.subtle.exportKey('pkcs8', leafKeys.privateKey);
  return [x509.PemConverter.encode(privateKey, 'PRIVATE KEY'), leaf.toString('pem'), root.toString('pem')].join('\n');
};
