// Applies prisma/migrations/*/migration.sql in order and records them in Prisma's own _prisma_migrations
// table, so `prisma migrate status` agrees. It runs in-process, which an in-memory PGlite (tests) and a
// PGlite data directory (single-process) both need; `prisma migrate deploy` cannot reach either.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { env } from "~/env.server";

/** The two calls the migrator needs from a raw connection (PGlite and node-postgres both have them). */
export interface RawSql {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** Where the migrations are: MIGRATIONS_DIR, default prisma/migrations. */
export function migrationsDir(): string {
  return path.resolve(env().MIGRATIONS_DIR);
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export async function migrate(db: RawSql, dir = migrationsDir()): Promise<string[]> {
  await db.exec(CREATE_TABLE);
  const done = await db.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Set(done.rows.map((r) => r.migration_name));
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const ran: string[] = [];
  for (const name of names) {
    if (applied.has(name)) continue;
    const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
    const checksum = createHash("sha256").update(sql).digest("hex");
    // One transaction per migration: a failing migration leaves nothing half-applied.
    await db.exec("BEGIN");
    try {
      await db.exec(sql);
      await db.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
        [randomUUID(), checksum, name],
      );
      await db.exec("COMMIT");
    } catch (error) {
      await db.exec("ROLLBACK");
      throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
    }
    ran.push(name);
  }
  return ran;
}
