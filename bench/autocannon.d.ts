// The part of autocannon's API the benchmark uses (the package ships no types; @types/autocannon
// would be a dependency for five fields).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      duration?: number;
      connections?: number;
    }
    interface Result {
      requests: { average: number };
      latency: { p99: number };
      errors: number;
      non2xx: number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
