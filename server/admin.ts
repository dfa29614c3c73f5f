// The admin CLI.  npm run admin -- login-link <email>
// Adds the e-mail to the admin table if needed and prints a one-time login link (15 minutes, single use): made by the
// running server when one owns the database, else on the database itself (server/owner.ts).
import { z } from "zod";
import type { CliFile } from "../app/auth/cli-link.server";
import { loginLinkPath, loginLinkUrl } from "../app/auth/login-link";
import { env } from "../app/env.server";
import { postToServer, throughOwner } from "./owner";
import { Refusal } from "./refusal";

const USAGE = "usage: npm run admin -- login-link <email>";

/** Asks the running server for a link; printed on the origin its bridge file names. */
async function linkFromServer(file: CliFile, email: string): Promise<string> {
  const answer = await postToServer(file, "/admin/cli/login-link", { email }, 10_000);
  if (answer.status !== 200) throw new Refusal(`The running server refused: ${answer.status} ${answer.body}`);
  const { url } = JSON.parse(answer.body.toString("utf8")) as { url: string };
  const token = decodeURIComponent(new URL(url).pathname.slice(loginLinkPath("").length));
  return loginLinkUrl(file.origin, token);
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

export function loginLink(email: string): Promise<string> {
  return throughOwner({ viaServer: (file) => linkFromServer(file, email), directly: () => linkFromDatabase(email) });
}

function usage(message: string): never {
  console.error(message);
  process.exit(2);
}

export async function admin(args: readonly string[]) {
  const [command, email] = args;
  if (command !== "login-link" || !email) usage(USAGE);
  const parsed = z.string().trim().email().safeParse(email);
  if (!parsed.success) usage(`Not an e-mail address: ${email}\n${USAGE}`);
  const url = await loginLink(parsed.data);
  console.log(`One-time admin login link for ${parsed.data} (expires in 15 minutes, works once):\n${url}`);
}
