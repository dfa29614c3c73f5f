// What db:backup and db:restore share: the backup files' names, and the PostgreSQL tools to use instead.
import { existsSync } from "node:fs";
import path from "node:path";

/** backups/2026-11-27T10-04-05Z.tar.gz: sortable, no ':' (which some file systems refuse), never an existing one. */
export function backupFileName(dir: string, extension = ".tar.gz", now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
  for (let n = 1; ; n++) {
    const file = path.join(dir, `${stamp}${n > 1 ? `-${n}` : ""}${extension}`);
    if (!existsSync(file)) return file;
  }
}

/** On PostgreSQL the project does not re-implement pg_dump: the commands to use instead. */
export function postgresBackupCommands(): string {
  const file = path.relative(process.cwd(), backupFileName(path.resolve("backups"), ".dump"));
  return [
    "This site runs on PostgreSQL: back it up and restore it with PostgreSQL's own tools, e.g.",
    `  mkdir -p backups && pg_dump --format=custom --file=${file} "$DATABASE_URL"`,
    `  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}`,
  ].join("\n");
}
