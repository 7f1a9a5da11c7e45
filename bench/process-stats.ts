import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

// Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks on every common kernel build.
const TICKS_PER_SECOND = 100;

const statusField = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  if (!match?.[1]) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(match[1]) / 1024;
};

/** Resident memory of the whole process (main thread and worker threads), in MiB. */
export const rssMb = (pid: number): number => statusField(pid, 'VmRSS');

/** The process's peak resident memory since it started, in MiB. */
export const peakRssMb = (pid: number): number => statusField(pid, 'VmHWM');

/** The fields after the command name, which may itself hold spaces and parentheses. */
const statFields = (path: string): string[] => {
  const stat = readFileSync(path, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};

const cpuOf = (statPath: string): number => {
  const fields = statFields(statPath);
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
};

/** V8's `--cpu-prof` thread: its sampling is the profiler's cost, not the server's. */
const PROFILER_THREAD = 'v8:ProfEvntProc';

/** User + system CPU time the process has used (its ended threads included; a CPU profiler's excluded), in seconds. */
export const cpuSeconds = (pid: number): number => {
  let profiler = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      if (readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim() === PROFILER_THREAD)
        profiler += cpuOf(`/proc/${pid}/task/${task}/stat`);
    } catch {
      // The thread ended while the list was read.
    }
  }
  return cpuOf(`/proc/${pid}/stat`) - profiler;
};

/** CPU time every core of the machine has spent busy (not idle or waiting for I/O), in seconds. */
export const machineBusySeconds = (): number => {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / TICKS_PER_SECOND;
};

/**
 * Cores used by the server, by the load generator and by everything else while `work` ran: on a
 * shared machine, "other" says how far a figure was disturbed.
 */
export interface CoresUsed {
  server: number;
  load: number;
  other: number;
}

export const cpuShares = async <T>(serverPid: number, loadPid: number, work: () => Promise<T>): Promise<{ value: T; cores: CoresUsed }> => {
  const started = performance.now();
  const before = { server: cpuSeconds(serverPid), load: cpuSeconds(loadPid), machine: machineBusySeconds() };
  const value = await work();
  const seconds = (performance.now() - started) / 1000;
  const server = (cpuSeconds(serverPid) - before.server) / seconds;
  const load = (cpuSeconds(loadPid) - before.load) / seconds;
  const other = Math.max(0, (machineBusySeconds() - before.machine) / seconds - server - load);
  return { value, cores: { server, load, other } };
};

export const commandLine = (pid: number): string => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();

const isAlive = (pid: number): boolean => {
  try {
    readFileSync(`/proc/${pid}/stat`);
    return true;
  } catch {
    return false;
  }
};

/** Every process started, directly or not, by `pid` (this kernel has no /proc/<pid>/task/<tid>/children). */
export const descendantsOf = (pid: number): number[] => {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(statFields(`/proc/${entry}/stat`)[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while the table was read.
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
};

export const waitForExit = async (pid: number, timeoutMs: number): Promise<boolean> => {
  const deadline = performance.now() + timeoutMs;
  while (isAlive(pid)) {
    if (performance.now() > deadline) return false;
    await sleep(20);
  }
  return true;
};

/**
 * Waits until the process uses under 5 % of one core over half a second (its background jobs, the mails
 * of the previous load run say, are done), so one measurement does not pay for the last one's work.
 * Answers whether it settled within `timeoutMs`.
 */
export const waitUntilIdle = async (pid: number, timeoutMs = 30_000): Promise<boolean> => {
  const deadline = performance.now() + timeoutMs;
  let before = cpuSeconds(pid);
  while (performance.now() < deadline) {
    await sleep(500);
    const after = cpuSeconds(pid);
    if (after - before < 0.025) return true;
    before = after;
  }
  return false;
};

/** Samples the process's RSS every 20 ms until stopped; answers the highest sample, in MiB. */
export const sampleRss = (pid: number): { stop(): number } => {
  let highest = rssMb(pid);
  const timer = setInterval(() => {
    try {
      highest = Math.max(highest, rssMb(pid));
    } catch {
      // Gone: the highest sample so far stands.
    }
  }, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return highest;
    },
  };
};
