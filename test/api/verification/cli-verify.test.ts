import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { attachCompletionRecord } from '../../../src/infra/pdf/completion-record.js';
import { sealPdf } from '../../../src/infra/pdf/seal-pdf.js';
import { loadSigningIdentity } from '../../../src/infra/pdf/signing-identity.js';
import { testDatabases } from '../../support/databases.js';
import { makePdf } from '../../support/pdf-fixtures.js';
import { startTestServer } from '../../support/test-server.js';
import { freshOperatorEnvironment, runCli } from '../../support/cli-runner.js';

/** An offset inside the first signed part of the file: the original document, not the seal's own contents. */
const middleOfSignedBytes = (pdf: Uint8Array): number => {
  const firstLength = /\/ByteRange\s*\[\s*\d+\s+(\d+)/.exec(Buffer.from(pdf).toString('latin1'))?.[1];
  return Math.floor(Number(firstLength) / 2);
};

const cli = (env: Record<string, string>, ...args: string[]) => runCli({ LOG_LEVEL: 'warn', ...env }, args);

describe('countersign verify <file.pdf>', () => {
  let dataDir: string;
  let foreignDir: string;
  const file = (name: string) => join(dataDir, name);
  const verify = (...args: string[]) => cli({ DATA_DIR: dataDir }, 'verify', ...args);

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'countersign-verify-'));
    foreignDir = mkdtempSync(join(tmpdir(), 'countersign-foreign-'));
    const sealed = await sealPdf(await makePdf({ pages: 1, text: 'Agreement' }), await loadSigningIdentity({ dataDir }));
    writeFileSync(file('sealed.pdf'), sealed);
    const tampered = Buffer.from(sealed);
    const at = middleOfSignedBytes(tampered);
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    writeFileSync(file('tampered.pdf'), tampered);
    writeFileSync(file('unsigned.pdf'), await makePdf({ pages: 1 }));
    writeFileSync(file('foreign.pdf'), await sealPdf(await makePdf({ pages: 1 }), await loadSigningIdentity({ dataDir: foreignDir })));
    const recorded = await attachCompletionRecord(await makePdf({ pages: 1 }), {
      envelope_id: 'env_test',
      envelope_name: 'Sales agreement',
      completed_at: '2026-11-21T08:15:32.000Z',
      ledger_head_hash: 'ab'.repeat(32),
      verification_url: 'http://localhost:3000/verify/env_test',
      signers: [{ name: 'Ada Lovelace', email: 'ada@example.test', signed_at: '2026-11-21T08:10:00.000Z' }],
    });
    writeFileSync(file('completed.pdf'), await sealPdf(recorded, await loadSigningIdentity({ dataDir })));
  });

  it('prints the envelope, its signers and their signing times from the record sealed inside the file', async () => {
    const run = await verify(file('completed.pdf'));
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /envelope +Sales agreement \(env_test\)/);
    assert.match(run.stdout, /signer +Ada Lovelace <ada@example\.test> signed 2026-11-21T08:10:00\.000Z/);
    const json = JSON.parse((await verify(file('completed.pdf'), '--json')).stdout);
    assert.equal(json.envelope.signers[0].name, 'Ada Lovelace');
  });
  after(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(foreignDir, { recursive: true, force: true });
  });

  it('exits 0 for an intact PDF sealed by this service, printing each check', async () => {
    const run = await verify(file('sealed.pdf'));
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /✓ byte range/);
    assert.match(run.stdout, /^VALID/m);
    assert.doesNotMatch(run.stdout, /✗/);
  });

  it('prints one JSON object with --json', async () => {
    const run = await verify(file('sealed.pdf'), '--json');
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout);
    assert.equal(report.valid, true);
    assert.match(report.sha256, /^[0-9a-f]{64}$/);
    assert.ok(report.checks.length >= 3 && report.checks.every((c: { ok: boolean }) => c.ok));
    assert.match(report.signer.subject, /Countersign/);
  });

  it('exits 1 for a tampered PDF', async () => {
    const run = await verify(file('tampered.pdf'), '--json');
    assert.equal(run.code, 1);
    const report = JSON.parse(run.stdout);
    assert.equal(report.valid, false);
    assert.ok(report.checks.some((c: { ok: boolean }) => !c.ok));
  });

  it('exits 1 for an unsigned PDF', async () => {
    const run = await verify(file('unsigned.pdf'));
    assert.equal(run.code, 1);
    assert.match(run.stdout, /✗ signature: the document carries no digital signature/);
    assert.match(run.stdout, /^NOT VALID/m);
  });

  it('exits 1 for a PDF sealed by another identity (not chained to this service)', async () => {
    const run = await verify(file('foreign.pdf'), '--json');
    assert.equal(run.code, 1);
    assert.equal(JSON.parse(run.stdout).valid, false);
  });

  it('exits 2 without a file argument, or for a file that does not exist', async () => {
    const missingArgument = await verify();
    assert.equal(missingArgument.code, 2);
    assert.match(missingArgument.stderr, /give the PDF file to verify/);
    const noSuchFile = await verify(file('nope.pdf'), '--json');
    assert.equal(noSuchFile.code, 2);
    assert.equal(JSON.parse(noSuchFile.stdout).error.code, 'USAGE_ERROR');
  });
});

for (const database of testDatabases) {
  describe(`countersign account update on ${database}`, () => {
    const env = freshOperatorEnvironment(database);
    const createAccount = async (name: string) =>
      JSON.parse((await cli(env, 'account', 'create', '--name', name, '--email', `owner@${name.toLowerCase()}.test`, '--json')).stdout);
    const setFrameAncestors = (accountId: string, origins: string) =>
      cli(env, 'account', 'update', '--account', accountId, '--frame-ancestors', origins, '--json');

    it('stores --frame-ancestors as the account origins that may frame the signing page', async () => {
      const created = await createAccount('Acme');
      const run = await setFrameAncestors(created.account_id, 'https://a.example, https://b.example:8443/');
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(JSON.parse(run.stdout), {
        account_id: created.account_id,
        frame_ancestors: ['https://a.example', 'https://b.example:8443'],
        default_language: 'en',
      });

      const server = await startTestServer(database, env);
      try {
        const row = await server.service.ctx.db
          .selectFrom('accounts')
          .select('frame_ancestors')
          .where('id', '=', created.account_id)
          .executeTakeFirstOrThrow();
        assert.deepEqual(JSON.parse(row.frame_ancestors), ['https://a.example', 'https://b.example:8443']);
      } finally {
        await server.close();
      }

      const cleared = await setFrameAncestors(created.account_id, '');
      assert.equal(cleared.code, 0, cleared.stderr);
      assert.deepEqual(JSON.parse(cleared.stdout).frame_ancestors, []);
    });

    it('rejects a value that is not an origin, and an unknown account, changing nothing', async () => {
      const created = await createAccount('Beta');
      const bad = await setFrameAncestors(created.account_id, "https://a.example; script-src 'unsafe-inline'");
      assert.equal(bad.code, 1);
      assert.equal(JSON.parse(bad.stdout).error.code, 'INVALID_FRAME_ANCESTOR');
      const unknown = await setFrameAncestors('acct_nope', 'https://a.example');
      assert.equal(unknown.code, 1);
      assert.equal(JSON.parse(unknown.stdout).error.code, 'ACCOUNT_NOT_FOUND');
    });

    it('exits 2 when --account or --frame-ancestors is missing', async () => {
      assert.equal((await cli(env, 'account', 'update', '--frame-ancestors', 'https://a.example')).code, 2);
      assert.equal((await cli(env, 'account', 'update', '--account', 'acct_x')).code, 2);
    });
  });
}
