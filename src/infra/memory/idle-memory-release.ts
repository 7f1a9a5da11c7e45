import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface IdleMemoryRelease {
  /** A request arrived: the process is not idle. */
  activity(): void;
  stop(): void;
}

/**
 * V8's full collection. Node runs V8 without its idle notifications, so a process that stops allocating
 * keeps the garbage and the grown young generation of its last burst indefinitely; `gc` is exposed for
 * this alone (the flag takes effect in contexts made after it is set).
 */
const fullCollection = (): (() => void) => {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
};

/**
 * Once the server has received no request for `quietChecks` checks in a row, collects the heap fully,
 * once per quiet spell (docs/operations/scaling.md "Memory"). The second collection shrinks the young
 * generation, which V8 sizes by how much the previous one kept.
 */
export const startIdleMemoryRelease = ({
  collect = fullCollection(),
  checkEveryMs = 10_000,
  quietChecks = 3,
}: { collect?: () => void; checkEveryMs?: number; quietChecks?: number } = {}): IdleMemoryRelease => {
  let received = 0;
  let receivedAtLastCheck = 0;
  let quiet = 0;
  let released = false;
  const timer = setInterval(() => {
    if (received !== receivedAtLastCheck) {
      receivedAtLastCheck = received;
      quiet = 0;
      released = false;
      return;
    }
    quiet += 1;
    if (released || quiet < quietChecks) return;
    released = true;
    collect();
    collect();
  }, checkEveryMs);
  timer.unref();
  return {
    activity: () => {
      received += 1;
    },
    stop: () => clearInterval(timer),
  };
};
