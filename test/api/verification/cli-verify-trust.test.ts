import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, it } from 'node:test';
import { promisify } from 'node:util';
import { loadSigningIdentity } from '../../../src/infra/pdf/signing-identity.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { sealedEnvelopePdf } from '../../support/sealed-envelope.js';

const exec = promisify(execFile);
const BIN = resolve('bin/countersign.js');

/** The CLI as a third party runs it: in a directory of its own, with none of the service's configuration. */
const verifyIn = async (cwd: string, ...args: string[]) => {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  for (const name of ['DATA_DIR', 'DATABASE_URL', 'SIGNING_CERT_P12', 'SIGNING_CERT_PASSWORD', 'LEDGER_KEY']) delete env[name];
  try {
    const { stdout, stderr } = await exec('node', [BIN, 'verify', ...args], { cwd, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

const middleOfSignedBytes = (pdf: Uint8Array): number => {
  const firstLength = /\/ByteRange\s*\[\s*\d+\s+(\d+)/.exec(Buffer.from(pdf).toString('latin1'))?.[1];
  return Math.floor(Number(firstLength) / 2);
};

const pem = (der: Uint8Array) => `-----BEGIN CERTIFICATE-----\n${Buffer.from(der).toString('base64')}\n-----END CERTIFICATE-----\n`;

describeOnEachDatabase('countersign verify for a third party (--trust, --online)', (server) => {
  let files: string;
  let workdir: string;
  let foreignDir: string;
  const file = (name: string) => join(files, name);

  before(async () => {
    files = mkdtempSync(join(tmpdir(), 'countersign-third-party-'));
    workdir = mkdtempSync(join(tmpdir(), 'countersign-empty-cwd-'));
    foreignDir = mkdtempSync(join(tmpdir(), 'countersign-foreign-'));
    const { sealed, rootPem } = await sealedEnvelopePdf(server);
    writeFileSync(file('sealed.pdf'), sealed);
    const tampered = Buffer.from(sealed);
    const at = middleOfSignedBytes(tampered);
    tampered[at] = tampered[at]! ^ 0x01;
    writeFileSync(file('tampered.pdf'), tampered);
    writeFileSync(file('root.pem'), rootPem);
    writeFileSync(file('foreign-root.pem'), pem((await loadSigningIdentity({ dataDir: foreignDir })).certificateChain.at(-1)!));
  });
  after(() => {
    for (const dir of [files, workdir, foreignDir]) rmSync(dir, { recursive: true, force: true });
  });

  it('says VALID with --trust the published root, checking the sealed ledger proof, and writes nothing in its directory', async () => {
    const run = await verifyIn(workdir, file('sealed.pdf'), '--trust', file('root.pem'));
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^VALID/m);
    assert.match(run.stdout, /✓ ledger inclusion: the entry is block \d+ of the sealed tree head/);
    assert.match(run.stdout, /✓ sealed tree head/);
    assert.doesNotMatch(run.stdout, /✗/);
    assert.deepEqual(readdirSync(workdir), []);
  });

  it('with --online checks the entry in the current head and the current head against the sealed one, every check in --json', async () => {
    const run = await verifyIn(workdir, file('sealed.pdf'), '--online', server.url, '--json');
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const report = JSON.parse(run.stdout);
    assert.equal(report.valid, true);
    const names = report.checks.map((c: { name: string }) => c.name);
    for (const name of [
      'byte range',
      'ledger leaf',
      'ledger inclusion',
      'sealed tree head',
      'current tree head',
      'sealed head key',
      'inclusion now',
      'consistency',
    ]) {
      assert.ok(names.includes(name), name);
    }
    assert.ok(report.checks.every((c: { ok: boolean }) => c.ok));
    assert.match(report.checks.find((c: { name: string }) => c.name === 'consistency').detail, /extends the sealed tree/);
    assert.ok(report.envelope.ledger_proof.block_number >= 1);
    assert.deepEqual(readdirSync(workdir), []);
  });

  it('says NOT VALID for a tampered file, with --trust and with --online', async () => {
    for (const trust of [
      ['--trust', file('root.pem')],
      ['--online', server.url],
    ]) {
      const run = await verifyIn(workdir, file('tampered.pdf'), ...trust);
      assert.equal(run.code, 1, trust.join(' '));
      assert.match(run.stdout, /^NOT VALID/m);
    }
  });

  it('says NOT VALID for a genuine file against a foreign root', async () => {
    const run = await verifyIn(workdir, file('sealed.pdf'), '--trust', file('foreign-root.pem'), '--json');
    assert.equal(run.code, 1);
    assert.equal(JSON.parse(run.stdout).valid, false);
  });

  it('stops with exit code 2 and no verdict when it has no trust anchor at all', async () => {
    const run = await verifyIn(workdir, file('sealed.pdf'));
    assert.equal(run.code, 2);
    assert.match(run.stderr, /no trust anchor: pass --trust <root\.pem>/);
    assert.doesNotMatch(run.stdout + run.stderr, /NOT VALID/);
    assert.deepEqual(readdirSync(workdir), [], 'no keys generated in the working directory');
  });

  it('stops with exit code 2 for an unreadable --trust file or an --online service that does not answer', async () => {
    assert.equal((await verifyIn(workdir, file('sealed.pdf'), '--trust', file('nope.pem'))).code, 2);
    assert.equal((await verifyIn(workdir, file('sealed.pdf'), '--trust', file('sealed.pdf'))).code, 2);
    assert.equal((await verifyIn(workdir, file('sealed.pdf'), '--online', 'http://127.0.0.1:9')).code, 2);
    assert.equal((await verifyIn(workdir, file('sealed.pdf'), '--online', 'not a url')).code, 2);
  });
});
