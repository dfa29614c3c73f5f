// `npm run chaos`: administrators write through the admin API while the server is killed with SIGKILL; it is
// started again, and the data must show no partial write and no lost acknowledged one (issue 11, "Data integrity
// under concurrency and faults"). Prints the recovery time: from the kill to the restarted server's first healthy
// answer. On the embedded PGlite by default; on PostgreSQL when DATABASE_URL is set (a throw-away database on
// that server, dropped afterwards). `npm run chaos -- --rounds 5 --seconds 4`: kills, and writing time before each.
//
// The writers, all at once, each on rows of its own so every outcome is known:
// - creators add activities with three tags and an excerpt naming them, in one request each;
// - updaters replace the three tags and the excerpt of their own activities (one transaction per request);
// - bulk writers move their own group of ten activities to another category (one request per group).
// What must hold afterwards: every activity's tags are the ones its excerpt names (a row and its tags are written
// together); every create that was answered 201 exists, and one cut off by the kill exists whole or not at all;
// an updated activity shows its last answered update or the one cut off; a group has one category, again the last
// answered or the cut-off one.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { databaseTarget } from "../app/data/adapter.server";
import { freePort, startSite, throwAwayDatabase, type SiteProcess } from "./harness";

const { values: options } = parseArgs({
  options: { rounds: { type: "string", default: "3" }, seconds: { type: "string", default: "3" } },
});
const ROUNDS = Math.max(1, Number(options.rounds) || 3);
const WRITE_MS = Math.max(0.5, Number(options.seconds) || 3) * 1000;
const CITY = "nashville";
const ADMIN_EMAIL = "chaos@example.com";
const CREATORS = 3;
const UPDATERS = 3;
const BULK_WRITERS = 2;
const OWN_ACTIVITIES = 8;
const GROUP_SIZE = 10;

interface Activity {
  id: number;
  title: string;
  excerpt: string;
  category: string;
  tags: string[];
}

/**
 * What the database must show for each key (an activity's excerpt, a group's category), written by one writer at
 * a time: the last answered write, or the one sent after it that the kill cut off. Spans the rounds.
 */
class Ledger<K> {
  private readonly entries = new Map<K, { known: string; pending?: string; history: string[] }>();

  know(key: K, value: string) {
    this.entries.set(key, { known: value, history: [value] });
  }
  send(key: K, value: string) {
    const entry = this.entries.get(key)!;
    entry.pending = value;
    entry.history.push(value);
  }
  answered(key: K, value: string) {
    const entry = this.entries.get(key)!;
    entry.known = value;
    entry.pending = undefined;
  }
  cutOff(): number {
    return [...this.entries.values()].filter((e) => e.pending !== undefined).length;
  }
  /** A problem, or null; what was found is then known (a cut-off write either happened or not). */
  check(key: K, found: string | undefined, label: string): string | null {
    const entry = this.entries.get(key)!;
    const { known, pending, history } = entry;
    entry.pending = undefined;
    if (found === known || (pending !== undefined && found === pending)) {
      entry.known = found;
      return null;
    }
    const age = found === undefined ? -1 : history.lastIndexOf(found);
    const what = age === -1 ? "a value never written" : `the write sent ${history.length - 1 - age} writes earlier`;
    return `${label}: shows ${JSON.stringify(found)} (${what}); the last answered write was ${JSON.stringify(known)}${
      pending === undefined ? "" : `, the cut-off one ${JSON.stringify(pending)}`
    }`;
  }
}

class Site {
  private process: SiteProcess | undefined;
  cookie = "";

  constructor(
    readonly origin: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  async start() {
    this.process = await startSite(this.env, 300_000);
  }

  output() {
    return this.process?.output() ?? "";
  }

  /** SIGKILL: no shutdown, no flush, as a crashed machine or an OOM kill. */
  async kill() {
    const child = this.process!.child;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }

  stop() {
    return this.process?.stop();
  }

  async request(method: string, pathname: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const response = await fetch(this.origin + pathname, {
      method,
      headers: { Origin: this.origin, "Content-Type": "application/json", Cookie: this.cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: keep the text for the error message
    }
    return { status: response.status, json };
  }

  async expect<T>(method: string, pathname: string, status: number, body?: unknown): Promise<T> {
    const answer = await this.request(method, pathname, body);
    if (answer.status !== status) {
      throw new Error(`${method} ${pathname} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    }
    return answer.json as T;
  }

  /** Signs in as the tests do: a one-time link from the running server (the admin CLI's bridge), then its POST. */
  async signIn(cliFile: string) {
    const { secret } = JSON.parse(await readFile(cliFile, "utf8")) as { secret: string };
    const linkResponse = await fetch(`${this.origin}/admin/cli/login-link`, {
      method: "POST",
      headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json", Origin: this.origin },
      body: JSON.stringify({ email: ADMIN_EMAIL }),
    });
    const { url } = (await linkResponse.json()) as { url: string };
    const signedIn = await fetch(this.origin + new URL(url).pathname, {
      method: "POST",
      headers: { Origin: this.origin },
      redirect: "manual",
    });
    const session = signedIn.headers.getSetCookie().find((c) => c.startsWith("__session="));
    if (!session) throw new Error(`Sign-in failed: ${signedIn.status}`);
    this.cookie = session.split(";")[0]!;
  }

  /** Polls /healthz until it answers 200; the time it took. */
  async waitUntilHealthy(since: number): Promise<number> {
    for (;;) {
      const ok = await fetch(`${this.origin}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return performance.now() - since;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

const excerptFor = (tags: readonly string[]) => `Chaos tags: ${[...tags].sort().join(" | ")}`;

function pick<T>(items: readonly T[], n: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < n && pool.length > 0) picked.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]!);
  return picked;
}

function activityBody(title: string, tags: string[], category: string) {
  return {
    title,
    category,
    tags,
    excerpt: excerptFor(tags),
    image: "https://images.example/chaos.jpg",
    latitude: "36.1612",
    longitude: "-86.7785",
    cityId: CITY,
  };
}

/** Every activity of the city, through the public API (paged, as it must be). */
async function cityActivities(site: Site): Promise<Activity[]> {
  const all: Activity[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await site.expect<Activity[]>(
      "GET",
      `/api/activities?cityId=${CITY}&limit=1000&offset=${offset}`,
      200,
    );
    all.push(...page);
    if (page.length < 1000) return all;
  }
}

interface Round {
  writes: number;
  cutOff: number;
  recoveryMs: number;
  problems: string[];
}

async function round(
  site: Site,
  number: number,
  choices: { tags: string[]; categories: string[] },
  owned: { updaters: Activity[][]; groups: Activity[][] },
  ledgers: { excerpts: Ledger<number>; categories: Ledger<number> },
): Promise<Round> {
  let stopped = false;
  let killing = false;
  let writes = 0;
  const problems: string[] = [];
  // A create is answered (201) or cut off; its tags either way.
  const creates = new Map<string, { tags: string[]; answered: boolean }>();

  // Each writer loops until the kill; the request the kill cuts off is recorded as such. Any failure before the
  // kill is a finding of its own.
  async function loop(write: (i: number) => Promise<void>) {
    for (let i = 0; !stopped; i++) {
      try {
        await write(i);
      } catch (error) {
        if (!killing) problems.push(`before the kill: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
    }
  }
  const creators = Array.from({ length: CREATORS }, (_, w) =>
    loop(async (i) => {
      const title = `Chaos ${number}-${w}-${i}`;
      const tags = pick(choices.tags, 3);
      creates.set(title, { tags, answered: false });
      await site.expect("POST", "/api/activities", 201, activityBody(title, tags, choices.categories[0]!));
      creates.set(title, { tags, answered: true });
      writes++;
    }),
  );
  const updaters = owned.updaters.map((mine) =>
    loop(async (i) => {
      const activity = mine[i % mine.length]!;
      const tags = pick(choices.tags, 3);
      const excerpt = excerptFor(tags);
      ledgers.excerpts.send(activity.id, excerpt);
      await site.expect("PUT", `/api/activities/${activity.id}`, 200, { tags, excerpt });
      ledgers.excerpts.answered(activity.id, excerpt);
      writes++;
    }),
  );
  const bulkWriters = owned.groups.map((group, g) =>
    loop(async (i) => {
      const categoryName = choices.categories[(i + number) % choices.categories.length]!;
      ledgers.categories.send(g, categoryName);
      await site.expect("POST", "/api/activities/bulk-category-update", 200, {
        activityIds: group.map((a) => a.id),
        categoryName,
      });
      ledgers.categories.answered(g, categoryName);
      writes++;
    }),
  );

  await new Promise((resolve) => setTimeout(resolve, WRITE_MS * (0.75 + Math.random() / 2)));
  killing = true;
  const killedAt = performance.now();
  await site.kill();
  stopped = true;
  await Promise.all([...creators, ...updaters, ...bulkWriters]);
  await site.start();
  const recoveryMs = await site.waitUntilHealthy(killedAt);

  const cutOff =
    [...creates.values()].filter((c) => !c.answered).length + ledgers.excerpts.cutOff() + ledgers.categories.cutOff();
  const activities = await cityActivities(site);
  const byTitle = new Map(activities.map((a) => [a.title, a]));
  const byId = new Map(activities.map((a) => [a.id, a]));
  for (const a of activities.filter((a) => a.title.startsWith("Chaos "))) {
    if (a.tags.length !== 3 || a.excerpt !== excerptFor(a.tags)) {
      problems.push(`${a.title}: tags [${a.tags.join(", ")}] but the excerpt says "${a.excerpt}"`);
    }
  }
  if (byTitle.size !== activities.length) problems.push("two activities share a title");
  for (const [title, { tags, answered }] of creates) {
    const found = byTitle.get(title);
    if (answered && !found) problems.push(`${title}: created (201) but gone after the restart`);
    if (found && found.tags.join() !== [...tags].sort().join()) problems.push(`${title}: tags ${found.tags.join()}`);
  }
  for (const activity of owned.updaters.flat()) {
    const problem = ledgers.excerpts.check(activity.id, byId.get(activity.id)?.excerpt, `activity ${activity.id}`);
    if (problem) problems.push(problem);
  }
  owned.groups.forEach((group, g) => {
    const categories = new Set(group.map((a) => byId.get(a.id)?.category));
    if (categories.size !== 1) problems.push(`group ${g}: half moved (${[...categories].join(", ")})`);
    const problem = ledgers.categories.check(g, [...categories][0], `group ${g}`);
    if (problem) problems.push(problem);
  });
  return { writes, cutOff, recoveryMs, problems };
}

async function main() {
  const target = databaseTarget();
  const workDir = await mkdtemp(path.join(os.tmpdir(), "tt-chaos-"));
  const database = target.kind === "postgres" ? await throwAwayDatabase(target.url, `chaos_${Date.now()}`) : undefined;
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const cliFile = path.join(workDir, "admin-cli.json");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_URL: origin,
    SESSION_SECRET: "chaos-session-secret-not-for-production",
    ADMIN_CLI_FILE: cliFile,
    LOG_REQUESTS: "0",
    WEB_CONCURRENCY: "1",
    ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: "", PGLITE_DIR: path.join(workDir, "pglite") }),
  };
  const site = new Site(origin, env);
  const label = database ? "PostgreSQL" : "PGlite";
  let failed = false;
  try {
    console.log(`Starting the site on ${label} (seeding a fresh database)…`);
    await site.start();
    await site.signIn(cliFile);
    const tags = (await site.expect<{ name: string }[]>("GET", "/api/tags", 200)).map((t) => t.name);
    const categories = (await site.expect<{ name: string }[]>("GET", "/api/categories", 200))
      .map((c) => c.name)
      .filter((name) => name !== "All");
    const choices = { tags, categories: pick(categories, 3) };
    const create = (title: string) =>
      site.expect<Activity>("POST", "/api/activities", 201, activityBody(title, pick(tags, 3), choices.categories[0]!));
    const owned = { updaters: [] as Activity[][], groups: [] as Activity[][] };
    for (let u = 0; u < UPDATERS; u++) {
      owned.updaters.push(
        await Promise.all(Array.from({ length: OWN_ACTIVITIES }, (_, i) => create(`Chaos own ${u}-${i}`))),
      );
    }
    for (let g = 0; g < BULK_WRITERS; g++) {
      owned.groups.push(
        await Promise.all(Array.from({ length: GROUP_SIZE }, (_, i) => create(`Chaos group ${g}-${i}`))),
      );
    }
    console.log(
      `${CREATORS} creators, ${UPDATERS} updaters and ${BULK_WRITERS} bulk writers; SIGKILL after about ${WRITE_MS / 1000} s, ${ROUNDS} times`,
    );
    const ledgers = { excerpts: new Ledger<number>(), categories: new Ledger<number>() };
    for (const activity of owned.updaters.flat()) ledgers.excerpts.know(activity.id, activity.excerpt);
    owned.groups.forEach((_, g) => ledgers.categories.know(g, choices.categories[0]!));
    const recoveries: number[] = [];
    for (let n = 1; n <= ROUNDS; n++) {
      const result = await round(site, n, choices, owned, ledgers);
      recoveries.push(result.recoveryMs);
      console.log(
        `round ${n}: ${result.writes} writes answered, ${result.cutOff} cut off by the kill; ` +
          `back in ${(result.recoveryMs / 1000).toFixed(1)} s; ${result.problems.length} partial or lost writes`,
      );
      for (const problem of result.problems) console.log(`  ${problem}`);
      if (result.problems.length > 0) failed = true;
      // The session is a database row: it survives the crash too.
      if ((await site.request("GET", "/api/auth/user")).status !== 200) {
        console.log("  the admin session did not survive the restart");
        failed = true;
      }
    }
    const average = recoveries.reduce((a, b) => a + b, 0) / recoveries.length;
    console.log(
      `${label}: ${failed ? "FAILED" : "no partial write, none lost"}; recovery ${(average / 1000).toFixed(1)} s on average ` +
        `(${recoveries.map((ms) => (ms / 1000).toFixed(1)).join(", ")} s)`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(site.output());
    failed = true;
  } finally {
    await site.stop();
    await database?.drop();
    await rm(workDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

void main();
