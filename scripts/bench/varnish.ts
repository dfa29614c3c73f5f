// Varnish in front of the site (issue #25: 'a line for the same mix through Varnish'), with the VCL the project
// ships (deploy/varnish/default.vcl), its backends pointed at the bench's server.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

export const VARNISHD = process.env.VARNISHD ?? "/usr/sbin/varnishd";
export const SHIPPED_VCL = path.join("deploy", "varnish", "default.vcl");

/** An answer Varnish served from its cache: X-Varnish then names two transactions, this one and the stored one's. */
export const varnishHit = (headers: http.IncomingHttpHeaders) =>
  /^\d+\s+\d+$/.test(String(headers["x-varnish"] ?? "").trim());

/** Why the Varnish line cannot run here, or undefined when it can. */
export function varnishUnavailable(vclPath = process.env.BENCH_VCL ?? SHIPPED_VCL): string | undefined {
  if (!existsSync(VARNISHD)) return `${VARNISHD} not found (apt-get install varnish varnish-modules)`;
  if (!existsSync(vclPath)) return `${vclPath} not found`;
  return undefined;
}

/** The VCL with every backend's .host and .port set to the bench's server. */
export function withBackend(vcl: string, host: string, port: number): string {
  return vcl.replace(/(\.host\s*=\s*)"[^"]*"/g, `$1"${host}"`).replace(/(\.port\s*=\s*)"[^"]*"/g, `$1"${port}"`);
}

export interface Varnish {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

function answers(url: string, host: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { headers: { host }, agent: false, timeout: 2000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(0));
  });
}

/**
 * varnishd in the foreground (so its pid is the child's) on a free port, with its own working directory, the VCL
 * at `vclPath` pointed at `backend`, and 256 MB of cache in memory. Resolves once it answers the site's home page.
 */
export async function startVarnish(
  vclPath: string,
  port: number,
  backend: { host: string; port: number },
): Promise<Varnish> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-varnish-"));
  const vcl = path.join(dir, "bench.vcl");
  writeFileSync(vcl, withBackend(readFileSync(vclPath, "utf8"), backend.host, backend.port));
  const child = spawn(
    VARNISHD,
    ["-F", "-j", "none", "-n", path.join(dir, "work"), "-a", `127.0.0.1:${port}`, "-f", vcl, "-s", "malloc,256m"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  const siteHost = `${backend.host}:${backend.port}`;
  const deadline = performance.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`varnishd exited: ${output.slice(-2000)}`);
    }
    const status = await answers(origin + "/", siteHost);
    if (status > 0 && status < 500) break;
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`varnishd did not answer within 60 s (last status ${status}): ${output.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { origin, child, stop };
}
