import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, it } from 'node:test';
import { promisify } from 'node:util';
import { describeWithServer } from '../../../test/support/api-suite.js';
import { pageContentBomb } from '../../../test/support/pdf-bombs.js';
import { sealedEnvelopePdf, withFlippedByte } from '../../../test/support/sealed-envelope.js';
import { checkSealInWorker } from '../src/check-seal-in-worker.js';
import { PdfTooComplexError } from '../src/pdf/pdf-too-complex.js';

const exec = promisify(execFile);
const CLI = resolve('packages/verify/src/cli.ts');
const TSX = import.meta.resolve('tsx');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `countersign-verify` (its source, under tsx) as a third party runs it: in a directory of its own, with none of the service's configuration. */
const verifyIn = async (cwd: string, ...args: string[]): Promise<Run> => {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', TSX, CLI, ...args], { cwd, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

/** What the countersign CLI prints for the same file: `countersign verify` runs this package. */
const countersignVerify = async (...args: string[]): Promise<Run> => {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['bin/countersign.js', 'verify', ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

/** One line, no stack trace: what a hostile or mistaken input may cost. */
const assertOneLine = (text: string) => {
  assert.equal(text.trim().split('\n').length, 1, text);
  assert.doesNotMatch(text, /\n\s+at /);
};

const JSON_KEYS = ['checks', 'envelope', 'file', 'sha256', 'signed_at', 'signer', 'timestamped', 'trust', 'valid'];

describeWithServer(
  'countersign-verify (@countersign/verify)',
  (server) => {
    let files: string;
    let workdir: string;
    const file = (name: string) => join(files, name);

    before(async () => {
      files = mkdtempSync(join(tmpdir(), 'countersign-verify-package-'));
      workdir = mkdtempSync(join(tmpdir(), 'countersign-verify-cwd-'));
      const { sealed, rootPem } = await sealedEnvelopePdf(server);
      writeFileSync(file('sealed.pdf'), sealed);
      writeFileSync(file('flipped.pdf'), withFlippedByte(sealed));
      writeFileSync(file('root.pem'), rootPem);
      writeFileSync(file('garbage.pdf'), Buffer.from('%PDF-1.7\nthis is no PDF at all\n%%EOF\n'));
      writeFileSync(file('bomb.pdf'), pageContentBomb('SIGNHERE', 128));
      writeFileSync(file('huge.pdf'), '');
      truncateSync(file('huge.pdf'), 60 * 1024 * 1024 + 1);
    });
    after(() => {
      for (const dir of [files, workdir]) rmSync(dir, { recursive: true, force: true });
    });

    it('exits 0 for a sealed PDF with --trust the published root, the ledger proof in the file checked, and writes nothing', async () => {
      const run = await verifyIn(workdir, file('sealed.pdf'), '--trust', file('root.pem'));
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /^✓ document digest/m);
      assert.match(run.stdout, /^✓ certificate chain: the signer certificate chains to a trusted certificate/m);
      assert.match(run.stdout, /^✓ ledger inclusion: the entry is block \d+ of the sealed tree head/m);
      assert.match(run.stdout, /^VALID/m);
      assert.doesNotMatch(run.stdout, /✗/);
      assert.equal(run.stderr, '');
      assert.deepEqual(readdirSync(workdir), []);
    });

    it('exits 0 with --online the service, proving the entry in its current tree head, and --json prints one object of the report', async () => {
      const run = await verifyIn(workdir, file('sealed.pdf'), '--online', server.url, '--json');
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const report = JSON.parse(run.stdout);
      assert.deepEqual(Object.keys(report).sort(), JSON_KEYS);
      assert.equal(report.valid, true);
      assert.equal(report.file, file('sealed.pdf'));
      assert.match(report.sha256, /^[0-9a-f]{64}$/);
      assert.equal(report.trust, `${server.url}/api/v2.0/ledger/trust`);
      assert.match(report.signer.subject, /Countersign/);
      const names = report.checks.map((check: { name: string }) => check.name);
      for (const name of [
        'byte range',
        'document digest',
        'certificate chain',
        'ledger inclusion',
        'current tree head',
        'inclusion now',
        'consistency',
      ])
        assert.ok(names.includes(name), name);
      assert.ok(report.checks.every((check: { ok: boolean }) => check.ok));
      assert.ok(report.envelope.ledger_proof.block_number >= 1);
      assert.equal(report.envelope.signers.length, 2);
    });

    it('exits 1 for one flipped byte, with --trust and with --online, naming the digest that no longer holds', async () => {
      for (const trust of [
        ['--trust', file('root.pem')],
        ['--online', server.url],
      ]) {
        const run = await verifyIn(workdir, file('flipped.pdf'), ...trust, '--json');
        assert.equal(run.code, 1, trust.join(' '));
        const report = JSON.parse(run.stdout);
        assert.equal(report.valid, false);
        assert.deepEqual(
          report.checks.find((check: { name: string }) => check.name === 'document digest'),
          { name: 'document digest', ok: false, detail: 'the signed bytes were modified after signing' },
        );
        assert.equal(report.envelope, null, 'a record in a changed file is not shown');
      }
      const text = await verifyIn(workdir, file('flipped.pdf'), '--trust', file('root.pem'));
      assert.match(text.stdout, /^✗ document digest/m);
      assert.match(text.stdout, /^NOT VALID/m);
    });

    it('prints exactly what countersign verify prints: one implementation', async () => {
      for (const name of ['sealed.pdf', 'flipped.pdf']) {
        const mine = await verifyIn(workdir, file(name), '--trust', file('root.pem'), '--json');
        const service = await countersignVerify(file(name), '--trust', file('root.pem'), '--json');
        assert.equal(service.code, mine.code, service.stderr);
        assert.deepEqual(JSON.parse(service.stdout), JSON.parse(mine.stdout));
      }
    });

    it('exits 2 with one line and no verdict without a trust anchor, whatever the environment of a service', async () => {
      const run = await verifyIn(workdir, file('sealed.pdf'));
      assert.equal(run.code, 2);
      assertOneLine(run.stderr);
      assert.match(run.stderr, /^no trust anchor: pass --trust <root\.pem> .* or --online <base_url>/);
      assert.equal(run.stdout, '');
    });

    it('exits 2 for a missing file, an unreadable --trust file, an --online service that does not answer, and unknown options', async () => {
      const cases: [string[], RegExp][] = [
        [[], /^give the PDF file to verify/],
        [[file('sealed.pdf'), file('flipped.pdf'), '--trust', file('root.pem')], /^one file at a time \(got 2\)/],
        [[file('missing.pdf'), '--trust', file('root.pem')], /^cannot read .*missing\.pdf: no such file/],
        [[files, '--trust', file('root.pem')], /^cannot read .*: it is a directory/],
        [[file('sealed.pdf'), '--trust', file('sealed.pdf')], /^--trust .* holds no PEM certificate/],
        [[file('sealed.pdf'), '--online', 'http://127.0.0.1:9'], /^cannot read the trust anchors of --online http:\/\/127\.0\.0\.1:9/],
        [[file('sealed.pdf'), '--trust', file('root.pem'), '--bogus'], /Unknown option '--bogus'/],
      ];
      for (const [args, message] of cases) {
        const run = await verifyIn(workdir, ...args);
        assert.equal(run.code, 2, args.join(' '));
        assertOneLine(run.stderr);
        assert.match(run.stderr, message);
        assert.equal(run.stdout, '');
      }
      const json = await verifyIn(workdir, file('missing.pdf'), '--trust', file('root.pem'), '--json');
      assert.equal(json.code, 2);
      assert.deepEqual(JSON.parse(json.stdout), {
        error: { code: 'USAGE_ERROR', message: `cannot read ${file('missing.pdf')}: no such file` },
      });
    });

    it('exits 1 for garbage and for a deflate bomb with one failed check, and 2 for a file past 60 MiB left unread', async () => {
      const garbage = await verifyIn(workdir, file('garbage.pdf'), '--trust', file('root.pem'), '--json');
      assert.equal(garbage.code, 1);
      assert.deepEqual(JSON.parse(garbage.stdout).checks, [{ name: 'pdf', ok: false, detail: 'the file is not a readable PDF document' }]);
      const started = Date.now();
      const bomb = await verifyIn(workdir, file('bomb.pdf'), '--trust', file('root.pem'), '--json');
      assert.equal(bomb.code, 1);
      assert.deepEqual(JSON.parse(bomb.stdout).checks, [
        {
          name: 'pdf',
          ok: false,
          detail: 'The PDF document is too complex to process: one compressed stream inflates to more than 64 MiB.',
        },
      ]);
      assert.ok(Date.now() - started < 30_000, 'the bomb is refused, not inflated');
      const huge = await verifyIn(workdir, file('huge.pdf'), '--trust', file('root.pem'));
      assert.equal(huge.code, 2);
      assertOneLine(huge.stderr);
      assert.match(huge.stderr, /^cannot read .*huge\.pdf: it is 62914561 bytes, more than the 60 MiB a sealed PDF may be/);
      assert.equal(huge.stdout, '');
    });

    it('checks the seal in a worker that is stopped past its time limit or its heap limit', async () => {
      const bytes = new Uint8Array(readFileSync(file('sealed.pdf')));
      await assert.rejects(
        checkSealInWorker({ bytes, roots: [] }, { timeoutMs: 1, maxOldGenerationSizeMb: 256 }),
        (error: unknown) => error instanceof PdfTooComplexError && /took longer than 0\.001 s/.test(error.message),
      );
      await assert.rejects(
        checkSealInWorker({ bytes, roots: [] }, { timeoutMs: 30_000, maxOldGenerationSizeMb: 4 }),
        (error: unknown) => error instanceof PdfTooComplexError && /it needs too much memory/.test(error.message),
      );
    });
  },
  { database: 'sqlite' },
);
