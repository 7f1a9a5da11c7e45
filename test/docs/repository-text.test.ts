import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Tracked files and new ones not yet added (ignored files aside), so a pointer is caught before it is committed. */
const repositoryFiles = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((path) => path && !/(^|\/)(node_modules|dist)\//.test(path));

const textOf = (path: string): string | undefined => {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(root, path));
  } catch {
    return undefined; // deleted in the work tree
  }
  return bytes.includes(0) ? undefined : bytes.toString('utf8');
};

// Spelled in pieces so that this file does not name what it looks for.
const CONTRACT_FILES = new RegExp(`\\b(${['API', 'DESIGN', 'SERVICE'].join('|')})\\.md\\b`);
const PARENT_SHARED = /(?:\.\.\/)+shared\b/g;

/** A `../shared` path that leaves the repository: the folder beside the checkout, not web/src/shared. */
const pointsOutside = (path: string, text: string): boolean =>
  [...text.matchAll(PARENT_SHARED)].some((match) => {
    const target = resolve(root, dirname(path), match[0]);
    return target !== root.replace(/\/$/, '') && !target.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
  });

describe('the repository’s own text', () => {
  it('keeps the README to at most 200 lines, with the two commands exactly', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const lines = readme.replace(/\n$/, '').split('\n');
    assert.ok(lines.length <= 200, `README.md has ${lines.length} lines`);
    assert.ok(lines.includes('npm install && npm start'), 'README.md lacks the line `npm install && npm start`');
    assert.ok(lines.includes('npm test'), 'README.md lacks the line `npm test`');
  });

  it('points at no contract file outside the repository: no file names them, nothing leads to ../shared', () => {
    const offenders = repositoryFiles().flatMap((path) => {
      const text = textOf(path);
      if (text === undefined) return [];
      const lines = text.split('\n');
      return lines.flatMap((line, index) =>
        CONTRACT_FILES.test(line) || pointsOutside(path, line) ? [`${path}:${index + 1}: ${line.trim().slice(0, 120)}`] : [],
      );
    });
    assert.deepEqual(offenders, []);
  });
});
