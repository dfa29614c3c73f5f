// GET /metrics as Prometheus scrapes it (issue #29): only with the operator's bearer token, never cached, in the text
// format (read by a parser of that format: every family and its type), and its numbers move with traffic. On PostgreSQL with two server
// processes, the numbers are the sum of both, whichever answers the scrape.
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { describe, expect, it } from "vitest";
import { setUpSite } from "../helpers/e2e";

const TOKEN = "metrics-token-for-the-tests-0123456789";
const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");

interface Scrape {
  /** Each family's type, as the parser read it. */
  types: Map<string, string>;
  /** Every sample: its name (a histogram's `_count` included), labels and value. */
  samples: Array<{ name: string; labels: Record<string, string>; value: number }>;
}

async function scrape(url: string): Promise<Scrape> {
  const response = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  const families = parsePrometheusTextFormat(text) as Array<{ name: string; type: string }>;
  // The parser keeps no labels of histogram samples, so the samples are read from the lines (no escapes in ours).
  const samples = text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [, name, labelText = "", value] = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k!, v!]));
      return { name: name ?? "", labels, value: Number(value) };
    });
  return { types: new Map(families.map((f) => [f.name, f.type])), samples };
}

/** The sum of the samples named `name` whose labels include `labels`. */
function total(scraped: Scrape, name: string, labels: Record<string, string> = {}): number {
  return scraped.samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe("GET /metrics", () => {
  const site = setUpSite({ env: { METRICS_TOKEN: TOKEN, WEB_CONCURRENCY: "2" }, browser: false });

  it("answers only with the token, and says how to ask", async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { Authorization: "Bearer wrong-token-wrong-token-00" },
      { Authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${site.url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe("Bearer");
      expect(await response.text()).not.toContain("http_request_duration_seconds");
    }
  });

  it("counts requests by route id and status class, and page-cache hits, as they happen", async () => {
    const page = "/usa/tn/nashville/things-to-do";
    // Reached through its route id, never its URL: the label set stays bounded whatever is asked.
    const before = await scrape(site.url);
    const cityRoute = { route: "city-activities", status: "2xx", method: "GET" };
    for (let i = 0; i < 4; i++) expect((await fetch(site.url + page)).status).toBe(200);
    expect((await fetch(`${site.url}/no/such/page/at/all`)).status).toBe(404);
    // A request is counted when its answer has gone out ('finish'), which may be just after the client has it.
    await expect
      .poll(async () => total(await scrape(site.url), "http_request_duration_seconds_count", { status: "4xx" }))
      .toBe(total(before, "http_request_duration_seconds_count", { status: "4xx" }) + 1);
    const after = await scrape(site.url);
    expect(total(after, "http_request_duration_seconds_count", cityRoute)).toBe(
      total(before, "http_request_duration_seconds_count", cityRoute) + 4,
    );
    const hits = (f: Scrape) => total(f, "page_cache_lookups_total", { result: "hit" });
    expect(hits(after)).toBeGreaterThanOrEqual(hits(before) + 2);
    expect(after.samples.some((s) => s.labels.route?.includes("/no/such"))).toBe(false);
    expect(after.types.get("http_request_duration_seconds")).toBe("HISTOGRAM");
    for (const name of ["page_cache_lookups_total", "job_runs_total", "outside_calls_total", "photo_service_total"]) {
      expect(after.types.get(name), name).toBe("COUNTER");
    }
    expect(after.types.get("database_pool_connections")).toBe("GAUGE");
  });

  it.skipIf(!onPostgres)("sums every server process's numbers, whichever process answers", async () => {
    await expect.poll(() => site.server.logs().match(/Listening on/g)?.length ?? 0, { timeout: 60_000 }).toBe(2);
    const count = async () =>
      total(await scrape(site.url), "http_request_duration_seconds_count", { route: "routes/healthz" });
    const before = await count();
    // Each on a connection of its own, so the primary hands them to both workers.
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${site.url}/healthz`, { headers: { Connection: "close" } });
      expect(response.status).toBe(200);
    }
    await expect.poll(count).toBe(before + 6);
    expect(total(await scrape(site.url), "database_pool_connections", { state: "idle" })).toBeGreaterThan(0);
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  const site = setUpSite({ browser: false });

  it("does not exist", async () => {
    const response = await fetch(`${site.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
  });
});
