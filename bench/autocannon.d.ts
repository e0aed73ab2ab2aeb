// The part of autocannon's API the benches use (the package ships no types).
declare module 'autocannon' {
  type Options = {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers?: Record<string, string>;
    body?: string | Buffer;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Requests in all, instead of a duration. */
    amount?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
  };
  type Histogram = { average: number; mean: number; p50: number; p99: number; max: number; min: number; total: number };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
