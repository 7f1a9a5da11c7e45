// The part of autocannon's API the benchmark uses (the package ships no types; @types/autocannon
// would be a dependency for a handful of fields).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      amount?: number;
    }
    interface Result {
      /** Seconds the run actually took. */
      duration: number;
      requests: { average: number; total: number };
      latency: { p50: number; p99: number };
      errors: number;
      timeouts: number;
      non2xx: number;
      statusCodeStats: Record<string, { count: number }>;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
