import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmdirSync, rmSync, truncateSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { IDEMPOTENCY_LEASE_MS } from '../../../src/app/idempotency/idempotency-keys.js';
import { testDatabases } from '../../support/databases.js';
import { envelopeRequest } from '../../support/envelopes.js';
import { makePdf } from '../../support/pdf-fixtures.js';
import { startTestServer, type ApiResponse, type TestServer } from '../../support/test-server.js';
import { signBody, tokenFor } from '../signing/signing-helpers.js';

/** Room for the database, the keys and a few envelopes; the filler takes the rest. */
const DISK_BYTES = 48 * 1024 * 1024;
/** What the writers get to fill while they create at once. */
const ROOM_BYTES = 512 * 1024;
const WRITERS = 3;
/** Past every sealing retry the full disk scheduled (30 s, 2 min, 10 min). */
const PAST_SEALING_RETRIES_MS = 13 * 60_000;

/** One envelope: created until acknowledged, then signed until acknowledged. */
interface Item {
  key: string;
  document: Uint8Array;
  envelopeId?: string;
  recipientId?: string;
  signingToken?: string;
  signed: boolean;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The contract's answer to a write the full disk refused: 507 STORAGE_FULL in the error shape, nothing of the disk. */
const assertStorageFull = (what: string, response: ApiResponse) => {
  const where = `${what}: ${response.status} ${JSON.stringify(response.body)}`;
  assert.equal(response.status, 507, where);
  assert.deepEqual(Object.keys(response.body).sort(), ['errors', 'message'], where);
  assert.deepEqual(
    response.body.errors.map((e: { error_code: string }) => e.error_code),
    ['STORAGE_FULL'],
    where,
  );
  assert.doesNotMatch(JSON.stringify(response.body), /\bat .+:\d+:\d+|ENOSPC|SQLITE|\/tmp\//i, where);
};

/** Writes a file until the disk refuses more: the disk is then full to the last block. */
const fillDisk = (path: string): number => {
  const chunk = Buffer.alloc(64 * 1024, 0x5a);
  const fd = openSync(path, 'w');
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return written;
};

for (const database of testDatabases) {
  describe(`DATA_DIR's disk full (docs/operations/scaling.md) on ${database}`, () => {
    let mountPoint: string;
    let mounted = false;
    let server: TestServer;
    let token: string;
    let dataDir: string;

    before(async () => {
      mountPoint = mkdtempSync(join(tmpdir(), 'countersign-full-'));
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_BYTES}`, 'tmpfs', mountPoint], { stdio: 'pipe' });
      } catch (error) {
        throw new Error(
          `This test gives DATA_DIR a small disk of its own with "mount -t tmpfs", which needs root (CI runs it as root): ${String((error as { stderr?: Buffer }).stderr ?? error)}`,
        );
      }
      mounted = true;
      dataDir = join(mountPoint, 'data');
      server = await startTestServer(
        database,
        { DATA_DIR: dataDir, DOCUMENT_STORE: 'fs', RATE_LIMIT_PER_MINUTE: '1000000' },
        { captureLog: true },
      );
      token = (await server.newAccount('enterprise')).accessToken;
    });
    after(async () => {
      try {
        await server?.close();
      } finally {
        if (mounted) execFileSync('umount', [mountPoint]);
        if (mountPoint) rmdirSync(mountPoint);
      }
    });

    const newItem = async (key: string): Promise<Item> => ({
      key,
      document: await makePdf({ pages: 1, text: `Disk full ${randomUUID()}` }),
      signed: false,
    });

    const create = async (item: Item) => {
      const request = await envelopeRequest({
        envelope: { name: `Full ${item.key}` },
        signers: [
          {
            name: 'Ada Lovelace',
            email: 'ada@example.test',
            fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }],
          },
        ],
      });
      request.documents[0]!.content_base64 = Buffer.from(item.document).toString('base64');
      const response = await server.call('POST', '/api/v2.0/envelopes/create', {
        token,
        body: request,
        headers: { 'idempotency-key': item.key },
      });
      if (response.status === 201) {
        item.envelopeId = response.body.data.envelope_id;
        item.recipientId = response.body.data.recipients.signers[0].recipient_id;
      }
      return response;
    };

    const sign = async (item: Item) => {
      item.signingToken ??= await tokenFor(server, item.envelopeId!, item.recipientId!);
      const response = await server.call('POST', `/api/v2.0/signing/${item.signingToken}/sign`, { body: signBody() });
      if (response.status === 200) item.signed = true;
      return response;
    };

    /** The SQLite file, checked by a connection of its own. */
    const sqliteFile = () => {
      const config = server.service.ctx.config.database;
      assert.equal(config.kind, 'sqlite');
      return config.file;
    };

    it('answers 507 STORAGE_FULL, never 500, while the disk is full, leaves no half-made envelope nor a damaged database, and works again without a restart once space returns', async (t) => {
      const items: Item[] = [];
      for (let i = 0; i < 3; i++) {
        const item = await newItem(`before-${i}`);
        assert.equal((await create(item)).status, 201);
        assert.equal((await sign(item)).status, 200);
        items.push(item);
      }
      const unsigned = await newItem('before-unsigned');
      assert.equal((await create(unsigned)).status, 201);
      // The link its invitation mail carries, issued before the disk fills.
      unsigned.signingToken = await tokenFor(server, unsigned.envelopeId!, unsigned.recipientId!);
      items.push(unsigned);
      await server.service.worker.drain();
      if (database === 'sqlite') {
        // The WAL starts empty, as after a quiet moment's checkpoint: the next write must grow it.
        const own = new SqliteDatabase(sqliteFile());
        own.pragma('wal_checkpoint(TRUNCATE)');
        own.close();
      }

      const filler = join(mountPoint, 'filler');
      const filled = fillDisk(filler);
      const refused: string[] = [];
      /** Creations refused, to be sent again under the same Idempotency-Key. */
      const retried: Item[] = [];
      try {
        // Writes that need no new document bytes (a signature) and writes that do (a creation).
        const signing = await sign(unsigned);
        if (signing.status !== 200) {
          assertStorageFull('sign', signing);
          refused.push('sign');
        }
        if (database === 'sqlite') assert.deepEqual(refused, ['sign'], 'a database write with no room left for the WAL is refused');
        // A little room again, which creations running at once use up.
        truncateSync(filler, filled - ROOM_BYTES);
        await Promise.all(
          Array.from({ length: WRITERS }, async (_, writer) => {
            for (let i = 0; i < 20; i++) {
              const item = await newItem(`full-${writer}-${i}`);
              const response = await create(item);
              if (response.status === 201) items.push(item);
              else {
                assertStorageFull('create', response);
                refused.push('create');
                retried.push(item);
                return;
              }
            }
          }),
        );
        assert.equal(refused.filter((r) => r === 'create').length, WRITERS, 'creations are refused once the room is used up');
        await server.service.worker.drain();
        const ready = await server.call('GET', '/readyz', { noAppAuthType: true });
        assert.equal(ready.status, 200, '/readyz reports the database answering: reads go on');
        const listed = await server.call('POST', '/api/v2.0/envelopes/list', { token, body: { page_size: 100 } });
        assert.equal(listed.status, 200, 'reads go on');
      } finally {
        rmSync(filler, { force: true });
      }
      t.diagnostic(`filled ${filled} bytes; refused: ${refused.join(', ')}`);

      // Space is back: the same process takes writes again, and the same Idempotency-Keys create once.
      for (const item of [...retried, await newItem('after-0')]) {
        let response = await create(item);
        if (response.status === 409 && response.body.errors[0].error_code === 'IDEMPOTENCY_KEY_IN_USE') {
          // The full disk kept the refused request from freeing its key: a retry takes it over once its lease lapses.
          server.clock.advance(IDEMPOTENCY_LEASE_MS + 1_000);
          response = await create(item);
        }
        assert.equal(response.status, 201, `${item.key}: ${JSON.stringify(response.body)}`);
        assert.equal(response.headers.get('idempotent-replayed'), null, `${item.key} was not made while the disk was full`);
        items.push(item);
      }
      for (const item of items.filter((i) => !i.signed)) assert.equal((await sign(item)).status, 200, item.key);
      // Sealing jobs the full disk failed are retried until they go through.
      for (let round = 0; round < 4; round++) {
        await server.service.worker.drain();
        server.clock.advance(PAST_SEALING_RETRIES_MS);
      }
      await server.service.worker.drain();

      // Every acknowledged envelope is there, and nothing a refusal answered was made.
      const ctx = server.service.ctx;
      const envelopes = await ctx.db.selectFrom('envelopes').select(['id', 'status']).execute();
      assert.deepEqual(envelopes.map((e) => e.id).sort(), items.map((i) => i.envelopeId).sort());
      assert.deepEqual(
        envelopes.filter((e) => e.status !== 'Completed').map((e) => e.id),
        [],
        'every envelope is sealed',
      );
      // Every document row has its bytes on disk, as its hash names them, and no envelope lacks its document.
      const blobs = join(dataDir, 'blobs');
      const rows = await ctx.db.selectFrom('documents').select(['envelope_id', 'position', 'sha256', 'sealed_sha256']).execute();
      for (const item of items) {
        const own = rows.filter((r) => r.envelope_id === item.envelopeId);
        assert.deepEqual(own.map((r) => r.position).sort(), [0, 1], `${item.key}: its document and its certificate`);
        assert.equal(own.find((r) => r.position === 1)!.sha256, sha256(item.document), `${item.key}: the document sent`);
      }
      for (const row of rows) {
        for (const sha of [row.sha256, row.sealed_sha256!]) {
          assert.equal(sha256(readFileSync(join(blobs, sha.slice(0, 2), sha))), sha, `${row.envelope_id} #${row.position}`);
        }
      }
      const leftovers = readdirSync(blobs, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.tmp'));
      assert.deepEqual(leftovers, [], 'a write the disk refused leaves no partial file behind');

      if (database === 'sqlite') {
        const own = new SqliteDatabase(sqliteFile(), { readonly: true });
        try {
          assert.deepEqual(own.pragma('integrity_check'), [{ integrity_check: 'ok' }]);
          assert.deepEqual(own.pragma('foreign_key_check'), []);
        } finally {
          own.close();
        }
      }
      const lines = server
        .loggedText()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { type?: string } });
      assert.deepEqual(
        lines.filter((l) => l.msg === 'Unhandled error').map((l) => l.err?.type),
        [],
        'no request failed as an internal error',
      );
    });
  });
}
