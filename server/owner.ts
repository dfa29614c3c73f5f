// How the command-line tools (the admin CLI, db:backup) reach the database (issue #24 'One owner of the embedded
// database'): through the running server when one owns it, over loopback with the secret of its bridge file
// (app/auth/cli-link.server.ts); by opening it themselves only when no process holds its lock. A server still
// starting (it holds the lock, marked as a server, and has not written its bridge yet) is waited for; one that does
// not answer in time is reported, never bypassed: two processes on one PGlite directory lose commits.
import http from "node:http";
import { readCliFile, type CliFile } from "../app/auth/cli-link.server";
import { databaseTarget } from "../app/data/adapter.server";
import { dataDirHolder, DataDirLockedError, isRunning, lockFileOf } from "../app/data/data-dir-lock.server";
import { Refusal } from "./refusal";

/** How long a server that is starting (migrating, seeding, building) is waited for. */
const STARTING_WAIT_MS = 180_000;

/** The server could not be reached at all (nothing listens on its port): it is starting or stopping. */
export class ServerUnreachable extends Error {}

/** The server took the connection but did not answer in time: it is busy, and still owns the database. */
export class ServerTimeout extends Error {}

export interface ServerAnswer {
  status: number;
  body: Buffer;
}

/**
 * POSTs JSON to the server a bridge file names: over loopback, addressed to the server's public host (with PUBLIC_URL
 * set, the only one it answers for; fetch cannot set Host, node:http can), with the bridge's secret.
 */
export function postToServer(file: CliFile, path: string, payload: unknown, timeoutMs: number): Promise<ServerAnswer> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: file.port,
        path,
        method: "POST",
        headers: {
          Host: new URL(file.origin).host,
          Origin: file.origin,
          Authorization: `Bearer ${file.secret}`,
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
        },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      },
    );
    request.on("timeout", () =>
      request.destroy(new ServerTimeout(`it did not answer in ${Math.round(timeoutMs / 1000)} s`)),
    );
    request.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error instanceof ServerTimeout
          ? error
          : ["ECONNREFUSED", "ECONNRESET", "EPIPE"].includes(error.code ?? "")
            ? new ServerUnreachable(error.message)
            : error,
      ),
    );
    request.end(body);
  });
}

function busy(pid: number, error: ServerTimeout): Refusal {
  return new Refusal(
    `The server (process ${pid}) owns the database but ${error.message} (busy, e.g. with a CSV import). ` +
      "Nothing was done; try again in a moment.",
  );
}

export interface OwnerWork<T> {
  /** The work through the running server (may throw ServerUnreachable or ServerTimeout). */
  viaServer(file: CliFile): Promise<T>;
  /** The work on the database itself: called when no process holds it (opening it takes its lock). */
  directly(): Promise<T>;
}

/**
 * Runs `work` through the server that owns the database, or directly when none does (see the header). On PostgreSQL,
 * which many processes share, a server that cannot be reached is simply passed by.
 */
export async function throughOwner<T>(work: OwnerWork<T>): Promise<T> {
  const target = databaseTarget();
  const embedded = target.kind === "pglite" && target.dataDir !== undefined;
  // The bridge ADMIN_CLI_FILE names, when its server runs.
  const own = readCliFile();
  if (own && isRunning(own.pid)) {
    try {
      return await work.viaServer(own);
    } catch (error) {
      if (error instanceof ServerTimeout && embedded) throw busy(own.pid, error);
      if (!(error instanceof ServerUnreachable) && !(error instanceof ServerTimeout)) throw error;
    }
  }
  if (target.kind === "postgres" || !target.dataDir) return work.directly();
  const dataDir = target.dataDir;
  const deadline = Date.now() + STARTING_WAIT_MS;
  let said = false;
  for (;;) {
    const holder = dataDirHolder(dataDir);
    if (!holder) {
      try {
        return await work.directly();
      } catch (error) {
        if (error instanceof DataDirLockedError) continue; // taken meanwhile: see who holds it now
        throw error;
      }
    }
    if (!holder.cliFile) throw new DataDirLockedError(dataDir, holder, lockFileOf(dataDir));
    const bridge = readCliFile(holder.cliFile);
    if (bridge?.pid === holder.pid) {
      try {
        return await work.viaServer(bridge);
      } catch (error) {
        if (error instanceof ServerTimeout) throw busy(holder.pid, error);
        if (!(error instanceof ServerUnreachable)) throw error;
      }
    }
    if (Date.now() > deadline) {
      throw new Refusal(
        `The server (process ${holder.pid}) owns the database but has not answered in ${STARTING_WAIT_MS / 1000} s ` +
          `(its bridge file ${holder.cliFile} is missing or stale); see its output, or restart it and try again.`,
      );
    }
    if (!said) {
      console.error(`The server (process ${holder.pid}) is starting; waiting for it to answer…`);
      said = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
