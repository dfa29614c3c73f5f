// The part of autocannon's API that scripts/bench.ts uses (the package ships no types).
declare module "autocannon" {
  interface Stats {
    average: number;
    total: number;
  }
  interface Result {
    requests: Stats;
    latency: Stats & { p50: number; p97_5: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  interface Instance extends PromiseLike<Result> {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
  }
  export default function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
  }): Instance;
}
