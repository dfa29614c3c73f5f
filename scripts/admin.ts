// The admin CLI.  npm run admin -- login-link <email>
// Adds the e-mail to the admin table if needed and prints a one-time login link (15 minutes, single use).
import http from "node:http";
import { z } from "zod";
import { readCliFile, type CliFile } from "../app/auth/cli-link.server";
import { loginLinkPath, loginLinkUrl } from "../app/auth/login-link";
import { env } from "../app/env.server";

const USAGE = "usage: npm run admin -- login-link <email>";

/**
 * Asks a running server for a link (required for the single-process embedded database): over loopback, but
 * addressed to the server's public host, the only one it answers for (fetch cannot set Host, node:http can).
 */
async function linkFromRunningServer(email: string): Promise<string | null> {
  const file = readCliFile();
  if (!file) return null;
  let answer: { status: number; body: string };
  try {
    answer = await postJson(file, "/admin/cli/login-link", { email });
  } catch {
    return null; // a stale file from a server that is gone
  }
  if (answer.status !== 200) throw new Error(`The running server refused: ${answer.status} ${answer.body}`);
  const { url } = JSON.parse(answer.body) as { url: string };
  const token = decodeURIComponent(new URL(url).pathname.slice(loginLinkPath("").length));
  return loginLinkUrl(file.origin, token);
}

function postJson(file: CliFile, path: string, payload: unknown): Promise<{ status: number; body: string }> {
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
        timeout: 10_000,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("The running server did not answer in 10 s")));
    request.on("error", reject);
    request.end(body);
  });
}

async function linkFromDatabase(email: string): Promise<string> {
  const { openDatabase, setDatabase } = await import("../app/data/db.server");
  const { addAdmin, createLoginToken } = await import("../app/data/admins.server");
  const database = await openDatabase();
  setDatabase(database);
  try {
    await addAdmin(email);
    const token = await createLoginToken(email);
    return loginLinkUrl(env().PUBLIC_URL ?? `http://localhost:${env().PORT}`, token);
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
