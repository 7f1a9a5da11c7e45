import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from './repository-root.js';

export const BENCHMARKS_DOC = join(repositoryRoot, 'docs', 'benchmarks.md');

const BEGIN = '<!-- npm run bench: generated from here -->';
const END = '<!-- npm run bench: generated up to here -->';

/** `text` with its generated part (between the markers) replaced; the prose around it stays. */
export const withGenerated = (text: string, generated: string): string => {
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`docs/benchmarks.md lacks the markers "${BEGIN}" … "${END}"`);
  return `${text.slice(0, begin + BEGIN.length)}\n\n${generated.trim()}\n\n${text.slice(end)}`;
};

/** Checked before a run that will rewrite the page, so a lost marker fails in a second, not after the run. */
export const checkBenchmarksDoc = (path = BENCHMARKS_DOC): void => void withGenerated(readFileSync(path, 'utf8'), '');

export const rewriteBenchmarksDoc = (generated: string, path = BENCHMARKS_DOC): void =>
  writeFileSync(path, withGenerated(readFileSync(path, 'utf8'), generated));
