import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

type Section = 'dependencies' | 'devDependencies' | 'peerDependencies' | 'optionalDependencies';

/**
 * Which package.json declares the packages a tree imports. What the server runs (src/, bin/) must be
 * in `dependencies`, which a production install keeps; tooling, tests and the pages' build may also
 * use `devDependencies`. The typed client and the verifier are packages of their own. The first matching prefix wins.
 */
const TREES: { prefix: string; packageJson: string; sections: Section[] }[] = [
  { prefix: 'clients/typescript/src/', packageJson: 'clients/typescript/package.json', sections: ['dependencies', 'peerDependencies'] },
  {
    prefix: 'clients/typescript/',
    packageJson: 'clients/typescript/package.json',
    sections: ['dependencies', 'devDependencies', 'peerDependencies'],
  },
  { prefix: 'packages/verify/src/', packageJson: 'packages/verify/package.json', sections: ['dependencies'] },
  { prefix: 'packages/embed/src/', packageJson: 'packages/embed/package.json', sections: ['dependencies', 'peerDependencies'] },
  // The verifier's tests run in the repository's api suite, with its fixtures.
  { prefix: 'packages/verify/', packageJson: 'package.json', sections: ['dependencies', 'devDependencies'] },
  { prefix: 'src/', packageJson: 'package.json', sections: ['dependencies', 'optionalDependencies'] },
  { prefix: 'bin/', packageJson: 'package.json', sections: ['dependencies', 'optionalDependencies'] },
  ...['web/', 'scripts/', 'bench/', 'test/'].map((prefix) => ({
    prefix,
    packageJson: 'package.json',
    sections: ['dependencies', 'devDependencies', 'optionalDependencies'] as Section[],
  })),
];
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist']);

const filesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_DIRECTORIES.has(entry.name) ? [] : filesUnder(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });

/** Every module specifier of a file: static, type-only, dynamic, require(), re-exports and `/// <reference types>`. */
const specifiersOf = (text: string): string[] => {
  const info = ts.preProcessFile(text, true, true);
  return [...info.importedFiles, ...info.typeReferenceDirectives].map((reference) => reference.fileName);
};

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; undefined for relative paths and Node's own modules. */
const packageOf = (specifier: string): string | undefined => {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const name = specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
  return builtinModules.includes(name) ? undefined : name;
};

const declaredIn = (packageJson: string, sections: Section[]): Set<string> => {
  const manifest = JSON.parse(readFileSync(join(ROOT, packageJson), 'utf8')) as Partial<Record<Section, Record<string, string>>> & {
    name: string;
  };
  return new Set([manifest.name, ...sections.flatMap((section) => Object.keys(manifest[section] ?? {}))]);
};

describe('declared dependencies', () => {
  it('reads static, type-only, dynamic and re-exported specifiers, and names their package', () => {
    const code = [
      "import a from 'alpha/sub';",
      "import type { B } from '@beta/core/types';",
      "export * from 'gamma';",
      "const d = await import('delta');",
      "const e = require('epsilon');",
      "import { readFile } from 'node:fs';",
      "import path from 'path';",
      "import local from './local.js';",
    ].join('\n');
    assert.deepEqual(specifiersOf(code).map(packageOf).filter(Boolean).sort(), ['@beta/core', 'alpha', 'delta', 'epsilon', 'gamma']);
  });

  it('finds every package imported by src/, bin/, web/, scripts/, bench/, test/, clients/ and packages/ in the package.json that governs it', () => {
    const undeclared: string[] = [];
    let checked = 0;
    for (const root of ['src', 'bin', 'web', 'scripts', 'bench', 'test', 'clients', 'packages']) {
      for (const file of filesUnder(root)) {
        const tree = TREES.find(({ prefix }) => file.startsWith(prefix));
        assert.ok(tree, `${file} belongs to no tree`);
        const declared = declaredIn(tree.packageJson, tree.sections);
        for (const specifier of specifiersOf(readFileSync(join(ROOT, file), 'utf8'))) {
          const name = packageOf(specifier);
          if (name === undefined) continue;
          checked += 1;
          if (!declared.has(name)) undeclared.push(`${file}: '${specifier}' is not in ${tree.packageJson} ${tree.sections.join(' or ')}`);
        }
      }
    }
    assert.ok(checked > 100, `only ${checked} package imports found: is the scan blind?`);
    assert.deepEqual(undeclared, []);
  });
});
