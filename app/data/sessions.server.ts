// Queries of administrators' sessions (the AdminSession table). The cookie holds the session id; the table holds
// only its SHA-256, so reading the table does not give anyone a session.
import { createHash, randomBytes } from "node:crypto";
import { db } from "./db.server";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** lastUsedAt is written at most this often, so a signed-in page view is not a write each time. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export interface SessionAdmin {
  email: string;
  name: string | null;
  picture: string | null;
}

function hashId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** Starts a session and returns its id (for the cookie). Expired sessions are swept at the same time. */
export async function createAdminSession(admin: SessionAdmin, now = new Date()): Promise<string> {
  const prisma = await db();
  const id = randomBytes(32).toString("base64url");
  await prisma.$transaction([
    prisma.adminSession.deleteMany({ where: { expiresAt: { lte: now } } }),
    prisma.adminSession.create({
      data: { idHash: hashId(id), ...admin, createdAt: now, lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) },
    }),
  ]);
  return id;
}

/** The session's administrator, or null when the session is unknown, ended or expired. */
export async function readAdminSession(id: string, now = new Date()): Promise<SessionAdmin | null> {
  const prisma = await db();
  const row = await prisma.adminSession.findUnique({ where: { idHash: hashId(id) } });
  if (!row || row.expiresAt <= now) return null;
  if (now.getTime() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
    await prisma.adminSession.updateMany({ where: { idHash: row.idHash }, data: { lastUsedAt: now } });
  }
  return { email: row.email, name: row.name, picture: row.picture };
}

export async function deleteAdminSession(id: string): Promise<void> {
  const prisma = await db();
  await prisma.adminSession.deleteMany({ where: { idHash: hashId(id) } });
}

/** Ends every session of an e-mail ('sign out everywhere', or the e-mail left the allow-list). */
export async function deleteAdminSessionsOf(email: string): Promise<number> {
  const prisma = await db();
  const { count } = await prisma.adminSession.deleteMany({ where: { email } });
  return count;
}
