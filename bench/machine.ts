import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { repositoryRoot } from './repository-root.js';

export interface Machine {
  date: string;
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  /** The commit measured, "+ changes" when the tree differs from it. */
  commit: string;
}

const git = (...args: string[]): string => execFileSync('git', args, { cwd: repositoryRoot, encoding: 'utf8' }).trim();

export const describeMachine = (): Machine => {
  let commit: string;
  try {
    const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
    commit = `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + uncommitted changes' : ''}`;
  } catch {
    commit = 'unknown (not a git checkout)';
  }
  return {
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    cores: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    commit,
  };
};

export const machineLine = (machine: Machine): string =>
  `${machine.date}, commit ${machine.commit}; ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}`;
