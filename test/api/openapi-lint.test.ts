import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, it } from 'node:test';
import { promisify } from 'node:util';
import { describeWithServer } from '../support/api-suite.js';

const exec = promisify(execFile);

interface SpectralFinding {
  code: string;
  message: string;
  severity: number;
  path: string[];
}

describeWithServer(
  'the served OpenAPI document',
  (server) => {
    let document: {
      paths: Record<
        string,
        Record<string, { operationId?: string; summary?: string; tags?: string[]; responses?: Record<string, unknown> }>
      >;
    };
    before(async () => {
      document = (await server.call('GET', '/openapi.json')).body;
    });

    it('passes Spectral with the spectral:oas and OWASP rulesets without a single error', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'countersign-openapi-'));
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      try {
        // Spectral exits non-zero when it finds errors; the findings are what matter.
        const { stdout } = await exec(
          'npx',
          ['spectral', 'lint', file, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet', '--fail-severity', 'error'],
          {
            maxBuffer: 64 * 1024 * 1024,
          },
        ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
        const findings = JSON.parse(stdout) as SpectralFinding[];
        const errors = findings.filter((f) => f.severity === 0).map((f) => `${f.code} at ${f.path.join('.')}: ${f.message}`);
        assert.deepEqual(errors, []);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('gives every operation an operationId, a summary, tags and its error responses', () => {
      const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({ where: `${method} ${path}`, op })),
      );
      assert.ok(operations.length >= 5);
      for (const { where, op } of operations) {
        assert.ok(op.operationId, `${where} has an operationId`);
        assert.ok(op.summary, `${where} has a summary`);
        assert.ok(op.tags?.length, `${where} has tags`);
        assert.ok(
          Object.keys(op.responses ?? {}).some((status) => status.startsWith('4')),
          `${where} documents its errors`,
        );
      }
    });
  },
  { database: 'sqlite' },
);
