import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { servedOpenApiDocument } from '../../../scripts/client/served-openapi-document.js';
import { clientFiles } from '../../../scripts/client/client-files.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('the generated files of the clients (the TypeScript types the pages read too, the Python operations)', () => {
  it('match the OpenAPI document the service serves now (else run `npm run generate:types` and commit)', async () => {
    const files = await clientFiles(await servedOpenApiDocument());
    assert.ok(files.size >= 2);
    for (const [file, expected] of files) {
      let committed: string | undefined;
      try {
        committed = readFileSync(join(root, file), 'utf8');
      } catch {
        committed = undefined;
      }
      assert.ok(committed === expected, `${file} is stale: run \`npm run generate:types\` and commit the result`);
    }
  });

  it('hold one method per operation of the document, and none for the variant-prefix aliases', async () => {
    const serviceRoutes = new Set(['/healthz', '/readyz', '/metrics']);
    const document = (await servedOpenApiDocument()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const { operations } = await import('../src/generated/operations.js');
    const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    assert.deepEqual(Object.keys(operations).sort(), [...ids].sort());
    assert.ok(Object.values(operations).every((op) => serviceRoutes.has(op.path) || op.path.startsWith('/api/v2.0/')));
  });
});
