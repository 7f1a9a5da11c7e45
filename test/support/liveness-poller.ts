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
