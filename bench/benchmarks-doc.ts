import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from './child-processes.js';

export const BENCHMARKS_DOC = join(repositoryRoot, 'docs', 'benchmarks.md');

const BEGIN = '<!-- npm run bench: generated from here -->';
const END = '<!-- npm run bench: generated up to here -->';

/** Replaces the generated part of docs/benchmarks.md (between its markers); the prose around it stays. */
export const rewriteBenchmarksDoc = (generated: string, path = BENCHMARKS_DOC): void => {
  const text = readFileSync(path, 'utf8');
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${path} lacks the markers "${BEGIN}" … "${END}"`);
  writeFileSync(path, `${text.slice(0, begin + BEGIN.length)}\n\n${generated.trim()}\n\n${text.slice(end)}`);
};
