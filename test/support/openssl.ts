import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Runs the machine's openssl in `cwd`: test certificates are made the way an operator makes them. */
export const openssl = (cwd: string, ...args: string[]) => promisify(execFile)('openssl', args, { cwd });

/** A self-signed RSA certificate valid 30 days: `<name>.key` and `<name>.crt` in `dir`. */
export const selfSignedCertificate = (dir: string, name: string, subject: string, extensions: string[] = []) =>
  openssl(
    dir,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.crt`,
    '-subj',
    subject,
    '-days',
    '30',
    ...extensions.flatMap((extension) => ['-addext', extension]),
  );

/** An operator's sealing certificate as SIGNING_CERT_P12 takes it: a self-signed certificate and its key in `<name>.p12`. */
export const operatorP12 = async (dir: string, name: string, password: string): Promise<string> => {
  await selfSignedCertificate(dir, name, `/CN=${name} Sealing Certificate`);
  await openssl(
    dir,
    'pkcs12',
    '-export',
    '-inkey',
    `${name}.key`,
    '-in',
    `${name}.crt`,
    '-passout',
    `pass:${password}`,
    '-out',
    `${name}.p12`,
  );
  return join(dir, `${name}.p12`);
};
