import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { sealedEnvelopePdf, withFlippedByte } from '../support/sealed-envelope.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const exec = promisify(execFile);

/** A stranger's shell: PATH and HOME only, nothing of the repository's environment. */
const strangerEnv = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' });

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const run = async (command: string, args: string[], cwd: string): Promise<Run> => {
  try {
    const { stdout, stderr } = await exec(command, args, { cwd, env: strangerEnv(), maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

/** Every path under `dir`, directories included, relative to it. */
const treeOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? [path, ...treeOf(path)] : [path];
  });

describe('@countersign/verify packed and installed in an empty directory', () => {
  let work: string;
  let installed: string;
  let server: TestServer;

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'countersign-verify-tarball-'));
    installed = await mkdtemp(join(tmpdir(), 'countersign-verify-stranger-'));
    const packed = await exec('npm', ['pack', '--pack-destination', work, '--loglevel=error'], { cwd: resolve('packages/verify') });
    const tarball = join(work, packed.stdout.trim().split('\n').at(-1)!);
    assert.ok(existsSync(tarball), `npm pack wrote ${tarball}`);
    const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball], installed);
    assert.equal(install.code, 0, install.stderr);
    server = await startTestServer('sqlite');
    const { sealed, rootPem } = await sealedEnvelopePdf(server);
    await writeFile(join(work, 'sealed.pdf'), sealed);
    await writeFile(join(work, 'flipped.pdf'), withFlippedByte(sealed));
    await writeFile(join(work, 'root.pem'), rootPem);
  });
  after(async () => {
    await server?.close();
    for (const dir of [work, installed]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  const npx = (...args: string[]) => run('npx', ['--offline', '@countersign/verify', ...args], installed);

  it('accepts a sealed PDF: npx @countersign/verify sealed.pdf --trust root.pem exits 0', async () => {
    const result = await npx(join(work, 'sealed.pdf'), '--trust', join(work, 'root.pem'));
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /^✓ ledger inclusion/m);
    assert.match(result.stdout, /^VALID/m);
    assert.doesNotMatch(result.stdout, /✗/);
  });

  it('refuses the same PDF with one flipped byte: exit 1, NOT VALID', async () => {
    const result = await npx(join(work, 'flipped.pdf'), '--trust', join(work, 'root.pem'));
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(result.stdout, /^✗ document digest: the signed bytes were modified after signing/m);
    assert.match(result.stdout, /^NOT VALID/m);
  });

  it('also checks against the service with --online, in --json', async () => {
    const result = await npx(join(work, 'sealed.pdf'), '--online', server.url, '--json');
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const report = JSON.parse(result.stdout);
    assert.equal(report.valid, true);
    assert.ok(report.checks.some((check: { name: string; ok: boolean }) => check.name === 'consistency' && check.ok));
  });

  it('carries its licence, Apache-2.0, in the package and its manifest', async () => {
    const root = join(installed, 'node_modules', '@countersign', 'verify');
    assert.match(await readFile(join(root, 'LICENSE'), 'utf8'), /Apache License\s+Version 2\.0/);
    assert.equal(JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).license, 'Apache-2.0');
  });

  it('installs no native module and nothing of the service: no *.node file, no better-sqlite3, pg, fastify or kysely', () => {
    const tree = treeOf(join(installed, 'node_modules')).map((path) => path.slice(installed.length + 1));
    assert.ok(tree.includes(join('node_modules', '@countersign', 'verify', 'dist', 'cli.js')), 'the package is installed');
    assert.deepEqual(
      tree.filter((path) => path.endsWith('.node')),
      [],
    );
    for (const name of ['better-sqlite3', 'pg', 'fastify', 'kysely']) assert.ok(!tree.includes(join('node_modules', name)), name);
  });
});
