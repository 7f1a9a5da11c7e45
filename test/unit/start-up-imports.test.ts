import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Packages the service imports where they are first needed, never at start: each costs memory an idle process keeps. */
const LOADED_ON_FIRST_USE = [
  // The MCP SDK with zod: about 27 MB of RSS, for a service nobody may ever ask over MCP.
  '@modelcontextprotocol/sdk',
  'zod',
  // Only with REDIS_URL.
  'ioredis',
  // Only in the PDF workers, `countersign verify` and a first start's key generation: about 15 MB of heap.
  '@libpdf/core',
  '@peculiar/x509',
  'pkijs',
  // Only when someone registers or uses a passkey.
  '@simplewebauthn/server',
];

/** Entry points of a package that load more than the service needs at start, where a lighter one of the same package serves. */
const HEAVY_ENTRIES = [
  // The verifier's main entry loads its PDF and certificate code; the ledger imports `@countersign/verify/ledger`.
  '@countersign/verify',
];

/** The specifiers a module loads when it is loaded: static imports and re-exports, not type-only ones, not `import()`. */
const staticSpecifiers = (file: string): string[] => {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      const named = statement.importClause?.namedBindings;
      const onlyTypes =
        named !== undefined &&
        ts.isNamedImports(named) &&
        statement.importClause?.name === undefined &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly);
      return onlyTypes ? [] : [(statement.moduleSpecifier as ts.StringLiteral).text];
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly)
      return [(statement.moduleSpecifier as ts.StringLiteral).text];
    return [];
  });
};

/** `./x.js` of a source file → its `.ts` (or `.tsx`) beside it, as the build maps them. */
const resolveRelative = (from: string, specifier: string): string => {
  const base = join(from, '..', specifier).replace(/\.js$/, '');
  const found = ['.ts', '.tsx', '/index.ts'].map((ending) => base + ending).find(existsSync);
  assert.ok(found, `${specifier} imported by ${from} resolves to a source file`);
  return found;
};

/** Every package the process loads before it serves anything, from the entry module through the static imports. */
const packagesLoadedAtStart = (entry: string): Set<string> => {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticSpecifiers(file)) {
      if (specifier.startsWith('.')) visit(resolveRelative(file, specifier));
      else if (!specifier.startsWith('node:')) packages.add(specifier);
    }
  };
  visit(join(ROOT, entry));
  return packages;
};

describe('what the service loads at start', () => {
  it('loads the MCP SDK, zod, ioredis, the PDF and certificate libraries and the WebAuthn library on first use only, never through a static import from src/main.ts', () => {
    const atStart = [...packagesLoadedAtStart('src/main.ts')];
    assert.ok(atStart.includes('fastify'), 'the walk reaches the HTTP server');
    for (const name of LOADED_ON_FIRST_USE) {
      const loaded = atStart.filter((specifier) => specifier === name || specifier.startsWith(`${name}/`));
      assert.deepEqual(loaded, [], `${name} is imported on first use`);
    }
  });

  it("imports the verifier's ledger entry, not its main entry, from src/main.ts", () => {
    const atStart = packagesLoadedAtStart('src/main.ts');
    assert.ok(atStart.has('@countersign/verify/ledger'), 'the walk reaches the ledger');
    for (const entry of HEAVY_ENTRIES) assert.equal(atStart.has(entry), false, `${entry} is not imported at start`);
  });
});
