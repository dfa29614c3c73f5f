// Queries of the admin allow-list and the one-time login tokens.
import { createHash, randomBytes } from "node:crypto";
import { env } from "~/env.server";
import { db } from "./db.server";

export const LOGIN_TOKEN_TTL_MS = 15 * 60 * 1000;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function envAdminEmails(): string[] {
  return (env().ADMIN_EMAILS ?? "").split(",").map(normalizeEmail).filter(Boolean);
}

/** An e-mail may enter the admin panel when ADMIN_EMAILS or the admin table lists it. */
export async function isAllowedEmail(email: string): Promise<boolean> {
  const normalized = normalizeEmail(email);
  if (!normalized) return false;
  if (envAdminEmails().includes(normalized)) return true;
  const prisma = await db();
  return (await prisma.admin.count({ where: { email: normalized } })) > 0;
}

export async function addAdmin(email: string, name?: string) {
  const prisma = await db();
  const normalized = normalizeEmail(email);
  // INSERT … ON CONFLICT DO NOTHING: two first sign-ins of one e-mail at the same moment both succeed
  // (an upsert's read-then-insert lets the second fail on the unique e-mail).
  await prisma.admin.createMany({ data: [{ email: normalized, name }], skipDuplicates: true });
  return prisma.admin.findUniqueOrThrow({ where: { email: normalized } });
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Creates a single-use login token for an e-mail; only its hash is stored. */
export async function createLoginToken(email: string, now = new Date()): Promise<string> {
  const prisma = await db();
  const token = randomBytes(32).toString("base64url");
  await prisma.loginToken.create({
    data: { tokenHash: hashToken(token), email: normalizeEmail(email), expiresAt: new Date(now.getTime() + LOGIN_TOKEN_TTL_MS) },
  });
  return token;
}

/** Whether a token is unused and unexpired (does not use it up). */
export async function peekLoginToken(token: string, now = new Date()): Promise<string | null> {
  const prisma = await db();
  const row = await prisma.loginToken.findUnique({ where: { tokenHash: hashToken(token) } });
  return row && !row.usedAt && row.expiresAt > now ? row.email : null;
}

/** Uses a token up and returns its e-mail, or null when unknown, used or expired. One winner under races. */
export async function consumeLoginToken(token: string, now = new Date()): Promise<string | null> {
  const prisma = await db();
  const tokenHash = hashToken(token);
  const { count } = await prisma.loginToken.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (count !== 1) return null;
  const row = await prisma.loginToken.findUniqueOrThrow({ where: { tokenHash } });
  return row.email;
}
