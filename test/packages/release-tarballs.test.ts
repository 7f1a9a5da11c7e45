import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { pdfBase64 } from '../support/envelopes.js';

const exec = promisify(execFile);
const INSTALL_TIMEOUT_MS = 900_000;

/** A stranger's shell: PATH and HOME only, nothing of the repository's environment. */
const strangerEnv = (extra: Record<string, string> = {}) => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...extra });

const npmInstall = (dir: string, tarballs: string[]) =>
  exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...tarballs], {
    cwd: dir,
    env: strangerEnv(),
    maxBuffer: 16 * 1024 * 1024,
  });

const tarballNamed = (tarballs: string[], prefix: string): string => {
  const found = tarballs.find((path) => new RegExp(`/${prefix}-\\d+\\.\\d+\\.\\d+\\.tgz$`).test(path));
  assert.ok(found, `scripts/pack.mjs wrote ${prefix}-<version>.tgz (got ${tarballs.join(', ')})`);
  return found;
};

const listing = async (tarball: string): Promise<string[]> => (await exec('tar', ['-tzf', tarball])).stdout.trim().split('\n');

/** `npx countersign serve` in `dir` until it says where it listens, with its whole output kept. */
const serveFrom = async (dir: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string }> => {
  // Its own process group: npx runs the server as a child of its own, and a signal must reach both.
  const child = spawn('npx', ['countersign', 'serve'], {
    cwd: dir,
    env: strangerEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" line in time:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
};

/** SIGTERM to npx and the server it started, then waits until every process of the group is gone. */
const stopGroup = async (child: ChildProcess) => {
  const group = -child.pid!;
  const alive = () => {
    try {
      process.kill(group, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(group, 'SIGTERM');
  for (let waited = 0; alive() && waited < 20_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
};

describe('the release tarballs, installed in empty directories', () => {
  let work: string;
  let tarballs: string[];
  let serverDir: string;
  let dataDir: string;
  let server: Awaited<ReturnType<typeof serveFrom>>;

  before(
    async () => {
      work = await mkdtemp(join(tmpdir(), 'countersign-release-'));
      // npm test has just built dist/ (scripts/build.mjs); a release runs `node scripts/pack.mjs <dir>`, which builds too.
      const packed = await exec('node', ['scripts/pack.mjs', join(work, 'tarballs'), '--no-build'], { maxBuffer: 16 * 1024 * 1024 });
      tarballs = packed.stdout.trim().split('\n');
      serverDir = join(work, 'server');
      dataDir = join(work, 'data');
      await exec('mkdir', ['-p', serverDir]);
      await npmInstall(serverDir, [tarballNamed(tarballs, 'countersign-verify'), tarballNamed(tarballs, 'countersign')]);
      server = await serveFrom(serverDir, { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    },
    { timeout: INSTALL_TIMEOUT_MS },
  );
  after(async () => {
    if (server) await stopGroup(server.child);
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('packs countersign with its compiled build, pages, fonts, catalogs and licence, and no sources or tests', async () => {
    const files = await listing(tarballNamed(tarballs, 'countersign'));
    for (const expected of [
      'package/LICENSE',
      'package/README.md',
      'package/package.json',
      'package/bin/countersign.js',
      'package/dist/server/main.js',
      'package/dist/server/cli/main.js',
      'package/dist/web/sign.html',
      'package/dist/web/console.html',
      'package/assets/i18n/en.json',
    ])
      assert.ok(files.includes(expected), `the tarball holds ${expected}`);
    assert.ok(
      files.some((file) => file.startsWith('package/assets/fonts/')),
      'the fonts sealing embeds',
    );
    const stray = files.filter(
      (file) => /^package\/(src|test|web|bench|scripts|docs|clients|packages|node_modules)\//.test(file) || /\.ts$/.test(file),
    );
    assert.deepEqual(stray, [], 'no sources, tests or workspaces in the server tarball');
  });

  it('declares Apache-2.0 in every package and no compiler among the runtime dependencies', async () => {
    for (const name of ['countersign', 'countersign-client', 'countersign-verify', 'countersign-embed']) {
      const manifest = JSON.parse((await exec('tar', ['-xzOf', tarballNamed(tarballs, name), 'package/package.json'])).stdout);
      assert.equal(manifest.license, 'Apache-2.0', name);
      assert.ok((await listing(tarballNamed(tarballs, name))).includes('package/LICENSE'), `${name} carries LICENSE`);
      for (const compiler of ['typescript', 'tsx', 'vite', 'esbuild'])
        assert.equal(manifest.dependencies?.[compiler], undefined, `${name} does not depend on ${compiler} at run time`);
    }
    for (const compiler of ['typescript', 'tsx', 'vite'])
      assert.equal(existsSync(join(serverDir, 'node_modules', compiler)), false, `${compiler} is not installed with countersign`);
  });

  it('npx countersign serve starts with the embedded defaults: ready, pages, API docs and the first-run setup URL', async () => {
    assert.deepEqual(await (await fetch(`${server.url}/readyz`)).json(), { status: 'ok' });
    const page = await fetch(`${server.url}/sign/any-token`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const openapi = (await (await fetch(`${server.url}/openapi.json`)).json()) as { openapi: string };
    assert.match(openapi.openapi, /^3\./);
    assert.ok(existsSync(join(dataDir, 'countersign.db')), 'the embedded database lives in DATA_DIR');
    assert.match(server.output(), /^ {2}setup: {4}http:\/\/\S+\/setup\/[A-Za-z0-9_-]{22,}$/m);
    assert.doesNotMatch(server.output(), /Building|tsc|error/i, 'nothing compiles or fails at start');
  });

  it('the installed CLI creates an account, and the @countersign/client tarball, installed elsewhere, sends an envelope with it', async () => {
    const created = await exec(
      'npx',
      ['countersign', 'account', 'create', '--name', 'Tarball Ltd', '--email', 'owner@tarball.test', '--json'],
      {
        cwd: serverDir,
        env: strangerEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
      },
    );
    const { credentials } = JSON.parse(created.stdout) as { credentials: string };
    const [clientId, clientSecret] = Buffer.from(credentials, 'base64').toString('utf8').split(':');

    const clientDir = join(work, 'client');
    await exec('mkdir', ['-p', clientDir]);
    await npmInstall(clientDir, [tarballNamed(tarballs, 'countersign-client')]);
    assert.deepEqual(readdirSync(join(clientDir, 'node_modules', '@countersign')), ['client']);
    await writeFile(join(clientDir, 'send.mjs'), SEND_SCRIPT);
    const sent = await exec('node', ['send.mjs'], {
      cwd: clientDir,
      env: strangerEnv({
        BASE_URL: server.url,
        CLIENT_ID: clientId ?? '',
        CLIENT_SECRET: clientSecret ?? '',
        PDF_BASE64: await pdfBase64(1, 'Tarball agreement'),
      }),
    });
    const answer = JSON.parse(sent.stdout) as { status: string; signers: string[] };
    assert.equal(answer.status, 'Sent');
    assert.deepEqual(answer.signers, ['ada@tarball.test']);
    assert.ok((await readFile(join(clientDir, 'package.json'), 'utf8')).includes('@countersign/client'));
  });

  it('packs @countersign/embed as compiled browser modules that install alone: no dependency, React an optional peer, importable without a DOM', async () => {
    const tarball = tarballNamed(tarballs, 'countersign-embed');
    const files = await listing(tarball);
    for (const expected of ['package/dist/index.js', 'package/dist/index.d.ts', 'package/dist/react.js', 'package/dist/react.d.ts'])
      assert.ok(files.includes(expected), `the tarball holds ${expected}`);
    assert.deepEqual(
      files.filter(
        (file) => !file.startsWith('package/dist/') && !['package/package.json', 'package/LICENSE', 'package/README.md'].includes(file),
      ),
      [],
    );

    const embedDir = join(work, 'embed');
    await exec('mkdir', ['-p', embedDir]);
    await npmInstall(embedDir, [tarball]);
    assert.deepEqual(
      readdirSync(join(embedDir, 'node_modules')).filter((name) => !name.startsWith('.')),
      ['@countersign'],
      'nothing installed beside it, not even React',
    );
    const dist = join(embedDir, 'node_modules', '@countersign', 'embed', 'dist');
    // A page loads the entry with <script type="module"> and no import map: every import in the browser modules is relative, with its extension.
    const imports = readdirSync(dist)
      .filter((name) => name.endsWith('.js') && name !== 'react.js')
      .flatMap((name) => [
        ...readFileSync(join(dist, name), 'utf8').matchAll(
          /\b(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]/g,
        ),
      ])
      .map((match) => match[1] ?? match[2]!);
    assert.ok(imports.length > 0, 'the entry imports its modules');
    assert.deepEqual(
      imports.filter((specifier) => !/^\.\/[\w-]+\.js$/.test(specifier)),
      [],
    );
    const imported = await exec(
      'node',
      [
        '--input-type=module',
        '-e',
        "const embed = await import('@countersign/embed'); console.log(JSON.stringify({ names: Object.keys(embed).sort(), react: import.meta.resolve('@countersign/embed/react') }));",
      ],
      { cwd: embedDir, env: strangerEnv() },
    );
    const { names, react } = JSON.parse(imported.stdout) as { names: string[]; react: string };
    assert.deepEqual(names, [
      'CountersignFrameElement',
      'CountersignSenderElement',
      'CountersignSigningElement',
      'CountersignTemplateEditorElement',
    ]);
    assert.match(react, /\/node_modules\/@countersign\/embed\/dist\/react\.js$/);
  });
});

/** What a stranger writes after `npm install countersign-client-<v>.tgz`: plain Node, no TypeScript. */
const SEND_SCRIPT = `
import { CountersignClient } from '@countersign/client';
const client = new CountersignClient({ baseUrl: process.env.BASE_URL, clientId: process.env.CLIENT_ID, clientSecret: process.env.CLIENT_SECRET });
const envelope = await client.createEnvelope({
  body: {
    envelope: { name: 'Tarball agreement' },
    documents: [{ name: 'agreement.pdf', content_base64: process.env.PDF_BASE64 }],
    recipients: { signers: [{ name: 'Ada Lovelace', email: 'ada@tarball.test', fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }] }] },
  },
});
const details = await client.getEnvelopeDetails({ envelopeId: envelope.envelope_id });
console.log(JSON.stringify({ status: details.status, signers: details.recipients.signers.map((signer) => signer.email) }));
`;
