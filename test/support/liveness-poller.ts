import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import type { ApiResponse, TestServer } from './test-server.js';
/**
 * Polls `/healthz` back to back while something hostile is processed, keeping the slowest answer:
 * the service runs in this process, so a stalled event loop shows here as a slow answer (issue 8:
 * other requests keep answering within 1 s).
 */
export interface LivenessPoller {
  /** Stops polling; the slowest answer in milliseconds and whether every poll got an answer below 500. */
  stop(): Promise<{ maxLatencyMs: number; polls: number; alive: boolean }>;
}

export const pollLiveness = (baseUrl: string, intervalMs = 25): LivenessPoller => {
  let running = true;
  let maxLatencyMs = 0;
  let polls = 0;
  let alive = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}/healthz`);
        await response.arrayBuffer();
        // A per-address limit may answer 429: that is an answer all the same.
        if (response.status >= 500) alive = false;
      } catch {
        alive = false;
      }
      maxLatencyMs = Math.max(maxLatencyMs, performance.now() - started);
      polls += 1;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { maxLatencyMs, polls, alive };
    },
  };
};

/** Issue 8: other requests keep answering within 1 s while a hostile request is processed. */
const LIVENESS_BOUND_MS = 1000;

/** Sends a hostile request while /healthz is polled; asserts the service stayed responsive and alive. */
export const whilePolled = async (
  t: TestContext,
  server: TestServer,
  label: string,
  send: () => Promise<ApiResponse>,
): Promise<ApiResponse> => {
  const poller = pollLiveness(server.url);
  const started = performance.now();
  const response = await send();
  const elapsedMs = performance.now() - started;
  const { maxLatencyMs, polls, alive } = await poller.stop();
  t.diagnostic(
    `${server.database}: ${label}: answered ${response.status} in ${elapsedMs.toFixed(0)} ms; /healthz max ${maxLatencyMs.toFixed(0)} ms over ${polls} polls`,
  );
  assert.ok(alive, 'every /healthz poll was answered');
  assert.ok(maxLatencyMs < LIVENESS_BOUND_MS, `/healthz took ${maxLatencyMs.toFixed(0)} ms`);
  assert.equal((await server.call('GET', '/healthz', { noAppAuthType: true })).status, 200);
  return response;
};
