// The fresh database of a test file, opened and disposed of by its hooks. Apart from database.ts because it imports
// "vitest", which vitest's main process cannot load, and that process loads database.ts (global-setup.ts →
// shared-sites.ts → server.ts).
import { afterAll, beforeAll } from "vitest";
import { useFreshDatabase, type DatabaseContent, type TestDatabase } from "./database";

/**
 * A fresh database holding `content` for the tests of this file (or of the describe block it is called in): opened
 * by a beforeAll hook registered here, disposed of by an afterAll hook. The object it returns is filled in when the
 * hook has run, so the file's own later beforeAll hooks (registered after this call) may use it, and its own
 * afterAll hooks run before it is disposed of (vitest runs afterAll hooks in reverse order).
 */
export function databaseForTheseTests(content: Exclude<DatabaseContent, "empty">): TestDatabase {
  const database = {} as TestDatabase;
  beforeAll(async () => {
    Object.assign(database, await useFreshDatabase(content));
  });
  afterAll(async () => database.dispose?.());
  return database;
}
