import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { pdfBase64 } from '../support/envelopes.js';
import { makePng } from '../support/pdf-fixtures.js';
import { linksIn, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';

const exec = promisify(execFile);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command's exit code and output, whether it succeeded or not. */
const runNode = async (args: string[], env: Record<string, string> = {}): Promise<Run> => {
  try {
    const { stdout, stderr } = await exec(process.execPath, args, {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

/** Polls until `read` returns a value, for work the server finishes on its own (sealing). */
const eventually = async <T>(read: () => Promise<T | undefined>, what: string): Promise<T> => {
  for (let attempt = 0; attempt < 600; attempt++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
};

describe('the compiled build: npm start and npx countersign run dist/server', () => {
  let dataDir: string;
  let sink: SmtpSink;
  let server: ChildServer;
  const cli = (...args: string[]) => runNode(['bin/countersign.js', ...args], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const api = async (method: string, path: string, options: { token?: string; body?: unknown; accept?: string } = {}) => {
    const response = await fetch(`${server.url}/api/v2.0${path}`, {
      method,
      headers: {
        app_auth_type: 'esign-oauth2',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...(options.accept ? { accept: options.accept } : {}),
      },
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
    return response;
  };

  before(async () => {
    // `npm test` builds dist/ first (scripts/build.mjs), as `npm install` in a clone does through `prepare`.
    assert.ok(existsSync('dist/server/main.js') && existsSync('dist/web/sign.html'), 'run `npm run build` before this suite');
    dataDir = await mkdtemp(join(tmpdir(), 'countersign-compiled-'));
    sink = await startSmtpSink();
    server = await startChildServer({ DATA_DIR: dataDir, SMTP_URL: sink.url, LOG_LEVEL: 'warn' }, { compiled: true });
  });
  after(async () => {
    await server?.stop('SIGTERM');
    await sink?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('becomes ready and serves the signing page from dist/web', async () => {
    const ready = await fetch(`${server.url}/readyz`);
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), { status: 'ok' });
    const page = await fetch(`${server.url}/sign/any-token`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  });

  it('creates, seals and verifies an envelope: compiled PDF workers read the upload and seal it with the shipped fonts, the compiled CLI checks the seal', async () => {
    const account = await cli('account', 'create', '--name', 'Compiled', '--email', 'owner@compiled.test', '--json');
    assert.equal(account.code, 0, account.stderr);
    assert.equal(account.stderr, '', 'the compiled CLI writes nothing to stderr on success');
    const { credentials } = JSON.parse(account.stdout);
    const login = await api('POST', '/authorization/token', { body: { credentials } });
    assert.equal(login.status, 200);
    const token = ((await login.json()) as any).data.access_token as string;

    const created = await api('POST', '/envelopes/create', {
      token,
      body: {
        envelope: { name: 'Compiled agreement', sign_process_flow: 'Parallel', append_verification_qr_code: true },
        documents: [{ name: 'agreement.pdf', content_base64: await pdfBase64(3, 'Agreement page') }],
        recipients: {
          signers: [
            {
              name: 'Ada Lovelace',
              email: 'ada@compiled.test',
              fields: [
                { type: 'signature', page: 3, x: 72, y: 600, width: 160, height: 40 },
                { type: 'date_signed', page: 3, x: 72, y: 550, width: 120, height: 20 },
              ],
            },
          ],
        },
      },
    });
    assert.equal(created.status, 201);
    const envelope = ((await created.json()) as any).data;

    const invitation = await sink.waitFor((mail) => JSON.stringify(mail.to ?? '').includes('ada@compiled.test'), 60_000);
    const signingToken = linksIn(invitation)
      .map((link) => /\/sign\/([^/?#]+)/.exec(link)?.[1])
      .find(Boolean);
    assert.ok(signingToken, 'the invitation carries a signing link');
    const signature = { type: 'drawn', image_png_base64: Buffer.from(makePng(120, 40)).toString('base64') };
    const signed = await fetch(`${server.url}/api/v2.0/signing/${signingToken}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ consent: true, signature }),
    });
    assert.equal(signed.status, 200);

    await eventually(async () => {
      const details = ((await (await api('GET', `/envelopes/${envelope.envelope_id}/details`, { token })).json()) as any).data;
      return details.status === 'Completed' ? details : undefined;
    }, 'the envelope to be sealed');
    const download = await api('GET', `/envelopes/${envelope.envelope_id}/${envelope.documents[0].document_id}/download`, {
      token,
      accept: 'application/pdf',
    });
    assert.equal(download.status, 200);
    const file = join(dataDir, 'sealed.pdf');
    await writeFile(file, Buffer.from(await download.arrayBuffer()));

    const verified = await cli('verify', file, '--json');
    assert.equal(verified.code, 0, verified.stdout + verified.stderr);
    const report = JSON.parse(verified.stdout);
    assert.equal(report.valid, true);
    assert.equal(report.envelope.envelope_id, envelope.envelope_id);
  });
});

describe('bin/countersign.js never compiles', () => {
  let root: string;

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'countersign-unbuilt-'));
    await cp('bin/countersign.js', join(root, 'bin', 'countersign.js'));
    await writeFile(join(root, 'package.json'), JSON.stringify({ name: 'unbuilt', type: 'module', private: true }));
  });
  after(() => rm(root, { recursive: true, force: true }));

  it('says in one line that dist/ is missing and exits 1 when the package was never built', async () => {
    const run = await runNode([join(root, 'bin', 'countersign.js'), 'account', 'list']);
    assert.deepEqual(run, {
      code: 1,
      stdout: '',
      stderr: 'countersign: dist/ is missing — run `npm run build` in the checkout first\n',
    });
  });

  it('runs dist/server/cli/main.js as it is, even when the sources are newer', async () => {
    mkdirSync(join(root, 'dist', 'server', 'cli'), { recursive: true });
    await writeFile(join(root, 'dist', 'server', 'cli', 'main.js'), "console.log('compiled', process.argv.slice(2).join(' '));\n");
    mkdirSync(join(root, 'src', 'cli'), { recursive: true });
    await writeFile(join(root, 'src', 'cli', 'main.ts'), "console.log('source');\n");
    assert.deepEqual(await runNode([join(root, 'bin', 'countersign.js'), 'account', 'list']), {
      code: 0,
      stdout: 'compiled account list\n',
      stderr: '',
    });
  });
});

/** The environment of the `node dist/server/main.js` process serving `dataDir`, read from /proc. */
const serverEnvironment = (dataDir: string): Map<string, string> => {
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // The node process itself, not the shell npm runs the start script in.
      const [command, script] = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!/(^|\/)node$/.test(command ?? '') || script !== 'dist/server/main.js') continue;
      const variables = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (!variables.includes(`DATA_DIR=${dataDir}`)) continue;
      return new Map(variables.filter(Boolean).map((variable) => [variable.split('=')[0]!, variable.slice(variable.indexOf('=') + 1)]));
    } catch {
      // The process ended while the table was read.
    }
  }
  throw new Error(`no server process serves ${dataDir}`);
};

/** `npm start` with `env` (in a process group of its own, so that npm, its shell and node stop together), until it listens. */
const npmStart = async (env: Record<string, string>) => {
  const child = spawn('npm', ['start', '--silent'], {
    detached: true,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on http/.test(output)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  return {
    stop: async () => {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
};

describe('npm start', () => {
  // glibc's default of eight arenas per core costs an idle server about 10 MB (docs/operations/scaling.md "Memory").
  it('runs the server with two C allocator arenas, or as many as MALLOC_ARENA_MAX asks for', async () => {
    for (const [given, expected] of [
      [undefined, '2'],
      ['4', '4'],
    ] as const) {
      const dataDir = await mkdtemp(join(tmpdir(), 'countersign-npm-start-'));
      const started = await npmStart({ DATA_DIR: dataDir, ...(given ? { MALLOC_ARENA_MAX: given } : {}) });
      try {
        assert.equal(serverEnvironment(dataDir).get('MALLOC_ARENA_MAX'), expected);
      } finally {
        await started.stop();
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  });
});
