// The server's log (issue #29): one JSON line per event (pino), human-readable with LOG_FORMAT=pretty. Every line
// written while a request is served carries that request's id (the X-Request-Id answer header), so an error, an
// outside call or a job queued by a request can be found from the request, and the other way round.
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";

interface RequestScope {
  requestId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `run` (and everything it starts) as part of serving the request `requestId`. */
export function inRequestScope<T>(requestId: string, run: () => T): T {
  return scope.run({ requestId }, run);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

let instance: Logger | undefined;

/** The process's logger (made on first use, so reading the environment waits until it is checked). */
export function log(): Logger {
  instance ??= pino({
    // Unit and integration tests call the app's modules in the test process: their lines would only drown its output.
    level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info"),
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    ...(process.env.LOG_FORMAT === "pretty"
      ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname", singleLine: true } } }
      : {}),
  });
  return instance;
}
