import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openssl, selfSignedCertificate } from '../../support/openssl.js';
import { promisify } from 'node:util';

/** A real RFC 3161 time-stamp authority: `openssl ts -reply` behind a local HTTP endpoint. */
export interface TestTsa {
  url: string;
  /** DER of the TSA's root certificate. */
  rootCertificate: Uint8Array;
  /** How many time-stamps it has issued. */
  readonly issued: number;
  /**
   * `openssl ts -verify` of a DER time-stamp token over `data`, trusting only this TSA's root:
   * resolves with openssl's report ("Verification: OK"), rejects with its complaint.
   */
  verifyToken(token: Uint8Array, data: Uint8Array): Promise<string>;
  close(): Promise<void>;
}

const tsConfig = (dir: string) => `
[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
dir = ${dir}
serial = ${dir}/serial
crypto_device = builtin
signer_cert = ${dir}/tsa.crt
certs = ${dir}/ca.crt
signer_key = ${dir}/tsa.key
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = yes
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`;

const createCertificates = async (dir: string): Promise<void> => {
  await selfSignedCertificate(dir, 'ca', '/CN=Test TSA Root', [
    'basicConstraints=critical,CA:TRUE',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  await openssl(dir, 'req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'tsa.key', '-out', 'tsa.csr', '-subj', '/CN=Test TSA');
  await writeFile(join(dir, 'tsa-ext.cnf'), 'extendedKeyUsage=critical,timeStamping\nkeyUsage=critical,digitalSignature\n');
  await openssl(
    dir,
    'x509',
    '-req',
    '-in',
    'tsa.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'tsa.crt',
    '-days',
    '30',
    '-extfile',
    'tsa-ext.cnf',
  );
  await writeFile(join(dir, 'serial'), '01\n');
  await writeFile(join(dir, 'ts.cnf'), tsConfig(dir));
};

const readBody = async (request: AsyncIterable<Buffer>): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks);
};

export const startTestTsa = async (): Promise<TestTsa> => {
  const dir = await mkdtemp(join(tmpdir(), 'countersign-tsa-'));
  await createCertificates(dir);
  let requests = 0;
  let issued = 0;
  const server: Server = createServer((request, response) => {
    requests += 1;
    const query = join(dir, `request-${requests}.tsq`);
    const reply = join(dir, `reply-${requests}.tsr`);
    readBody(request)
      .then((body) => writeFile(query, body))
      .then(() => openssl(dir, 'ts', '-reply', '-config', 'ts.cnf', '-queryfile', query, '-out', reply))
      .then(() => readFile(reply))
      .then((token) => {
        issued += 1;
        return token;
      })
      .then((token) => response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(token))
      .catch((error: Error) => response.writeHead(500).end(error.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const { stdout: rootDer } = await promisify(execFile)('openssl', ['x509', '-in', join(dir, 'ca.crt'), '-outform', 'DER'], {
    encoding: 'buffer',
  });
  return {
    url: `http://127.0.0.1:${port}/tsr`,
    rootCertificate: new Uint8Array(rootDer),
    get issued() {
      return issued;
    },
    verifyToken: async (token, data) => {
      requests += 1;
      const tokenFile = join(dir, `token-${requests}.der`);
      const dataFile = join(dir, `data-${requests}.bin`);
      await writeFile(tokenFile, token);
      await writeFile(dataFile, data);
      const args = ['ts', '-verify', '-token_in', '-in', tokenFile, '-data', dataFile, '-CAfile', 'ca.crt', '-untrusted', 'tsa.crt'];
      const { stdout } = await openssl(dir, ...args);
      return stdout;
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
};
