// A flame summary of `--cpu-prof` profiles: where the sampled time went, by function and by module.
// `npm run bench` writes one for the server when BENCH_CPU_PROF=<dir> is set; it also runs alone:
//   node --import tsx bench/profile-summary.ts <file.cpuprofile>…
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repositoryRoot } from './child-processes.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  startTime: number;
  endTime: number;
}

/** node_modules/<package>, src/<floor>, node's own code, or what V8 reports without a script. */
const moduleOf = (url: string, functionName: string): string => {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node: (built-in modules)';
  const path = url.startsWith('file:') ? relative(repositoryRoot, fileURLToPath(url)) : url;
  const inPackage = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inPackage?.[1]) return inPackage[1];
  const inSource = path.match(/^(?:dist\/server|src)\/([^/]+)/);
  return inSource?.[1] ? `src/${inSource[1]}` : path;
};

const top = (totals: Map<string, number>, count: number, allMs: number): string[] =>
  [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([name, selfMs]) =>
        `  ${((100 * selfMs) / allMs).toFixed(1).padStart(5)} %  ${Math.round(selfMs).toString().padStart(7)} ms  ${name}`,
    );

/** The heaviest functions and modules of one profile by self time. */
export const summarizeProfile = (path: string, count = 12): string => {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const allMs = (profile.endTime - profile.startTime) / 1000;
  const msPerSample = allMs / Math.max(1, profile.samples.length);
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  for (const node of profile.nodes) {
    const selfMs = (node.hitCount ?? 0) * msPerSample;
    if (!selfMs) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? ` ${url.startsWith('file:') ? relative(repositoryRoot, fileURLToPath(url)) : url}:${lineNumber + 1}` : '';
    const name = `${functionName || '(anonymous)'}${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + selfMs);
    const module = moduleOf(url, functionName);
    byModule.set(module, (byModule.get(module) ?? 0) + selfMs);
  }
  return [
    `${path}: ${Math.round(allMs)} ms sampled`,
    'by module (self time):',
    ...top(byModule, count, allMs),
    'by function (self time):',
    ...top(byFunction, count, allMs),
  ].join('\n');
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const path of process.argv.slice(2)) console.log(`${summarizeProfile(path)}\n`);
}
