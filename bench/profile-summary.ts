// A flame summary of `--cpu-prof` profiles: where the busy time went, by module and by function.
// `npm run bench` prints one for each thread of the server when BENCH_CPU_PROF=<dir> is set; it also
// runs alone:  node --import tsx bench/profile-summary.ts <file.cpuprofile>…
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repositoryRoot } from './repository-root.js';

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

/** A readable place for a script: from its package (node_modules/…) or from the repository. */
const placeOf = (url: string): string => {
  if (!url.startsWith('file:')) return url;
  const path = fileURLToPath(url);
  const inPackages = path.lastIndexOf('node_modules/');
  return inPackages >= 0 ? path.slice(inPackages + 'node_modules/'.length) : relative(repositoryRoot, path);
};

/** The package, src/<floor>, node's own code, or what V8 reports without a script. */
const moduleOf = (url: string, functionName: string): string => {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node: (built-in modules)';
  const place = placeOf(url);
  if (url.includes('node_modules/')) return place.match(/^((?:@[^/]+\/)?[^/]+)/)?.[1] ?? place;
  return place.match(/^((?:dist\/server|src)\/[^/]+)/)?.[1]?.replace('dist/server', 'src') ?? place;
};

/** A worker thread of piscina waits for its next task in atomicsWaitLoop: that is idle time too. */
const isIdle = (node: ProfileNode): boolean =>
  node.callFrame.functionName === '(idle)' || (node.callFrame.functionName === 'atomicsWaitLoop' && node.callFrame.url.includes('piscina'));

const top = (totals: Map<string, number>, count: number, busyMs: number): string[] =>
  [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([name, selfMs]) =>
        `  ${((100 * selfMs) / busyMs).toFixed(1).padStart(5)} %  ${Math.round(selfMs).toString().padStart(7)} ms  ${name}`,
    );

/** The heaviest modules and functions of one profile by self time, as shares of its busy (not idle) time. */
export const summarizeProfile = (path: string, count = 12): string => {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const allMs = (profile.endTime - profile.startTime) / 1000;
  const msPerSample = allMs / Math.max(1, profile.samples.length);
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  let idleMs = 0;
  for (const node of profile.nodes) {
    const selfMs = (node.hitCount ?? 0) * msPerSample;
    if (!selfMs) continue;
    if (isIdle(node)) {
      idleMs += selfMs;
      continue;
    }
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'}${url ? ` ${placeOf(url)}:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + selfMs);
    const module = moduleOf(url, functionName);
    byModule.set(module, (byModule.get(module) ?? 0) + selfMs);
  }
  const busyMs = Math.max(1, allMs - idleMs);
  return [
    `${path}: ${Math.round(busyMs)} ms busy of ${Math.round(allMs)} ms`,
    'by module (self time, share of busy time):',
    ...top(byModule, count, busyMs),
    'by function:',
    ...top(byFunction, count, busyMs),
  ].join('\n');
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const path of process.argv.slice(2)) console.log(`${summarizeProfile(path)}\n`);
}
