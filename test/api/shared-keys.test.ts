import assert from 'node:assert/strict';
import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { verifySealedPdf, verifyTreeHead } from '@countersign/verify';
import { sha256Hex } from '../../src/infra/hash.js';
import { ledgerKeyFrom, ledgerKeyPath } from '../../src/infra/ledger/ledger-key.js';
import { findGeneratedIdentity } from '../../src/infra/pdf/sealing-identity-file.js';
import { createPostgresDatabase, testDatabases } from '../support/databases.js';
import { createEnvelope } from '../support/envelopes.js';
import { operatorP12 } from '../support/openssl.js';
import { refusedStart } from '../support/refused-start.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedEnvelope } from './completion/completion-helpers.js';
import { waitForCompletion } from './signing/signing-helpers.js';

type PostgresDatabase = Awaited<ReturnType<typeof createPostgresDatabase>>;

const onPostgres = { skip: !testDatabases.includes('postgres') && 'PostgreSQL is not among TEST_DATABASES' };
const onSqlite = { skip: !testDatabases.includes('sqlite') && 'SQLite is not among TEST_DATABASES' };

/** The base64 body of a PEM text: what must never be printed or stored in clear. */
const pemBody = (pem: string): string => pem.replace(/-----[A-Z0-9 ]+-----|\s/g, '');
const derOf = (pem: string): Uint8Array => new Uint8Array(Buffer.from(pemBody(pem), 'base64'));
const ledgerKeyPem = (): string => String(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));
const freshSecretsKey = (): string => randomBytes(32).toString('base64');

/**
 * A server process of the installation on `database`, with its own DATA_DIR. startTestServer makes a
 * database of its own as well; DATABASE_URL points the server at the shared one instead.
 */
const processOn = (database: PostgresDatabase, env: Record<string, string> = {}): Promise<TestServer> =>
  startTestServer('postgres', { DATABASE_URL: database.url, PDF_WORKERS: '1', ...env });

const trustOf = async (server: TestServer): Promise<{ root_certificate_pem: string; ledger_public_key: string }> => {
  const response = await server.call('GET', '/api/v2.0/ledger/trust', { noAppAuthType: true });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.data;
};

const storedIdentities = (server: TestServer) => server.service.ctx.db.selectFrom('service_identity').selectAll().orderBy('name').execute();

/** Starts `npm start` on the database with a fresh DATA_DIR, expecting exit 1 and one line naming `variable`. */
const assertRefused = async (
  database: PostgresDatabase,
  env: Record<string, string>,
  variable: string,
): Promise<{ line: string; output: string; dataDir: string }> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'countersign-refused-'));
  const { code, stdout, stderr } = await refusedStart({ DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env });
  assert.equal(code, 1, stderr);
  const lines = stderr.trim().split('\n');
  assert.equal(lines.length, 1, stderr);
  assert.match(lines[0]!, new RegExp(`^Configuration error: ${variable} `));
  return { line: lines[0]!, output: stdout + stderr, dataDir };
};

const downloadCertificate = async (server: TestServer, token: string, envelopeId: string): Promise<Uint8Array> => {
  const response = await fetch(`${server.url}/api/v2.0/envelopes/${envelopeId}/certificate/download`, {
    headers: { app_auth_type: 'esign-oauth2', authorization: `Bearer ${token}`, accept: 'application/pdf' },
  });
  assert.equal(response.status, 200);
  return new Uint8Array(await response.arrayBuffer());
};

const checkAt = async (server: TestServer, envelopeId: string, bytes: Uint8Array) => {
  const response = await server.call('POST', `/verify/${envelopeId}/check`, {
    noAppAuthType: true,
    rawBody: new Blob([Buffer.from(bytes)]),
    headers: { 'content-type': 'application/pdf' },
  });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.data as { match: boolean; seal: { valid: boolean } };
};

describe(
  'one identity for many processes: two processes with their own DATA_DIR on one PostgreSQL database, no LEDGER_KEY or SIGNING_CERT_P12, SECRETS_KEY set',
  onPostgres,
  () => {
    let database: PostgresDatabase;
    let workDir: string;
    let servers: TestServer[] = [];
    const secretsKey = freshSecretsKey();

    before(async () => {
      [database, workDir] = await Promise.all([createPostgresDatabase(), mkdtemp(join(tmpdir(), 'countersign-shared-keys-'))]);
      // Both start at once on the empty database: their first starts race to store the keys.
      servers = await Promise.all([processOn(database, { SECRETS_KEY: secretsKey }), processOn(database, { SECRETS_KEY: secretsKey })]);
    });

    after(async () => {
      await Promise.all(servers.map((server) => server.close()));
      await database.drop();
      await rm(workDir, { recursive: true, force: true });
    });

    it('generates one ledger key and one sealing chain, stores each once in the database, and publishes them from both processes', async () => {
      const [a, b] = await Promise.all(servers.map(trustOf));
      assert.equal(a!.ledger_public_key, b!.ledger_public_key);
      assert.equal(a!.root_certificate_pem, b!.root_certificate_pem);
      const rows = await storedIdentities(servers[0]!);
      assert.deepEqual(
        rows.map((row) => [row.name, row.public_id]),
        [
          ['ledger', a!.ledger_public_key],
          ['sealing', sha256Hex(derOf(a!.root_certificate_pem))],
        ],
      );
      for (const server of servers) {
        // Each process's PDF workers and `countersign verify` read the keys from its own DATA_DIR.
        const ledgerFile = await readFile(ledgerKeyPath(server.dataDir), 'utf8');
        assert.equal(ledgerKeyFrom(createPrivateKey(ledgerFile)).publicKeyBase64, a!.ledger_public_key);
        assert.deepEqual((await findGeneratedIdentity(server.dataDir))?.certificateChain.at(-1), derOf(a!.root_certificate_pem));
      }
    });

    it('signs tree heads that verify with the public key the other process publishes', async () => {
      const [first, second] = servers as [TestServer, TestServer];
      await createEnvelope(first, (await first.newAccount()).accessToken);
      const [trustFirst, trustSecond] = await Promise.all([trustOf(first), trustOf(second)]);
      const [headFirst, headSecond] = await Promise.all(
        [first, second].map(async (server) => (await server.call('GET', '/api/v2.0/ledger/head', { noAppAuthType: true })).body.data),
      );
      assert.equal(verifyTreeHead(headFirst, trustSecond.ledger_public_key), true);
      assert.equal(verifyTreeHead(headSecond, trustFirst.ledger_public_key), true);
    });

    it('seals documents that verify at either process and chain to the root both publish', async () => {
      const [first, second] = servers as [TestServer, TestServer];
      const token = (await first.newAccount()).accessToken;
      const envelopeId = await signedEnvelope(first, token);
      // Either process's worker may take the seal, in a cold PDF worker on a busy machine.
      assert.equal((await waitForCompletion(first, envelopeId, 60_000)).status, 'Completed');
      const sealed = await downloadCertificate(first, token, envelopeId);
      for (const server of [first, second]) {
        const verdict = await checkAt(server, envelopeId, sealed);
        assert.equal(verdict.match, true);
        assert.equal(verdict.seal.valid, true, JSON.stringify(verdict.seal));
        const root = derOf((await trustOf(server)).root_certificate_pem);
        assert.equal((await verifySealedPdf(sealed, { trustedCertificates: [root] })).valid, true);
      }
    });

    it('keeps the generated private keys in the database only encrypted under SECRETS_KEY', async () => {
      const [server] = servers as [TestServer];
      const rows = await storedIdentities(server);
      const ledgerPem = await readFile(ledgerKeyPath(server.dataDir), 'utf8');
      const sealingKey = (await findGeneratedIdentity(server.dataDir))!.privateKey;
      for (const row of rows) {
        assert.equal(row.secret_encrypted, 1);
        assert.ok(row.secret);
        assert.doesNotMatch(row.secret, /PRIVATE KEY/);
        assert.equal(row.secret.includes(pemBody(ledgerPem)), false);
        assert.equal(row.secret.includes(Buffer.from(sealingKey).toString('base64').slice(0, 64)), false);
      }
    });

    it('refuses a process with another SECRETS_KEY: exit 1, one line naming SECRETS_KEY, and no key generated in its DATA_DIR', async () => {
      const { line, dataDir } = await assertRefused(database, { SECRETS_KEY: freshSecretsKey() }, 'SECRETS_KEY');
      assert.match(line, /cannot decrypt the (ledger key|sealing certificate) stored in the database/);
      assert.equal(existsSync(ledgerKeyPath(dataDir)), false);
      await rm(dataDir, { recursive: true, force: true });
    });

    it('refuses a process without SECRETS_KEY: exit 1, one line naming SECRETS_KEY', async () => {
      const { line, dataDir } = await assertRefused(database, {}, 'SECRETS_KEY');
      assert.match(line, /is unset, but the (ledger key|sealing certificate) stored in the database is encrypted/);
      await rm(dataDir, { recursive: true, force: true });
    });

    it('refuses a process with a LEDGER_KEY: exit 1, one line naming LEDGER_KEY, printing no key', async () => {
      const configured = ledgerKeyPem();
      const { line, output, dataDir } = await assertRefused(database, { SECRETS_KEY: secretsKey, LEDGER_KEY: configured }, 'LEDGER_KEY');
      assert.equal(
        line,
        'Configuration error: LEDGER_KEY differs from the ledger key this database started with, which its first process generated and stored: unset LEDGER_KEY',
      );
      assert.equal(output.includes(pemBody(configured)), false);
      assert.equal(output.includes(pemBody(await readFile(ledgerKeyPath(servers[0]!.dataDir), 'utf8'))), false);
      await rm(dataDir, { recursive: true, force: true });
    });

    it('refuses a process with a SIGNING_CERT_P12: exit 1, one line naming SIGNING_CERT_P12', async () => {
      const p12 = await operatorP12(workDir, 'Other', 'other password');
      const { line, dataDir } = await assertRefused(
        database,
        { SECRETS_KEY: secretsKey, SIGNING_CERT_P12: p12, SIGNING_CERT_PASSWORD: 'other password' },
        'SIGNING_CERT_P12',
      );
      assert.equal(
        line,
        'Configuration error: SIGNING_CERT_P12 differs from the sealing certificate this database started with, which its first process generated and stored: unset SIGNING_CERT_P12',
      );
      await rm(dataDir, { recursive: true, force: true });
    });
  },
);

describe(
  'one identity for many processes: a PostgreSQL database whose first process had LEDGER_KEY and SIGNING_CERT_P12',
  onPostgres,
  () => {
    let database: PostgresDatabase;
    let workDir: string;
    let first: TestServer;
    let configured: Record<string, string>;

    before(async () => {
      [database, workDir] = await Promise.all([createPostgresDatabase(), mkdtemp(join(tmpdir(), 'countersign-configured-keys-'))]);
      const p12 = await operatorP12(workDir, 'Operator', 'operator password');
      configured = { LEDGER_KEY: ledgerKeyPem(), SIGNING_CERT_P12: p12, SIGNING_CERT_PASSWORD: 'operator password' };
      first = await processOn(database, configured);
    });

    after(async () => {
      await first.close();
      await database.drop();
      await rm(workDir, { recursive: true, force: true });
    });

    it('records only the public identities: the ledger public key and the SHA-256 of the root certificate, no private key', async () => {
      const trust = await trustOf(first);
      const rows = await storedIdentities(first);
      assert.deepEqual(
        rows.map((row) => [row.name, row.public_id, row.secret]),
        [
          ['ledger', trust.ledger_public_key, null],
          ['sealing', sha256Hex(derOf(trust.root_certificate_pem)), null],
        ],
      );
    });

    it('starts another process with the same LEDGER_KEY and SIGNING_CERT_P12, which publishes the same keys', async () => {
      const second = await processOn(database, configured);
      try {
        assert.deepEqual(await trustOf(second), await trustOf(first));
      } finally {
        await second.close();
      }
    });

    it('refuses a process with another LEDGER_KEY: exit 1, one line naming LEDGER_KEY, printing neither key', async () => {
      const other = ledgerKeyPem();
      const { line, output, dataDir } = await assertRefused(database, { ...configured, LEDGER_KEY: other }, 'LEDGER_KEY');
      assert.equal(
        line,
        'Configuration error: LEDGER_KEY differs from the ledger key this database started with: set the same LEDGER_KEY in every process',
      );
      for (const pem of [other, configured.LEDGER_KEY!]) assert.equal(output.includes(pemBody(pem)), false);
      await rm(dataDir, { recursive: true, force: true });
    });

    it('refuses a process without LEDGER_KEY instead of generating a ledger key: exit 1, one line naming LEDGER_KEY', async () => {
      const { LEDGER_KEY: _omitted, ...withoutLedgerKey } = configured;
      const { line, dataDir } = await assertRefused(database, withoutLedgerKey, 'LEDGER_KEY');
      assert.equal(
        line,
        'Configuration error: LEDGER_KEY is unset, but this database started with a configured ledger key: set the same LEDGER_KEY in every process',
      );
      assert.equal(existsSync(ledgerKeyPath(dataDir)), false);
      await rm(dataDir, { recursive: true, force: true });
    });

    it('refuses a process with another SIGNING_CERT_P12: exit 1, one line naming SIGNING_CERT_P12', async () => {
      const p12 = await operatorP12(workDir, 'Impostor', 'impostor password');
      const { line, output, dataDir } = await assertRefused(
        database,
        { ...configured, SIGNING_CERT_P12: p12, SIGNING_CERT_PASSWORD: 'impostor password' },
        'SIGNING_CERT_P12',
      );
      assert.equal(
        line,
        'Configuration error: SIGNING_CERT_P12 differs from the sealing certificate this database started with: set the same SIGNING_CERT_P12 in every process',
      );
      assert.equal(output.includes('impostor password'), false);
      await rm(dataDir, { recursive: true, force: true });
    });
  },
);

describe('one identity for many processes: SECRETS_KEY added to an installation that stored its keys in clear', onPostgres, () => {
  let database: PostgresDatabase;
  const servers: TestServer[] = [];
  const secretsKey = freshSecretsKey();

  before(async () => {
    database = await createPostgresDatabase();
    servers.push(await processOn(database));
  });

  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await database.drop();
  });

  it('stores the generated private keys in clear while SECRETS_KEY is unset', async () => {
    const [server] = servers as [TestServer];
    const rows = await storedIdentities(server);
    assert.deepEqual(
      rows.map((row) => [row.name, row.secret_encrypted]),
      [
        ['ledger', 0],
        ['sealing', 0],
      ],
    );
    assert.equal(rows[0]!.secret, await readFile(ledgerKeyPath(server.dataDir), 'utf8'));
  });

  it('encrypts them in place when a process starts with SECRETS_KEY, keeping the same keys', async () => {
    servers.push(await processOn(database, { SECRETS_KEY: secretsKey }));
    const [before, after] = servers as [TestServer, TestServer];
    assert.deepEqual(await trustOf(after), await trustOf(before));
    const rows = await storedIdentities(after);
    for (const row of rows) {
      assert.equal(row.secret_encrypted, 1, row.name);
      assert.doesNotMatch(row.secret ?? '', /PRIVATE KEY/);
    }
  });

  it('then refuses a process without SECRETS_KEY: exit 1, one line naming SECRETS_KEY', async () => {
    const { dataDir } = await assertRefused(database, {}, 'SECRETS_KEY');
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe('one identity for many processes: DATA_DIRs that hold keys from before their installation shared them', onPostgres, () => {
  let database: PostgresDatabase;
  let workDir: string;
  let server: TestServer;
  const earlierLedgerKey = ledgerKeyPem();

  before(async () => {
    [database, workDir] = await Promise.all([createPostgresDatabase(), mkdtemp(join(tmpdir(), 'countersign-earlier-keys-'))]);
    const dataDir = join(workDir, 'earlier');
    await mkdir(join(dataDir, 'keys'), { recursive: true });
    await writeFile(ledgerKeyPath(dataDir), earlierLedgerKey, { mode: 0o600 });
    server = await processOn(database, { DATA_DIR: dataDir });
  });

  after(async () => {
    await server.close();
    await database.drop();
    await rm(workDir, { recursive: true, force: true });
  });

  it('keeps the ledger key a DATA_DIR already holds when the database has none yet', async () => {
    const trust = await trustOf(server);
    assert.equal(trust.ledger_public_key, ledgerKeyFrom(createPrivateKey(earlierLedgerKey)).publicKeyBase64);
    assert.equal((await storedIdentities(server))[0]!.secret, earlierLedgerKey);
  });

  it('refuses a process whose DATA_DIR holds another ledger key: exit 1, one line naming DATA_DIR, and the file left as it was', async () => {
    const dataDir = join(workDir, 'other');
    const otherLedgerKey = ledgerKeyPem();
    await mkdir(join(dataDir, 'keys'), { recursive: true });
    await writeFile(ledgerKeyPath(dataDir), otherLedgerKey, { mode: 0o600 });
    const { code, stdout, stderr } = await refusedStart({ DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'error' });
    assert.equal(code, 1, stderr);
    assert.equal(
      stderr.trim(),
      `Configuration error: DATA_DIR holds a ledger key (${ledgerKeyPath(dataDir)}) other than the one stored in the database, which every process uses: move that file away`,
    );
    assert.equal((stdout + stderr).includes(pemBody(otherLedgerKey)), false);
    assert.equal(await readFile(ledgerKeyPath(dataDir), 'utf8'), otherLedgerKey);
  });
});

describe('on SQLite the generated keys stay in DATA_DIR/keys', onSqlite, () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer('sqlite', { PDF_WORKERS: '1' });
  });

  after(async () => {
    await server.close();
  });

  it('publishes the ledger key and root of DATA_DIR/keys, and stores nothing in the database', async () => {
    const trust = await trustOf(server);
    const ledgerFile = await readFile(ledgerKeyPath(server.dataDir), 'utf8');
    assert.equal(ledgerKeyFrom(createPrivateKey(ledgerFile)).publicKeyBase64, trust.ledger_public_key);
    assert.deepEqual((await findGeneratedIdentity(server.dataDir))?.certificateChain.at(-1), derOf(trust.root_certificate_pem));
    assert.deepEqual(await storedIdentities(server), []);
  });
});
