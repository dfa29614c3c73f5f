// Makes the run's template databases (see database.ts) before the first test file starts, and removes them after
// the last: one migrated, and a copy of it seeded as `npm start` seeds an empty database. Also opens the endpoint
// that starts each worker's shared site (shared-sites.ts) and stops those sites after the last file. vitest.config.ts runs this
// only when a test under tests/ is queued, so unit test runs do not pay for it.
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type { DatabaseTarget } from "~/data/adapter.server";
import { openDatabase, setDatabase, type Database } from "~/data/db.server";
import { bossForDatabase, setUpQueue } from "~/jobs/queue.server";
import { seed } from "../../prisma/seed";
import type { DatabaseTemplates } from "./database";
import { copyDirectory, removeDirectory } from "./directories";
import { databaseUrl, onPostgresServer, postgresBaseUrl } from "./postgres";
import { openSharedSites } from "./shared-sites";

export default async function setup(project: TestProject) {
  const base = postgresBaseUrl();
  const { templates, remove } = base ? await postgresTemplates(base) : await pgliteTemplates();
  project.provide("databaseTemplates", templates);
  const sharedSites = await openSharedSites(templates);
  project.provide("sharedSites", sharedSites.url);
  return async () => {
    await sharedSites.close();
    await remove();
  };
}

async function prepare(target: DatabaseTarget, content: "migrated" | "seeded") {
  const database = await openDatabase(target); // migrates
  try {
    if (content === "seeded") {
      await seed(database.prisma);
      await setUpJobQueue(database);
    }
  } finally {
    await database.close();
  }
}

/**
 * pg-boss's schema and the app's queues, as the first `npm start` leaves them beside the seed: each server a test
 * starts on a seeded database finds them made (about half a second of its CPU on PGlite) instead of making them.
 * The migrated template has none, so a fresh start's setting up is still what tests/integration/job-queue-setup.test.ts
 * meets.
 */
async function setUpJobQueue(database: Database) {
  setDatabase(database);
  try {
    const boss = await bossForDatabase();
    await setUpQueue(boss);
    await boss.stop({ graceful: false, wait: true });
  } finally {
    setDatabase(undefined);
  }
}

async function postgresTemplates(base: string) {
  const templates: DatabaseTemplates = {
    migrated: `tt_template_${process.pid}_migrated`,
    seeded: `tt_template_${process.pid}_seeded`,
  };
  const remove = async () => {
    for (const name of [templates.seeded, templates.migrated]) {
      await onPostgresServer(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  };
  try {
    await onPostgresServer(base, `CREATE DATABASE "${templates.migrated}"`);
    await prepare({ kind: "postgres", url: databaseUrl(base, templates.migrated) }, "migrated");
    await onPostgresServer(base, `CREATE DATABASE "${templates.seeded}" TEMPLATE "${templates.migrated}"`);
    await prepare({ kind: "postgres", url: databaseUrl(base, templates.seeded) }, "seeded");
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates, remove };
}

async function pgliteTemplates() {
  const workDir = await mkdtemp(path.join(os.tmpdir(), "tt-templates-"));
  const templates: DatabaseTemplates = {
    migrated: path.join(workDir, "migrated"),
    seeded: path.join(workDir, "seeded"),
  };
  const remove = () => removeDirectory(workDir);
  try {
    await prepare({ kind: "pglite", dataDir: templates.migrated }, "migrated");
    await copyDirectory(templates.migrated, templates.seeded);
    await prepare({ kind: "pglite", dataDir: templates.seeded }, "seeded");
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates, remove };
}
