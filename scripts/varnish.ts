// Varnish for the tests and the bench: varnishd in the foreground with the shipped deploy/varnish/default.vcl, its
// backends section (between '# BEGIN BACKENDS' and '# END BACKENDS') replaced by the given app instances behind a
// round-robin director; everything else is the shipped file's. Stopped by its process id.
import { spawn } from "node:child_process";
import type http from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export const VARNISHD = process.env.VARNISHD ?? "/usr/sbin/varnishd";
export const SHIPPED_VCL = path.resolve("deploy/varnish/default.vcl");

/** An answer Varnish served from its cache: X-Varnish then names two transactions, this one and the stored one's. */
export const varnishHit = (headers: http.IncomingHttpHeaders) =>
  /^\d+\s+\d+$/.test(String(headers["x-varnish"] ?? "").trim());

/** Why Varnish cannot run here with the VCL at `vclPath`, or undefined when it can. */
export function varnishUnavailable(vclPath = SHIPPED_VCL): string | undefined {
  if (!existsSync(VARNISHD))
    return `${VARNISHD} is missing: install Varnish with 'apt-get install -y varnish varnish-modules'`;
  if (!existsSync(vclPath)) return `${vclPath} not found`;
  return undefined;
}

export interface VarnishBackend {
  host: string;
  port: number;
}

/**
 * The VCL at `vclPath` (the shipped one by default) with its backends section replaced by `backends`, round robin,
 * each probed on /healthz.
 */
export function vclFor(backends: readonly VarnishBackend[], vclPath = SHIPPED_VCL): string {
  const shipped = readFileSync(vclPath, "utf8");
  const section = /# BEGIN BACKENDS\n[\s\S]*?# END BACKENDS\n/;
  if (!section.test(shipped)) throw new Error(`${vclPath} has no BEGIN BACKENDS … END BACKENDS section`);
  const lines = [
    'probe healthz { .url = "/healthz"; .interval = 1s; .timeout = 1s; .window = 3; .threshold = 2; .initial = 2; }',
    ...backends.map(
      ({ host, port }, i) => `backend site${i} { .host = "${host}"; .port = "${port}"; .probe = healthz; }`,
    ),
    "sub vcl_init {",
    "  new app = directors.round_robin();",
    ...backends.map((_, i) => `  app.add_backend(site${i});`),
    "}",
    "",
  ];
  return shipped.replace(section, lines.join("\n"));
}

export interface VarnishProcess {
  /** Where Varnish listens, e.g. http://localhost:6081 (the apps' PUBLIC_URL). */
  url: string;
  pid: number;
  /** Resolves once Varnish answers `pathname` with a 200 (a healthy backend behind it), checked every 100 ms. */
  answering(pathname?: string, timeoutMs?: number): Promise<void>;
  logs(): string;
  stop(): Promise<void>;
}

/** Starts varnishd on 127.0.0.1:`port` in front of `backends`; fails, saying what to install, without Varnish. */
export async function startVarnish(
  port: number,
  backends: readonly VarnishBackend[],
  { memory = "64m", vcl = SHIPPED_VCL }: { memory?: string; vcl?: string } = {},
): Promise<VarnishProcess> {
  const unavailable = varnishUnavailable(vcl);
  if (unavailable) throw new Error(unavailable);
  const workDir = await mkdtemp(path.join(os.tmpdir(), "tt-varnish-"));
  const vclPath = path.join(workDir, "default.vcl");
  await writeFile(vclPath, vclFor(backends, vcl));
  // -j none: runs as the caller (the default jail switches to the varnish user, who cannot read the work dir);
  // -T none: no management port to collide with; one small thread pool (the app, not Varnish, is measured).
  const args = ["-F", "-j", "none", "-T", "none", "-n", path.join(workDir, "instance"), "-a", `127.0.0.1:${port}`];
  args.push("-f", vclPath, "-s", `malloc,${memory}`, "-p", "thread_pools=1", "-p", "thread_pool_min=10");
  const child = spawn(VARNISHD, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const url = `http://localhost:${port}`;
  return {
    url,
    pid: child.pid!,
    logs: () => output,
    async answering(pathname = "/healthz", timeoutMs = 30_000) {
      for (const deadline = Date.now() + timeoutMs; ;) {
        if (!running()) throw new Error(`varnishd exited:\n${output}`);
        const status = await fetch(url + pathname).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) return;
        if (Date.now() > deadline) throw new Error(`varnishd did not answer ${pathname} (last: ${status}):\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      if (running()) {
        process.kill(child.pid!, "SIGTERM");
        await exited;
      }
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
