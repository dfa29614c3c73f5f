// What the site is doing, for an operator's Prometheus (issue #29): GET /metrics in the text format, with a bearer
// token (server/app.ts). One registry per process; with several processes (server/start.ts) the answer is the sum of
// all of them, gathered by prom-client's cluster aggregator in the primary.
//
// The HTTP server is part of the server build (server/index.ts), so it and the app's code record into one copy of each
// metric.
import cluster from "node:cluster";
import { AggregatorRegistry, Counter, Gauge, Histogram, register, type PrometheusContentType } from "prom-client";

export const METRICS_CONTENT_TYPE = register.contentType;

/** A metric is made once per registry, even when a module is evaluated twice (tests, the dev server). */
function once<T>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

/** A counter, made once per registry. */
function counter<Label extends string>(name: string, help: string, labelNames: readonly Label[]): Counter<Label> {
  return once(name, () => new Counter({ name, help, labelNames }));
}

export const httpRequestDuration = once(
  "http_request_duration_seconds",
  () =>
    new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer a request, by the route that answered it (its id in app/routes.ts) and status class",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

/** Records one answer's duration (server/app.ts, on every response but /metrics). */
export function observeRequest(labels: { method: string; route: string; status: string }, seconds: number): void {
  httpRequestDuration.observe(labels, seconds);
}

export const pageCacheLookups = counter(
  "page_cache_lookups_total",
  "Public pages answered from the in-process page cache (hit) or rendered and kept (miss)",
  ["result"],
);

/** What the database pool has, read when Prometheus asks (set by the data layer's pool, if any). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}
let poolStats: (() => PoolStats) | undefined;
export function reportDatabasePool(read: () => PoolStats): void {
  poolStats = read;
}

once(
  "database_pool_connections",
  () =>
    new Gauge({
      name: "database_pool_connections",
      help: "Database connections of this process's pool: in use, idle, and requests waiting for one (PostgreSQL)",
      labelNames: ["state"] as const,
      collect() {
        const stats = poolStats?.();
        if (!stats) return;
        this.set({ state: "in_use" }, stats.total - stats.idle);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    }),
);

export const jobRuns = counter(
  "job_runs_total",
  "Background job runs by kind and event: started, finished, failed, cancelled",
  ["kind", "event"],
);

export const jobItems = counter("job_items_processed_total", "Activities processed by background jobs, by kind", [
  "kind",
]);

export const outsideCalls = counter(
  "outside_calls_total",
  "Requests to outside services (places, unsplash, website, google_sign_in) by outcome (ok, or why not)",
  ["service", "outcome"],
);

export const outsideCost = counter(
  "outside_calls_estimated_cost_dollars_total",
  "Estimated cost of the finished paid jobs, by kind, with the cost rules the confirmations show",
  ["kind"],
);

export const photoServiceEvents = counter(
  "photo_service_total",
  'Photo service work: variants drawn (its source fetches are outside_calls_total{service="photo_source"})',
  ["event"],
);

// Every process answers the primary's request for its numbers (the aggregator's listener is added when one is made).
const aggregator = new AggregatorRegistry<PrometheusContentType>();

/** The numbers of this process, or with several processes the sum of all of them (asked of the primary). */
export async function metricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return register.metrics();
  return askPrimary();
}

const METRICS_ASK = "metrics-ask";
const METRICS_ANSWER = "metrics-answer";
let asked = 0;

function askPrimary(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", listen);
      reject(new Error("The primary process did not answer with the metrics in 5 s"));
    }, 5_000);
    const listen = (message: { kind?: unknown; id?: unknown; text?: unknown; error?: unknown }) => {
      if (message?.kind !== METRICS_ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", listen);
      if (typeof message.text === "string") resolve(message.text);
      else reject(new Error(String(message.error)));
    };
    process.on("message", listen);
    process.send?.({ kind: METRICS_ASK, id });
  });
}

/** In the primary (server/start.ts): answers a worker's ask with every worker's numbers summed. */
export function answerMetricsAsks(): void {
  cluster.on("message", (worker, message: { kind?: unknown; id?: unknown }) => {
    if (message?.kind !== METRICS_ASK) return;
    aggregator.clusterMetrics().then(
      (text: string) => worker.send({ kind: METRICS_ANSWER, id: message.id, text }),
      (error: Error) => worker.send({ kind: METRICS_ANSWER, id: message.id, error: error.message }),
    );
  });
}
