import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const packageDir = fileURLToPath(new URL('../', import.meta.url));
const repositoryDir = join(packageDir, '..', '..');

/** What the README's shorter snippets take as given. */
const SNIPPET_CONTEXT = `import { CountersignClient, CountersignError } from '@countersign/client';
declare const client: CountersignClient;
declare const envelopeId: string;
declare const pdfBytes: Uint8Array<ArrayBuffer>;
`;

describe("the client's README and the repository's", () => {
  it('show TypeScript that type-checks against the generated types', async () => {
    const blocks = [join(packageDir, 'README.md'), join(repositoryDir, 'README.md')].flatMap((readme) =>
      [...readFileSync(readme, 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!),
    );
    assert.ok(blocks.length >= 4);
    const dir = mkdtempSync(join(tmpdir(), 'countersign-readme-'));
    try {
      const files = blocks.map((code, i) => {
        const file = join(dir, `example-${i}.ts`);
        const program = code.includes("from '@countersign/client'")
          ? code
          : `${SNIPPET_CONTEXT}export async function snippet() {\n${code}\n}\n`;
        writeFileSync(file, `${program.replaceAll("'@countersign/client'", `'${join(packageDir, 'src', 'index.js')}'`)}\nexport {};\n`);
        return file;
      });
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          extends: join(packageDir, 'tsconfig.json'),
          compilerOptions: { noEmit: true, rootDir: '/', typeRoots: [join(repositoryDir, 'node_modules', '@types')], types: ['node'] },
          files,
        }),
      );
      const result = await exec('npx', ['tsc', '-p', join(dir, 'tsconfig.json')], { cwd: repositoryDir }).then(
        () => '',
        (error: { stdout: string }) => error.stdout,
      );
      assert.equal(result, '');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
