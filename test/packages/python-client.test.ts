import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, it } from 'node:test';
import { promisify } from 'node:util';
import { describeWithServer } from '../support/api-suite.js';

const exec = promisify(execFile);

/** Debian's Python (.ci/run installs it with python3-venv, -setuptools, -wheel and -pytest), not one earlier on PATH. */
const SYSTEM_PYTHON = '/usr/bin/python3';
const PACKAGE_DIR = resolve('clients/python');
const TESTS_DIR = join(PACKAGE_DIR, 'tests');

interface Run {
  code: number;
  output: string;
}

/** Runs to the end without blocking the event loop: the server under test answers meanwhile. */
const run = async (command: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Run> => {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PYTHONDONTWRITEBYTECODE: '1', ...options.env };
  try {
    const { stdout, stderr } = await exec(command, args, { cwd: options.cwd, env, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
};

/** What the installed module holds, per operationId: its method's name and keyword arguments, and whether it is idempotent. */
const DESCRIBE_OPERATIONS = `
import inspect, json
from countersign_client import CountersignClient
from countersign_client._operations import OPERATIONS
print(json.dumps({
    id: {
        "method": op.method_name,
        "idempotent": op.idempotent,
        "keywords": [p.name for p in inspect.signature(getattr(CountersignClient, op.method_name)).parameters.values()
                     if p.kind is inspect.Parameter.KEYWORD_ONLY],
    }
    for id, op in OPERATIONS.items()
}))
`;

/** The operations whose routes keep an Idempotency-Key's first answer (`idempotent: true` in their route config). */
const IDEMPOTENT_OPERATIONS = [
  'createApiClient',
  'createBulkSend',
  'createEnvelope',
  'createEnvelopeWithFiles',
  'createEnvelopeWithTemplate',
  'createTemplate',
  'createTemplateWithFiles',
  'createWebhook',
  'rotateWebhookSecret',
  'uploadEnvelopeFile',
  'uploadSupportingDocument',
  'uploadTemplateFile',
];

/**
 * Every ```python block of the given Markdown files parsed, and each call of a client method, of
 * CountersignClient, File or verify_webhook_signature bound to the real signature: prints the problems as JSON.
 */
const CHECK_EXAMPLES = `
import ast, inspect, json, re, sys
import countersign_client
from countersign_client import CountersignClient
fence = chr(96) * 3
problems, blocks = [], 0
for path in sys.argv[1:]:
    for code in re.findall(fence + r"python\\n(.*?)" + fence, open(path, encoding="utf-8").read(), re.S):
        blocks += 1
        try:
            tree = ast.parse(code)
        except SyntaxError as error:
            problems.append(f"{path}: {error}")
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func, positional = node.func, [None] * len(node.args)
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "client":
                name, target, positional = f"client.{func.attr}", getattr(CountersignClient, func.attr, None), [None, *positional]
            elif isinstance(func, ast.Name) and func.id == "CountersignClient":
                name, target, positional = func.id, CountersignClient.__init__, [None, *positional]
            elif isinstance(func, ast.Name) and func.id in ("File", "verify_webhook_signature"):
                name, target = func.id, getattr(countersign_client, func.id)
            else:
                continue
            if target is None:
                problems.append(f"{path}: {name} is no method of the client")
                continue
            try:
                inspect.signature(target).bind(*positional, **{keyword.arg: None for keyword in node.keywords if keyword.arg})
            except TypeError as error:
                problems.append(f"{path}: {name}: {error}")
print(json.dumps({"blocks": blocks, "problems": problems}))
`;

describeWithServer(
  'the Python client (clients/python) installed with pip into a venv, its pytest suite against the real server',
  (server) => {
    let work: string;
    let python: string;

    before(async () => {
      work = await mkdtemp(join(tmpdir(), 'countersign-python-client-'));
      // A copy: pip's build leaves build/ and *.egg-info beside the sources.
      const source = join(work, 'countersign-client');
      cpSync(PACKAGE_DIR, source, { recursive: true, filter: (path) => !/(__pycache__|\.pytest_cache|\.egg-info|[/\\]build)$/.test(path) });
      const venv = join(work, 'venv');
      // The system's site packages give the venv setuptools' wheel builder and pytest, as Debian installed them: PyPI is not used.
      const created = await run(SYSTEM_PYTHON, ['-m', 'venv', '--system-site-packages', venv]);
      assert.equal(created.code, 0, created.output);
      python = join(venv, 'bin', 'python');
      const installed = await run(python, ['-m', 'pip', 'install', '--no-index', '--no-build-isolation', '--no-deps', '--quiet', source]);
      assert.equal(installed.code, 0, installed.output);
    });
    after(async () => {
      if (work) await rm(work, { recursive: true, force: true });
    });

    it('is installed as the distribution countersign-client, imported as countersign_client from the venv', async () => {
      const shown = await run(python, ['-m', 'pip', 'show', 'countersign-client']);
      assert.equal(shown.code, 0, shown.output);
      assert.match(shown.output, /^Name: countersign-client$/m);
      assert.match(shown.output, /^Requires: *$/m);
      const imported = await run(python, ['-c', 'import countersign_client; print(countersign_client.__file__)'], { cwd: PACKAGE_DIR });
      assert.equal(imported.code, 0, imported.output);
      assert.ok(imported.output.trim().startsWith(join(work, 'venv')), imported.output);
    });

    it('has one method per operation of the served document, named by its operationId in snake_case, with the contract’s keywords', async () => {
      const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
        paths: Record<string, Record<string, { operationId: string }>>;
      };
      const described = await run(python, ['-c', DESCRIBE_OPERATIONS]);
      assert.equal(described.code, 0, described.output);
      const operations = JSON.parse(described.output) as Record<string, { method: string; idempotent: boolean; keywords: string[] }>;
      const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
      assert.deepEqual(Object.keys(operations).sort(), ids.sort());
      assert.equal(operations.createEnvelopeWithTemplate?.method, 'create_envelope_with_template');
      assert.deepEqual(operations.createEnvelopeWithTemplate?.keywords, ['body', 'idempotency_key']);
      assert.equal(operations.getEnvelopeDetails?.method, 'get_envelope_details');
      assert.deepEqual(operations.getEnvelopeDetails?.keywords, ['envelope_id']);
      assert.deepEqual(operations.downloadDocument?.keywords, ['envelope_id', 'document_id', 'signed_only', 'accept']);
      assert.deepEqual(operations.getLedgerConsistencyProof?.keywords, ['from_', 'to']);
      assert.deepEqual(
        Object.entries(operations)
          .filter(([, operation]) => operation.idempotent)
          .map(([id]) => id)
          .sort(),
        IDEMPOTENT_OPERATIONS,
      );
    });

    it('shows Python in its README and docs page that parses and calls the client as it is', async () => {
      const pages = [join(PACKAGE_DIR, 'README.md'), resolve('docs/guide/python-client.md')];
      const checked = await run(python, ['-c', CHECK_EXAMPLES, ...pages]);
      assert.equal(checked.code, 0, checked.output);
      const { blocks, problems } = JSON.parse(checked.output) as { blocks: number; problems: string[] };
      assert.ok(blocks >= 7, `${blocks} Python blocks found`);
      assert.deepEqual(problems, []);
    });

    it('passes every test of its pytest suite (create, sign, download, errors, token refresh, idempotency, webhooks)', async () => {
      const account = await server.newAccount();
      // Webhook signatures carry the server's time, which a receiver checks against its own: the test clock follows the real one.
      const ticking = setInterval(() => server.clock.set(new Date()), 200);
      let result: Run;
      try {
        server.clock.set(new Date());
        result = await run(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', TESTS_DIR], {
          cwd: PACKAGE_DIR,
          env: { COUNTERSIGN_URL: server.url, COUNTERSIGN_CLIENT_ID: account.client_id, COUNTERSIGN_CLIENT_SECRET: account.client_secret },
        });
      } finally {
        clearInterval(ticking);
      }
      assert.equal(result.code, 0, result.output);
      const written = readdirSync(TESTS_DIR)
        .filter((name) => /^test_.*\.py$/.test(name))
        .flatMap((name) => readFileSync(join(TESTS_DIR, name), 'utf8').match(/^def test_/gm) ?? []).length;
      assert.ok(written >= 13, `${written} tests found`);
      assert.match(result.output, new RegExp(`^${written} passed(, \\d+ warnings?)? in `, 'm'), result.output);
    });
  },
  { database: 'sqlite', env: { WEBHOOK_ALLOW_PRIVATE: 'true' } },
);
