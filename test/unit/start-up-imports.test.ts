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
  it('loads the MCP SDK, zod and ioredis on first use only, never through a static import from src/main.ts', () => {
    const atStart = [...packagesLoadedAtStart('src/main.ts')];
    assert.ok(atStart.includes('fastify'), 'the walk reaches the HTTP server');
    for (const name of LOADED_ON_FIRST_USE) {
      const loaded = atStart.filter((specifier) => specifier === name || specifier.startsWith(`${name}/`));
      assert.deepEqual(loaded, [], `${name} is imported on first use`);
    }
  });
});
