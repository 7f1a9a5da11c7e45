import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { startChildServer, type ChildServer, callChild } from '../support/child-server.js';
import { createPostgresDatabase, testDatabases } from '../support/databases.js';
import { envelopeRequest } from '../support/envelopes.js';
import { consistencyHolds, treeHeadSigned, verifyAuditLogs, verifyOnline, verifySealedFile } from '../support/independent-verifier.js';
import { signBody } from './signing/signing-helpers.js';

const exec = promisify(execFile);

/** Generous limits: the load below is one client's, and must not be slowed by them. */
const SERVER_ENV = {
  LOG_LEVEL: 'warn',
  PDF_WORKERS: '1',
  PLAN_QUOTAS: 'starter=unlimited',
  RATE_LIMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000',
};
const LOAD_CLIENTS = 3;

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `countersign <args>` from the sources (as the child servers run), with only `env` and what any shell has. */
const cli = async (env: Record<string, string>, ...args: string[]): Promise<CliRun> => {
  try {
    const { stdout, stderr } = await exec('node', ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

const login = async (server: ChildServer, credentials: string): Promise<string> => {
  const response = await callChild(server, 'POST', '/authorization/token', undefined, { credentials });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.data.access_token;
};

const download = async (server: ChildServer, token: string, envelopeId: string, documentId: string, signedOnly = true) => {
  const response = await fetch(`${server.url}/api/v2.0/envelopes/${envelopeId}/${documentId}/download?signed_only=${signedOnly}`, {
    headers: { authorization: `Bearer ${token}`, app_auth_type: 'esign-oauth2', accept: 'application/pdf' },
  });
  assert.equal(response.status, 200, `${envelopeId}/${documentId}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
};

/** Every file under `dir` with its size and SHA-256, as a manifest lists them. */
const filesOf = async (dir: string) => {
  const files: { path: string; size: number; sha256: string }[] = [];
  for (const found of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!found.isFile()) continue;
    const bytes = await readFile(join(found.parentPath, found.name));
    const path = relative(dir, join(found.parentPath, found.name)).split(sep).join('/');
    files.push({ path, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
};

const manifestOf = async (dir: string) => JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
const byPath = (files: { path: string }[]) => [...files].sort((a, b) => a.path.localeCompare(b.path));

/** An account made by the CLI, as an operator makes the first one: its credentials. */
const createAccount = async (env: Record<string, string>): Promise<string> => {
  const created = await cli(env, 'account', 'create', '--name', 'Backed up', '--email', 'owner@backup.test', '--plan', 'starter', '--json');
  assert.equal(created.code, 0, created.stderr);
  return JSON.parse(created.stdout).credentials;
};

const oneSignerEnvelope = () =>
  envelopeRequest({
    document: { name: 'contract.pdf', pages: 1 },
    signers: [
      { name: 'Ada Lovelace', email: 'ada@example.test', fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }] },
    ],
  });

describe('countersign backup and restore (docs/operations/backups.md)', () => {
  let work: string;
  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'countersign-backup-'));
  });
  after(async () => {
    await rm(work, { recursive: true, force: true });
  });

  describe('on SQLite', { skip: !testDatabases.includes('sqlite') }, () => {
    let backupDir: string;

    it('takes a consistent backup while the service creates and signs envelopes, and restores it to a service that has them all', async () => {
      const dataDir = join(work, 'data');
      const env = { DATA_DIR: dataDir };
      const credentials = await createAccount(env);
      const server = await startChildServer({ ...SERVER_ENV, ...env });
      const acknowledged: { id: string; documentId: string; at: number }[] = [];
      let completedBeforeBackup: string[] = [];
      let headBeforeBackup: Record<string, any>;
      let backupStartedAt = 0;
      let backupEndedAt = 0;
      try {
        const token = await login(server, credentials);
        let stopping = false;
        // Concurrent clients, each creating an envelope and having its signer sign it, over and over.
        const failures: unknown[] = [];
        const client = async () => {
          try {
            await loop();
          } catch (error) {
            failures.push(error);
            stopping = true;
          }
        };
        const loop = async () => {
          while (!stopping) {
            const created = await callChild(server, 'POST', '/envelopes/create', token, await oneSignerEnvelope());
            assert.equal(created.status, 201, JSON.stringify(created.body));
            const envelopeId = created.body.data.envelope_id as string;
            acknowledged.push({ id: envelopeId, documentId: created.body.data.documents[0].document_id, at: Date.now() });
            const embedded = await callChild(server, 'GET', `/envelopes/${envelopeId}/generate_embedded_url/ada%40example.test`, token);
            assert.equal(embedded.status, 200, JSON.stringify(embedded.body));
            const signingToken = new URL(embedded.body.data.url).pathname.slice('/sign/'.length);
            const signed = await callChild(server, 'POST', `/signing/${signingToken}/sign`, undefined, signBody());
            assert.equal(signed.status, 200, JSON.stringify(signed.body));
            await sleep(100);
          }
        };
        const clients = Array.from({ length: LOAD_CLIENTS }, client);
        const completed = async () => {
          const statuses = await Promise.all(
            acknowledged
              .slice(0, 10)
              .map(async (e) => [e.id, (await callChild(server, 'GET', `/envelopes/${e.id}/details`, token)).body.data.status]),
          );
          return statuses.filter(([, status]) => status === 'Completed').map(([id]) => id as string);
        };
        const deadline = Date.now() + 120_000;
        while ((completedBeforeBackup = await completed()).length < 3) {
          assert.deepEqual(failures, []);
          assert.ok(Date.now() < deadline, 'three envelopes completed in time');
          await sleep(250);
        }
        headBeforeBackup = (await callChild(server, 'GET', '/ledger/head')).body.data;

        backupDir = join(work, 'backup');
        backupStartedAt = Date.now();
        const backup = await cli(env, 'backup', '--to', backupDir, '--json');
        backupEndedAt = Date.now();
        stopping = true;
        await Promise.all(clients);
        assert.deepEqual(failures, []);
        assert.equal(backup.code, 0, backup.stderr);
        const summary = JSON.parse(backup.stdout);
        assert.equal(summary.database, 'copied');
        assert.equal(summary.documents, 'copied');
        assert.deepEqual(summary.advice, []);
        assert.ok(
          acknowledged.some((e) => e.at > backupStartedAt && e.at < backupEndedAt),
          'the service went on acknowledging envelopes while the backup ran',
        );
      } finally {
        await server.stop('SIGTERM');
      }

      const manifest = await manifestOf(backupDir);
      assert.deepEqual(
        byPath(manifest.files),
        (await filesOf(backupDir)).filter((f) => f.path !== 'manifest.json'),
        'the manifest lists every file of the backup with its size and SHA-256',
      );
      assert.ok(manifest.files.some((f: { path: string }) => f.path === 'keys/ledger-ed25519.pem'));
      assert.ok(manifest.files.some((f: { path: string }) => f.path.startsWith('blobs/')));
      assert.ok(!manifest.files.some((f: { path: string }) => f.path.startsWith('outbox/')), 'the mail outbox is not part of a backup');

      const restoredDir = join(work, 'restored');
      const restored = await cli({ DATA_DIR: restoredDir }, 'restore', '--from', backupDir, '--json');
      assert.equal(restored.code, 0, restored.stderr);
      assert.equal(JSON.parse(restored.stdout).files, manifest.files.length);
      assert.deepEqual(await filesOf(restoredDir), byPath(manifest.files), 'the restored files are byte for byte the manifest’s');
      const again = await cli({ DATA_DIR: restoredDir }, 'backup', '--to', join(work, 'backup-of-restored'));
      assert.equal(again.code, 0, again.stderr);
      assert.deepEqual(
        byPath((await manifestOf(join(work, 'backup-of-restored'))).files),
        byPath(manifest.files),
        'a backup of the restored installation is the same files',
      );

      const restoredServer = await startChildServer({ ...SERVER_ENV, DATA_DIR: restoredDir });
      try {
        const token = await login(restoredServer, credentials);
        const trust = (await callChild(restoredServer, 'GET', '/ledger/trust')).body.data;
        assert.equal(trust.ledger_public_key, headBeforeBackup!.public_key, 'the same ledger key');

        for (const envelope of acknowledged.filter((e) => e.at < backupStartedAt)) {
          const details = await callChild(restoredServer, 'GET', `/envelopes/${envelope.id}/details`, token);
          assert.equal(details.status, 200, `${envelope.id}, acknowledged before the backup, is restored`);
          const logs = await callChild(restoredServer, 'GET', `/envelopes/${envelope.id}/audit_logs`, token);
          for (const step of verifyAuditLogs(logs.body.data, trust.ledger_public_key)) assert.ok(step.ok, `${envelope.id}: ${step.step}`);
        }

        // Every envelope the restored database holds as Completed has its sealed document: the blobs were copied after the database.
        const completedIds: string[] = [];
        for (let page = 1; completedIds.length === (page - 1) * 100; page++) {
          const listed = await callChild(restoredServer, 'POST', '/envelopes/list', token, {
            filters: { status: ['Completed'] },
            page,
            page_size: 100,
          });
          assert.equal(listed.status, 200, JSON.stringify(listed.body));
          completedIds.push(...listed.body.data.envelopes.map((e: { envelope_id: string }) => e.envelope_id));
        }
        for (const id of completedBeforeBackup) assert.ok(completedIds.includes(id), `${id}, completed before the backup, is Completed`);
        let sealedFile = '';
        for (const id of completedIds) {
          const envelope = acknowledged.find((e) => e.id === id)!;
          const sealed = await download(restoredServer, token, id, envelope.documentId);
          const verification = verifySealedFile(sealed, trust);
          assert.ok(verification.valid, `${id}: ${JSON.stringify(verification.steps.filter((s) => !s.ok))}`);
          for (const step of await verifyOnline(verification.record!, restoredServer.url, trust.ledger_public_key)) {
            assert.ok(step.ok, `${id}: ${step.step}`);
          }
          sealedFile = join(work, `${id}.pdf`);
          await writeFile(sealedFile, sealed);
        }
        const verified = await cli({ DATA_DIR: restoredDir }, 'verify', sealedFile);
        assert.equal(verified.code, 0, `countersign verify on the restored installation: ${verified.stdout}${verified.stderr}`);

        // The restored ledger extends the head published before the backup began.
        const head = (await callChild(restoredServer, 'GET', '/ledger/head')).body.data;
        assert.ok(treeHeadSigned(head, trust.ledger_public_key), 'the restored head is signed by the ledger key');
        const consistency = await callChild(
          restoredServer,
          'GET',
          `/ledger/consistency?from=${headBeforeBackup!.tree_size}&to=${head.tree_size}`,
        );
        assert.equal(consistency.status, 200, JSON.stringify(consistency.body));
        const unhex = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));
        assert.ok(
          consistencyHolds(
            headBeforeBackup!.tree_size,
            head.tree_size,
            consistency.body.data.proof.map(unhex),
            unhex(headBeforeBackup!.root_hash),
            unhex(head.root_hash),
          ),
          `the restored log (${head.tree_size}) extends the one before the backup (${headBeforeBackup!.tree_size})`,
        );
      } finally {
        await restoredServer.stop('SIGTERM');
      }
    });

    /** A copy of the backup to spoil, and an absent DATA_DIR to restore it into. */
    const spoiled = async (name: string) => {
      const copy = join(work, `spoiled-${name}`);
      await cp(backupDir, copy, { recursive: true });
      return { copy, dataDir: join(work, `restore-${name}`) };
    };

    const assertNothingRestored = async (dataDir: string) =>
      assert.equal(await readdir(dataDir).catch(() => 'absent'), 'absent', 'nothing was written into DATA_DIR');

    it('refuses to back up into a directory that is not empty (exit 1), and writes nothing into it', async () => {
      const target = join(work, 'occupied');
      await mkdir(target);
      await writeFile(join(target, 'notes.txt'), 'mine');
      const run = await cli({ DATA_DIR: join(work, 'restored') }, 'backup', '--to', target);
      assert.equal(run.code, 1);
      assert.match(run.stderr, /^Backup refused: .*occupied is not empty \(it holds notes\.txt\)/);
      assert.deepEqual(await readdir(target), ['notes.txt']);
    });

    it('refuses to restore into a DATA_DIR that is not empty (exit 1, --json with the message)', async () => {
      const run = await cli({ DATA_DIR: join(work, 'restored') }, 'restore', '--from', backupDir, '--json');
      assert.equal(run.code, 1);
      const { error } = JSON.parse(run.stdout);
      assert.match(error.message, /^Restore refused: DATA_DIR .*restored is not empty/);
    });

    it('refuses a backup with a file one byte changed, naming it, and writes nothing', async () => {
      const { copy, dataDir } = await spoiled('tampered');
      const blob = (await manifestOf(copy)).files.find((f: { path: string }) => f.path.startsWith('blobs/')).path as string;
      const bytes = await readFile(join(copy, blob));
      const middle = bytes.length >> 1;
      bytes[middle] = bytes[middle]! ^ 0x01;
      await writeFile(join(copy, blob), bytes);
      const run = await cli({ DATA_DIR: dataDir }, 'restore', '--from', copy);
      assert.equal(run.code, 1);
      assert.equal(run.stderr.trim(), `Restore refused: ${blob} does not match manifest.json (its SHA-256 differs)`);
      await assertNothingRestored(dataDir);
    });

    it('refuses a backup with a file missing, naming it', async () => {
      const { copy, dataDir } = await spoiled('missing');
      await unlink(join(copy, 'keys', 'ledger-ed25519.pem'));
      const run = await cli({ DATA_DIR: dataDir }, 'restore', '--from', copy);
      assert.equal(run.code, 1);
      assert.equal(run.stderr.trim(), `Restore refused: keys/ledger-ed25519.pem is listed in manifest.json but missing from ${copy}`);
      await assertNothingRestored(dataDir);
    });

    it('refuses a backup with a file the manifest does not list, naming it', async () => {
      const { copy, dataDir } = await spoiled('extra');
      await writeFile(join(copy, 'keys', 'other.pem'), 'not from the backup');
      const run = await cli({ DATA_DIR: dataDir }, 'restore', '--from', copy);
      assert.equal(run.code, 1);
      assert.equal(run.stderr.trim(), `Restore refused: keys/other.pem is in ${copy} but not in manifest.json`);
      await assertNothingRestored(dataDir);
    });

    it('refuses a manifest naming a path outside a backup’s layout', async () => {
      const { copy, dataDir } = await spoiled('escape');
      const manifest = await manifestOf(copy);
      manifest.files[0].path = '../escape.db';
      await writeFile(join(copy, 'manifest.json'), JSON.stringify(manifest));
      const run = await cli({ DATA_DIR: dataDir }, 'restore', '--from', copy);
      assert.equal(run.code, 1);
      assert.equal(run.stderr.trim(), `Restore refused: manifest.json lists a file outside a backup's layout: "../escape.db"`);
      await assertNothingRestored(dataDir);
    });
  });

  describe('on PostgreSQL', { skip: !testDatabases.includes('postgres') }, () => {
    const databases: { drop(): Promise<void> }[] = [];
    after(async () => {
      for (const database of databases) await database.drop();
    });

    it('copies the documents and keys, says to use pg_dump, and restores beside a pg_restore of the database', async () => {
      const source = await createPostgresDatabase();
      databases.push(source);
      const env = { DATA_DIR: join(work, 'pg-data'), DATABASE_URL: source.url };
      const credentials = await createAccount(env);
      const server = await startChildServer({ ...SERVER_ENV, ...env });
      let envelope: { envelope_id: string; documents: { document_id: string }[] };
      let original: Buffer;
      const backupDir = join(work, 'pg-backup');
      const dump = join(work, 'pg.dump');
      try {
        const token = await login(server, credentials);
        const created = await callChild(server, 'POST', '/envelopes/create', token, await oneSignerEnvelope());
        assert.equal(created.status, 201, JSON.stringify(created.body));
        envelope = created.body.data;
        original = await download(server, token, envelope.envelope_id, envelope.documents[0]!.document_id, false);
        // The documented order: the database first, then the copy of the documents it names.
        await exec('pg_dump', ['--format=custom', `--file=${dump}`, source.url]);
        const backup = await cli(env, 'backup', '--to', backupDir);
        assert.equal(backup.code, 0, backup.stderr);
        assert.match(backup.stdout, /^database +not copied \(pg_dump\)$/m);
        assert.match(backup.stdout, /The database is PostgreSQL: back it up with pg_dump --format=custom/);
      } finally {
        await server.stop('SIGTERM');
      }
      const manifest = await manifestOf(backupDir);
      assert.equal(manifest.database, 'postgres');
      assert.ok(!manifest.files.some((f: { path: string }) => f.path === 'countersign.db'), 'no database file');
      assert.ok(
        manifest.files.some((f: { path: string }) => f.path.startsWith('blobs/')),
        'the documents',
      );
      assert.ok(
        manifest.files.some((f: { path: string }) => f.path.startsWith('keys/')),
        'the keys',
      );

      const target = await createPostgresDatabase();
      databases.push(target);
      await exec('pg_restore', ['--no-owner', `--dbname=${target.url}`, dump]);
      const restoredEnv = { DATA_DIR: join(work, 'pg-restored'), DATABASE_URL: target.url };
      const restored = await cli(restoredEnv, 'restore', '--from', backupDir);
      assert.equal(restored.code, 0, restored.stderr);
      assert.match(restored.stdout, /restore its pg_dump with pg_restore/);
      assert.deepEqual(await filesOf(restoredEnv.DATA_DIR), byPath(manifest.files));

      const restoredServer = await startChildServer({ ...SERVER_ENV, ...restoredEnv });
      try {
        const token = await login(restoredServer, credentials);
        const again = await download(restoredServer, token, envelope!.envelope_id, envelope!.documents[0]!.document_id, false);
        assert.ok(again.equals(original!), 'the restored service serves the same document bytes');
      } finally {
        await restoredServer.stop('SIGTERM');
      }
    });

    it('refuses to restore a PostgreSQL backup into a SQLite installation', async () => {
      const run = await cli({ DATA_DIR: join(work, 'pg-into-sqlite') }, 'restore', '--from', join(work, 'pg-backup'));
      assert.equal(run.code, 1);
      assert.equal(run.stderr.trim(), 'Restore refused: the backup was taken on PostgreSQL, but DATABASE_URL names SQLite');
    });
  });
});
