// How the scripts (npm start, the admin CLI, migrate, backup, restore) stop on what the operator must fix: the
// message alone and exit code 1, no stack trace. Anything else is a bug, shown with its stack.

/** An error whose message says everything the operator needs. */
export class Refusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "Refusal";
  }
}

/**
 * What the operator must fix, by name: Refusal; EnvironmentError, a bad or missing variable (app/env.server.ts);
 * DataDirLockedError, the embedded database is another process's.
 */
const REFUSALS = new Set(["Refusal", "EnvironmentError", "DataDirLockedError"]);

export function isRefusal(error: unknown): error is Error {
  return error instanceof Error && REFUSALS.has(error.name);
}

/** Prints a refusal's message (or a string) alone, any other error with its stack, and exits 1. */
export function exitWithRefusal(error: unknown): never {
  console.error(isRefusal(error) ? error.message : error);
  process.exit(1);
}
