// The PostgreSQL server the tests run on when DATABASE_URL points at one (without it they use the embedded PGlite).
import pg from "pg";

/** The PostgreSQL server the tests use, or undefined for the embedded PGlite. */
export function postgresBaseUrl(): string | undefined {
  const base = process.env.DATABASE_URL;
  return base && /^postgres(ql)?:\/\//.test(base) ? base : undefined;
}

/** Runs one statement on the PostgreSQL server itself (CREATE and DROP DATABASE cannot run in a database's pool). */
export async function onPostgresServer(baseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The URL of another database on the same server. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
