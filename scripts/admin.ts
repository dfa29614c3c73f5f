// The admin CLI.  npm run admin -- login-link <email>
// Adds the e-mail to the admin table if needed and prints a one-time login link (15 minutes, single use).
import { z } from "zod";
import { readCliFile } from "../app/auth/cli-link.server";
import { loginLinkUrl } from "../app/auth/login-link";

const USAGE = "usage: npm run admin -- login-link <email>";

/** Asks a running server for a link (required for the single-process embedded database). */
async function linkFromRunningServer(email: string): Promise<string | null> {
  const file = readCliFile();
  if (!file) return null;
  const origin = `http://127.0.0.1:${file.port}`;
  let response: Response;
  try {
    response = await fetch(`${origin}/admin/cli/login-link`, {
      method: "POST",
      headers: { Authorization: `Bearer ${file.secret}`, "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({ email }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return null; // a stale file from a server that is gone
  }
  if (!response.ok) throw new Error(`The running server refused: ${response.status} ${await response.text()}`);
  const { url } = (await response.json()) as { url: string };
  const publicUrl = process.env.PUBLIC_URL;
  return publicUrl
    ? loginLinkUrl(publicUrl, url.split("/admin/login/link/")[1]!)
    : url.replace("127.0.0.1", "localhost");
}

async function linkFromDatabase(email: string): Promise<string> {
  const { openDatabase, setDatabase } = await import("../app/data/db.server");
  const { addAdmin, createLoginToken } = await import("../app/data/admins.server");
  const database = await openDatabase();
  setDatabase(database);
  try {
    await addAdmin(email);
    const token = await createLoginToken(email);
    return loginLinkUrl(process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`, token);
  } finally {
    await database.close();
  }
}

export async function loginLink(email: string): Promise<string> {
  return (await linkFromRunningServer(email)) ?? (await linkFromDatabase(email));
}

async function main() {
  const [command, email] = process.argv.slice(2);
  if (command !== "login-link" || !email) {
    console.error(USAGE);
    process.exit(2);
  }
  const parsed = z.string().trim().email().safeParse(email);
  if (!parsed.success) {
    console.error(`Not an e-mail address: ${email}\n${USAGE}`);
    process.exit(2);
  }
  const url = await loginLink(parsed.data);
  console.log(`One-time admin login link for ${parsed.data} (expires in 15 minutes, works once):\n${url}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
